import type { Viewer } from '../../src/application/ports/viewer';
import { anonymous, firstPage, readerOf, withoutReadall, type ContractAdapters, type Fixtures, type TestUser } from './contract-adapters';

const ids = (page: { items: { id: number }[] }) => page.items.map((note) => note.id);

/** NoteViews: visibility for every kind of viewer, the view's shape, filters, order and paging. */
export function noteViewsContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  describe('NoteViews', () => {
    const views = () => adapters().noteViews;

    describe('visibility', () => {
      let author: TestUser;
      let recipient: TestUser;
      let stranger: TestUser;
      const notes = { public: 0, recipients: 0, self: 0, selfNamingRecipient: 0 };

      beforeAll(async () => {
        author = await fixtures.user();
        recipient = await fixtures.user();
        stranger = await fixtures.user();
        notes.public = await fixtures.note(author.id, { visibility: 'public' });
        notes.recipients = await fixtures.note(author.id, { visibility: 'recipients' }, [recipient.id]);
        notes.self = await fixtures.note(author.id, { visibility: 'self' });
        // Recipients count only for visibility `recipients`.
        notes.selfNamingRecipient = await fixtures.note(author.id, { visibility: 'self' }, [recipient.id]);
      });

      const cases: [string, () => Viewer, (keyof typeof notes)[]][] = [
        ['anonymous', () => anonymous, ['public']],
        ['the author with readall', () => readerOf(author.id), ['selfNamingRecipient', 'self', 'recipients', 'public']],
        ['the author without readall', () => withoutReadall(author.id), ['public']],
        ['a recipient with readall', () => readerOf(recipient.id), ['recipients', 'public']],
        ['a recipient without readall', () => withoutReadall(recipient.id), ['public']],
        ['a stranger with readall', () => readerOf(stranger.id), ['public']],
      ];

      it.each(cases)('%s gets exactly the notes they may read', async (_name, viewer, visible) => {
        for (const [kind, id] of Object.entries(notes) as [keyof typeof notes, number][]) {
          const view = await views().get(viewer(), id);
          if (visible.includes(kind)) expect(view).toMatchObject({ id, visibility: expect.any(String) });
          else expect(view).toBeNull();
        }
      });

      it.each(cases)('%s lists and counts exactly the notes they may read', async (_name, viewer, visible) => {
        const page = await views().list(viewer(), { authorId: author.id }, firstPage);
        expect(ids(page)).toEqual(visible.map((kind) => notes[kind]));
        expect(page.total).toBe(visible.length);
      });
    });

    it('shapes a note with its author, location, times, counts and no viewer flags', async () => {
      const author = await fixtures.user({ name: 'Author Name' });
      const reader = await fixtures.user();
      const now = fixtures.now();
      const id = await adapters().repositories.notes.create(
        author.id,
        fixtures.content({ title: 'Title', message: 'Body #one', tags: ['two'], city: 'Lyon', country: 'France', isoCountryCode: 'FR' }),
        [],
        now,
      );
      const expected = {
        id,
        author: {
          id: author.id, username: author.username, name: 'Author Name', description: null,
          avatarHash: 'd41d8cd98f00b204e9800998ecf8427e', hasAvatar: false,
        },
        title: 'Title',
        message: 'Body #one',
        visibility: 'public',
        location: {
          latitude: 52.52, longitude: 13.405, street: null, streetNumber: null, streetAddress: null, neighborhood: null,
          city: 'Lyon', state: null, postalCode: null, country: 'France', isoCountryCode: 'FR', zoomLevel: 15,
        },
        createdAt: now.getTime() / 1000,
        updatedAt: now.getTime() / 1000,
        publicViewsCount: 0,
        counts: { comments: 0, favoriters: 0, finders: 0, notemaps: 0, tags: 2 },
        viewer: { isFavorited: false, isFound: false },
        image: null,
      };
      await expect(views().get(anonymous, id)).resolves.toEqual(expected);
      await expect(views().get(readerOf(reader.id), id)).resolves.toEqual(expected);
      const page = await views().list(readerOf(reader.id), { authorId: author.id }, firstPage);
      expect(page).toEqual({ items: [expected], total: 1 });
    });

    it('shows updatedAt after an edit', async () => {
      const author = await fixtures.user();
      const id = await fixtures.note(author.id);
      const edited = fixtures.now();
      await adapters().repositories.notes.update(id, fixtures.content({ message: 'edited' }), null, edited);
      await expect(views().get(anonymous, id)).resolves.toMatchObject({ message: 'edited', updatedAt: edited.getTime() / 1000 });
    });

    it('returns null for a note that does not exist', async () => {
      await expect(views().get(anonymous, 2_000_000_000)).resolves.toBeNull();
    });

    it('filters by tag, alone and with an author, counting only readable notes', async () => {
      const [a, b, recipient] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const tag = fixtures.name('tag');
      const aPublic = await fixtures.note(a.id, { tags: [tag] });
      await fixtures.note(a.id, { tags: [fixtures.name('tag')] });
      const aPrivate = await fixtures.note(a.id, { message: `secret #${tag}`, visibility: 'recipients' }, [recipient.id]);
      const bPublic = await fixtures.note(b.id, { message: `from b #${tag}` });

      const forAnyone = await views().list(anonymous, { tag }, firstPage);
      expect(ids(forAnyone)).toEqual([bPublic, aPublic]);
      expect(forAnyone.total).toBe(2);
      const forRecipient = await views().list(readerOf(recipient.id), { tag }, firstPage);
      expect(ids(forRecipient)).toEqual([bPublic, aPrivate, aPublic]);
      expect(forRecipient.total).toBe(3);
      const byA = await views().list(readerOf(recipient.id), { tag, authorId: a.id }, firstPage);
      expect(ids(byA)).toEqual([aPrivate, aPublic]);
      expect(byA.total).toBe(2);
      await expect(views().list(anonymous, { tag: fixtures.name('unused') }, firstPage)).resolves.toEqual({ items: [], total: 0 });
    });

    it('pages newest first, with the total of the whole list on every page', async () => {
      const author = await fixtures.user();
      const made: number[] = [];
      for (let i = 0; i < 5; i++) made.push(await fixtures.note(author.id, { message: `note ${i}` }));
      const newestFirst = [...made].reverse();
      const page = (offset: number, limit: number) => views().list(anonymous, { authorId: author.id }, { offset, limit });

      expect(await page(0, 2)).toMatchObject({ total: 5, items: newestFirst.slice(0, 2).map((id) => ({ id })) });
      expect(await page(2, 2)).toMatchObject({ total: 5, items: newestFirst.slice(2, 4).map((id) => ({ id })) });
      expect(await page(4, 2)).toMatchObject({ total: 5, items: newestFirst.slice(4).map((id) => ({ id })) });
      await expect(page(10, 2)).resolves.toEqual({ items: [], total: 5 });
    });

    it('orders notes created at the same time by id, highest first', async () => {
      const author = await fixtures.user();
      const now = fixtures.now();
      const first = await adapters().repositories.notes.create(author.id, fixtures.content(), [], now);
      const second = await adapters().repositories.notes.create(author.id, fixtures.content(), [], now);
      expect(ids(await views().list(anonymous, { authorId: author.id }, firstPage))).toEqual([second, first]);
    });

    it('lists every readable note without a filter, newest first', async () => {
      const author = await fixtures.user();
      const before = (await views().list(anonymous, {}, { offset: 0, limit: 1 })).total;
      const older = await fixtures.note(author.id);
      await fixtures.note(author.id, { visibility: 'self' });
      const newer = await fixtures.note(author.id);
      const page = await views().list(anonymous, {}, { offset: 0, limit: 2 });
      expect(ids(page)).toEqual([newer, older]);
      expect(page.total).toBe(before + 2);
    });
  });
}

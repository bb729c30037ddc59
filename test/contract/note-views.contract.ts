import type { NoteFilter } from '../../src/application/ports/note-views';
import type { Viewer } from '../../src/application/ports/viewer';
import { parseNoteQuery, type RawNoteQuery } from '../../src/domain/note-query';
import { placeName } from '../../src/domain/place';
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
      const id = await fixtures.insert(
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
        hiddenAddressFields: [],
        createdAt: now.getTime() / 1000,
        updatedAt: now.getTime() / 1000,
        publicViewsCount: 0,
        counts: { comments: 0, favoriters: 0, finders: 0, notemaps: 0, tags: 2 },
        viewer: { isFavorited: false, isFound: false },
        image: null,
        place: { id: expect.any(Number), name: 'Lyon, France' },
      };
      await expect(views().get(anonymous, id)).resolves.toEqual(expected);
      await expect(views().get(readerOf(reader.id), id)).resolves.toEqual(expected);
      const page = await views().list(readerOf(reader.id), { authorId: author.id }, firstPage);
      expect(page).toEqual({ items: [expected], total: 1, last: { order: 'recent', lead: [], createdAtUs: now.getTime() * 1000, id } });
    });

    it('gives everyone but the author the cell centre and null for the address fields its precision hides', async () => {
      const author = await fixtures.user();
      const stranger = await fixtures.user();
      const address = {
        latitude: 38.697612, longitude: -9.203301, street: 'Rua de Belém', streetNumber: '84', streetAddress: '84 Rua de Belém',
        neighborhood: 'Belém', postalCode: '1300-085', city: 'Lisbon', state: 'Lisboa', country: 'Portugal', isoCountryCode: 'PT',
      };
      const hidden = {
        exact: [], street: ['streetAddress', 'streetNumber'], neighborhood: ['postalCode', 'street', 'streetAddress', 'streetNumber'],
        city: ['neighborhood', 'postalCode', 'street', 'streetAddress', 'streetNumber'],
      } as const;
      for (const precision of ['exact', 'street', 'neighborhood', 'city'] as const) {
        const id = await fixtures.note(author.id, { ...address, locationPrecision: precision });
        for (const viewer of [anonymous, readerOf(stranger.id)]) {
          const [read, listed] = [await views().get(viewer, id), (await views().list(viewer, { ids: [id] }, firstPage)).items[0]];
          for (const view of [read, listed]) {
            expect([...(view?.hiddenAddressFields ?? ['missing'])].sort()).toEqual(hidden[precision]);
            for (const field of ['street', 'streetNumber', 'streetAddress', 'neighborhood', 'postalCode', 'city', 'state', 'country'] as const) {
              expect({ precision, field, value: view?.location[field] })
                .toEqual({ precision, field, value: (hidden[precision] as readonly string[]).includes(field) ? null : address[field] });
            }
          }
        }
        const own = await views().get(readerOf(author.id), id);
        expect(own).toMatchObject({ location: { ...address }, hiddenAddressFields: [], locationPrecision: precision });
      }
    });

    describe('the place of a note', () => {
      /** The place whose name holds a unique word, as PlaceViews finds it for the viewer: its id and the name it shows. */
      const placeAt = async (word: string, viewer: Viewer = anonymous) => {
        const place = (await adapters().placeViews.list(viewer, { words: [word.toLowerCase()] }, firstPage)).items[0];
        if (place === undefined) throw new Error(`no place for ${word}`);
        return { id: place.id, name: placeName(place) };
      };

      it('is the place its city, state and country name, with the name the place itself shows, in reads and in every kind of list', async () => {
        const [author, recipient] = [await fixtures.user(), await fixtures.user()];
        const city = fixtures.name('Lisbon');
        const first = await fixtures.note(author.id, { city, country: 'Portugal', latitude: 38.7, longitude: -9.1 });
        // Another spelling of the same place: the place keeps the parts it was first written with.
        const second = await fixtures.note(author.id, { city: city.toUpperCase(), country: 'PORTUGAL', latitude: 38.71, longitude: -9.1 });
        const hidden = await fixtures.note(author.id, { city, country: 'Portugal', visibility: 'recipients' }, [recipient.id]);
        const place = await placeAt(city);
        expect(place.name).toBe(`${city}, Portugal`);

        for (const id of [first, second]) await expect(views().get(anonymous, id)).resolves.toMatchObject({ id, place });
        await expect(views().get(readerOf(recipient.id), hidden)).resolves.toMatchObject({ place });
        const places = (page: { items: { id: number; place: unknown }[] }) => page.items.map((note) => [note.id, note.place]);
        // A filtered list, the list of the place, a list in a computed order, and the whole list (statements of their own).
        expect(places(await views().list(readerOf(recipient.id), { authorId: author.id }, firstPage)))
          .toEqual([[hidden, place], [second, place], [first, place]]);
        expect(places(await views().list(anonymous, { placeId: place.id }, firstPage))).toEqual([[second, place], [first, place]]);
        const near = await views().list(anonymous, { authorId: author.id, query: parseNoteQuery({ near: '38.7,-9.1', radius: 5000 }) }, firstPage);
        expect(places(near)).toEqual([[first, place], [second, place]]);
        expect(places(await views().list(anonymous, {}, { offset: 0, limit: 1 }))).toEqual([[second, place]]);
        expect(places(await views().list(anonymous, {}, { offset: 1, limit: 1 }))).toEqual([[first, place]]);
      });

      it('is null when the note names no city, state or country; a state alone names a place', async () => {
        const author = await fixtures.user();
        const none = await fixtures.note(author.id, { streetAddress: 'Rua Augusta 1', postalCode: '1100-048', city: '  ' });
        await expect(views().get(anonymous, none)).resolves.toMatchObject({ id: none, place: null });
        expect((await views().list(anonymous, { authorId: author.id }, firstPage)).items.map((note) => note.place)).toEqual([null]);
        const state = fixtures.name('Alentejo');
        const inState = await fixtures.note(author.id, { state });
        await expect(views().get(anonymous, inState)).resolves.toMatchObject({ place: await placeAt(state) });
      });

      it('follows the note when an edit moves it to another place, or to none', async () => {
        const author = await fixtures.user();
        const [porto, braga] = [fixtures.name('Porto'), fixtures.name('Braga')];
        await fixtures.note(author.id, { city: braga, country: 'Portugal' });
        const id = await fixtures.note(author.id, { city: porto, country: 'Portugal' });
        await expect(views().get(anonymous, id)).resolves.toMatchObject({ place: await placeAt(porto) });
        await adapters().repositories.notes.update(id, fixtures.content({ city: braga, country: 'Portugal' }), null, fixtures.now());
        await expect(views().get(anonymous, id)).resolves.toMatchObject({ place: await placeAt(braga) });
        await adapters().repositories.notes.update(id, fixtures.content({ city: null }), null, fixtures.now());
        await expect(views().get(anonymous, id)).resolves.toMatchObject({ place: null });
      });
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

    it('gives each viewer of a note its own flags and visibility, read after read', async () => {
      const [author, fan, other] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const open = await fixtures.note(author.id, { visibility: 'public' });
      const own = await fixtures.note(author.id, { visibility: 'self' });
      await adapters().repositories.favorites.add(open, fan.id, fixtures.now());
      // Alternate viewers of every kind, twice: nothing of one read may carry over to the next.
      for (let round = 0; round < 2; round += 1) {
        await expect(views().get(withoutReadall(fan.id), open)).resolves.toMatchObject({ id: open, viewer: { isFavorited: true } });
        await expect(views().get(readerOf(other.id), open)).resolves.toMatchObject({ id: open, viewer: { isFavorited: false } });
        await expect(views().get(anonymous, open)).resolves.toMatchObject({ id: open, viewer: { isFavorited: false, isFound: false } });
        await expect(views().get(readerOf(fan.id), open)).resolves.toMatchObject({ viewer: { isFavorited: true } });
        await expect(views().get(readerOf(author.id), own)).resolves.toMatchObject({ id: own });
        await expect(views().get(readerOf(other.id), own)).resolves.toBeNull();
        await expect(views().get(withoutReadall(author.id), own)).resolves.toBeNull();
      }
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

    it('lists items alone (listItems) exactly as list does, for every viewer, filter, order and page', async () => {
      const [a, recipient] = [await fixtures.user(), await fixtures.user()];
      const tag = fixtures.name('tag');
      const made = [
        await fixtures.note(a.id, { tags: [tag], latitude: 10, longitude: 10 }),
        await fixtures.note(a.id, { message: `secret #${tag}`, visibility: 'recipients', latitude: 10.01, longitude: 10 }, [recipient.id]),
        await fixtures.note(a.id, { visibility: 'self', latitude: 10.02, longitude: 10 }),
        await fixtures.note(a.id, { tags: [tag], latitude: 10.03, longitude: 10 }),
      ];
      const filters: NoteFilter[] = [
        { authorId: a.id },
        { tag },
        { ids: [made[3]!, made[1]!, made[0]!, -1] },
        { authorId: a.id, query: parseNoteQuery({ near: '10,10', radius: 50_000 }) },
      ];
      for (const viewer of [anonymous, readerOf(a.id), readerOf(recipient.id)]) {
        for (const filter of filters) {
          for (const page of [firstPage, { offset: 1, limit: 2 }]) {
            const listed = await views().list(viewer, filter, page);
            expect(await views().listItems(viewer, filter, page)).toEqual(listed.items);
          }
        }
      }
    });

    it('orders notes created at the same time by id, highest first', async () => {
      const author = await fixtures.user();
      const now = fixtures.now();
      const first = await fixtures.insert(author.id, fixtures.content(), [], now);
      const second = await fixtures.insert(author.id, fixtures.content(), [], now);
      expect(ids(await views().list(anonymous, { authorId: author.id }, firstPage))).toEqual([second, first]);
    });

    describe('keyset paging (a cursor: the position of the last item)', () => {
      let author: TestUser;
      const made: number[] = [];

      beforeAll(async () => {
        author = await fixtures.user();
        const fans = [await fixtures.user(), await fixtures.user()];
        // Ties everywhere: three notes created at one instant, two at another; equal distances, ranks and favoriters.
        const times = [fixtures.now(), fixtures.now(), fixtures.now(), fixtures.now()];
        const specs: [number, string, number, number, number][] = [
          // time, message, latitude, longitude, fans
          [0, 'run run far', 52.53, 13.41, 0],
          [0, 'run', 52.52, 13.405, 2],
          [0, 'run here', 52.521, 13.405, 1],
          [1, 'run run', 52.53, 13.41, 0],
          [1, 'run', 52.52, 13.405, 2],
          [2, 'run run run', 52.5, 13.4, 0],
          [3, 'run away', 52.525, 13.4, 1],
          [3, 'run', 52.52, 13.405, 0],
        ];
        for (const [time, message, latitude, longitude, fanCount] of specs) {
          const id = await fixtures.insert(author.id, fixtures.content({ message, latitude, longitude }), [], times[time] ?? new Date());
          for (const fan of fans.slice(0, fanCount)) await adapters().repositories.favorites.add(id, fan.id, fixtures.now());
          made.push(id);
        }
        await fixtures.insert(author.id, fixtures.content({ message: 'run', visibility: 'self' }), [], times[1] ?? new Date());
      });

      async function walkByOffset(filter: NoteFilter, limit: number): Promise<number[]> {
        const seen: number[] = [];
        for (let offset = 0; ; offset += limit) {
          const page = await views().list(anonymous, filter, { offset, limit });
          if (page.items.length === 0) return seen;
          seen.push(...ids(page));
        }
      }

      async function walkByCursor(filter: NoteFilter, limit: number): Promise<number[]> {
        const seen: number[] = [];
        let page = await views().list(anonymous, filter, { offset: 0, limit });
        for (;;) {
          expect(page.total).toBe(made.length);
          seen.push(...ids(page));
          if (page.last === undefined) return seen;
          // `offset` is ignored once a cursor says where the page starts.
          page = await views().list(anonymous, { ...filter, query: { ...(filter.query ?? { order: 'recent' }), after: page.last } }, { offset: 5, limit });
        }
      }

      it.each<[string, RawNoteQuery]>([
        ['recent', {}],
        ['popular', { sort: 'popular' }],
        ['nearest', { near: '52.52,13.405', radius: 5000 }],
        ['relevance', { q: 'run' }],
        ['popular with text', { q: 'run', sort: 'popular' }],
        ['recent inside a box', { bbox: '13,52,14,53', sort: 'recent' }],
      ])('walks %s by cursor through exactly the sequence offsets give', async (_name, raw) => {
        const filter: NoteFilter = { authorId: author.id, query: parseNoteQuery(raw) };
        const all = ids(await views().list(anonymous, filter, { offset: 0, limit: 100 }));
        expect([...all].sort((a, b) => a - b)).toEqual([...made].sort((a, b) => a - b));
        for (const limit of [1, 2, 3]) {
          expect(await walkByOffset(filter, limit)).toEqual(all);
          expect(await walkByCursor(filter, limit)).toEqual(all);
        }
      });

      it('orders ties in the creation time by id, highest first, on both walks', async () => {
        const filter: NoteFilter = { authorId: author.id };
        const expected = [made[7], made[6], made[5], made[4], made[3], made[2], made[1], made[0]];
        expect(await walkByCursor(filter, 2)).toEqual(expected);
        expect(await walkByOffset(filter, 2)).toEqual(expected);
      });

      // The whole list is read by statements compiled once per shape and run with each request's values.
      it.each<[string, RawNoteQuery]>([['recent', {}], ['popular', { sort: 'popular' }]])(
        'walks the whole list (%s) by cursor through exactly the sequence offsets give, for each viewer', async (_name, raw) => {
          const filter: NoteFilter = { query: parseNoteQuery(raw) };
          for (const viewer of [anonymous, readerOf(author.id), withoutReadall(author.id)]) {
            const byOffset: number[] = [];
            const { total } = await views().list(viewer, filter, { offset: 0, limit: 1 });
            for (let offset = 0; ; offset += 4) {
              const page = await views().list(viewer, filter, { offset, limit: 4 });
              expect(page.total).toBe(total);
              if (page.items.length === 0) break;
              byOffset.push(...ids(page));
            }
            expect(byOffset).toHaveLength(total);
            expect(byOffset).toEqual(expect.arrayContaining(made));
            const byCursor: number[] = [];
            let page = await views().list(viewer, filter, { offset: 0, limit: 3 });
            for (;;) {
              expect(page.total).toBe(total);
              byCursor.push(...ids(page));
              if (page.last === undefined) break;
              page = await views().list(viewer, { query: { ...(filter.query ?? { order: 'recent' }), after: page.last } }, { offset: 3, limit: 3 });
            }
            expect(byCursor).toEqual(byOffset);
          }
        });

      it('gives an empty page and no position after the last item', async () => {
        const filter: NoteFilter = { authorId: author.id };
        const whole = await views().list(anonymous, filter, { offset: 0, limit: 100 });
        expect(whole.last).toMatchObject({ order: 'recent', id: made[0] });
        const after = whole.last;
        if (after === undefined) throw new Error('a page of notes has a last position');
        await expect(views().list(anonymous, { query: { order: 'recent', after }, authorId: author.id }, { offset: 0, limit: 5 }))
          .resolves.toEqual({ items: [], total: made.length });
      });
    });

    describe('the total of the whole list (read from counters kept with the writes)', () => {
      // The same list counted row by row: `since: 0` holds every note but is no whole list.
      const counted = (viewer: Viewer) => views().list(viewer, { query: { order: 'recent', since: 0 } }, { offset: 0, limit: 1 });
      const total = async (viewer: Viewer) => {
        const whole = (await views().list(viewer, {}, { offset: 0, limit: 1 })).total;
        expect(whole).toBe((await counted(viewer)).total);
        return whole;
      };

      it('stays exact through create, visibility changes, recipients and delete, for every viewer', async () => {
        const [author, recipient, stranger] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
        const notes = adapters().repositories.notes;
        const viewers = [anonymous, readerOf(author.id), readerOf(recipient.id), readerOf(stranger.id), withoutReadall(author.id)];
        const before = await Promise.all(viewers.map(total));
        const expectDeltas = async (deltas: number[]) => {
          for (const [index, viewer] of viewers.entries()) expect(await total(viewer)).toBe((before[index] ?? 0) + (deltas[index] ?? 0));
        };

        const open = await fixtures.note(author.id);
        await expectDeltas([1, 1, 1, 1, 1]);
        const own = await fixtures.note(author.id, { visibility: 'self' });
        await expectDeltas([1, 2, 1, 1, 1]);
        const sent = await fixtures.note(author.id, { visibility: 'recipients' }, [recipient.id]);
        await expectDeltas([1, 3, 2, 1, 1]);
        await notes.update(open, fixtures.content({ visibility: 'self' }), null, fixtures.now());
        await expectDeltas([0, 3, 1, 0, 0]);
        await notes.update(own, fixtures.content({ visibility: 'public' }), null, fixtures.now());
        await expectDeltas([1, 3, 2, 1, 1]);
        await notes.update(own, fixtures.content({ message: 'still public' }), null, fixtures.now());
        await expectDeltas([1, 3, 2, 1, 1]);
        await notes.update(sent, fixtures.content({ visibility: 'public' }), [recipient.id], fixtures.now());
        await expectDeltas([2, 3, 2, 2, 2]);
        await notes.delete(own);
        await expectDeltas([1, 2, 1, 1, 1]);
        await notes.delete(sent);
        await notes.delete(open);
        await expectDeltas([0, 0, 0, 0, 0]);
      });
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

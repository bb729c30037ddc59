import type { ExportCursor } from '../../src/application/ports/account-export';
import { anonymous, type ContractAdapters, type Fixtures } from './contract-adapters';

/** AccountExportViews: a user's own data in newest-first pages that a cursor continues, and nobody else's. */
export function accountExportContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  describe('AccountExportViews', () => {
    const views = () => adapters().accountExport;
    const repos = () => adapters().repositories;

    /** Every item, reading pages of `limit` the way the export does. */
    async function all<T extends { id: number; createdAt: Date }>(read: (after: ExportCursor | null, limit: number) => Promise<T[]>, limit: number): Promise<T[]> {
      const items: T[] = [];
      let after: ExportCursor | null = null;
      for (;;) {
        const page = await read(after, limit);
        expect(page.length).toBeLessThanOrEqual(limit);
        items.push(...page);
        const last = page.at(-1);
        if (last === undefined || page.length < limit) return items;
        after = { at: last.createdAt, id: last.id };
      }
    }

    it('gives the profile with the e-mail and the avatar key, and nothing for an unknown user', async () => {
      const user = await fixtures.user({ name: 'Export Me' });
      await repos().users.setAvatar(user.id, 'avatar-key-1');
      await expect(views().profile(user.id)).resolves.toEqual({
        id: user.id, username: user.username, email: user.email, name: 'Export Me', description: null, blogUrl: null,
        hometown: null, twitter: null, createdAt: expect.any(Date), avatarKey: 'avatar-key-1',
      });
      await expect(views().profile(2_000_000_000)).resolves.toBeNull();
    });

    it('pages every note of the user, of every visibility, newest first, at the exact position', async () => {
      const [author, other, friend] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const tag = fixtures.name('tag');
      const ids = [
        await fixtures.note(author.id, { message: 'one', tags: [tag, 'second'], latitude: 48.858, longitude: 2.2945, locationPrecision: 'city', street: 'Quai' }),
        await fixtures.note(author.id, { message: 'two', visibility: 'self' }),
        await fixtures.note(author.id, { message: 'three', visibility: 'recipients' }, [friend.id]),
        await fixtures.note(author.id, { message: 'four' }),
        await fixtures.note(author.id, { message: 'five' }),
      ];
      await fixtures.note(other.id, { message: 'not theirs' });
      await repos().notes.setImage(ids[3]!, { key: 'export-image-4', width: 3, height: 2 });

      const notes = await all((after, limit) => views().notes(author.id, after, limit), 2);
      expect(notes.map((n) => n.id)).toEqual([...ids].reverse());
      const first = notes.find((n) => n.id === ids[0])!;
      expect(first).toMatchObject({
        message: 'one', visibility: 'public', locationPrecision: 'city', tags: [tag, 'second'], recipients: [], image: null,
        location: { latitude: 48.858, longitude: 2.2945, street: 'Quai' },
      });
      expect(notes.find((n) => n.id === ids[2])!.recipients).toEqual([friend.username]);
      expect(notes.find((n) => n.id === ids[3])!.image).toEqual({ key: 'export-image-4', width: 3, height: 2 });

      const images = await all((after, limit) => views().noteImages(author.id, after, limit), 1);
      expect(images).toEqual([{ id: ids[3], key: 'export-image-4', createdAt: expect.any(Date) }]);
    });

    it('pages the comments and notemaps the user wrote, notemaps with their notes in the order added', async () => {
      const [user, other] = [await fixtures.user(), await fixtures.user()];
      const note = await fixtures.note(other.id);
      const mine = await fixtures.note(user.id);
      const comments = [];
      for (const text of ['a', 'b', 'c']) comments.push(await repos().comments.create(note, user.id, { title: null, comment: text }, fixtures.now()));
      await repos().comments.create(note, other.id, { title: null, comment: 'not theirs' }, fixtures.now());
      const read = await all((after, limit) => views().comments(user.id, after, limit), 2);
      expect(read.map((c) => [c.id, c.comment, c.noteId])).toEqual([[comments[2], 'c', note], [comments[1], 'b', note], [comments[0], 'a', note]]);

      const map = await repos().notemaps.create(user.id, { name: 'Mine', description: 'd' }, fixtures.now());
      await repos().notemaps.create(other.id, { name: 'Theirs', description: null }, fixtures.now());
      await repos().notemaps.addNote(map, mine, fixtures.now());
      await repos().notemaps.addNote(map, note, fixtures.now());
      await expect(all((after, limit) => views().notemaps(user.id, after, limit), 5)).resolves.toEqual([
        { id: map, name: 'Mine', description: 'd', noteIds: [mine, note], createdAt: expect.any(Date), updatedAt: expect.any(Date) },
      ]);
    });

    it('pages each kind of relation the user made, with what names its target', async () => {
      const [user, friend, other] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const city = fixtures.name('city');
      const notes = [await fixtures.note(friend.id, { city, country: 'Chile' }), await fixtures.note(friend.id), await fixtures.note(friend.id)];
      for (const note of notes) await repos().favorites.add(note, user.id, fixtures.now());
      await repos().favorites.add(notes[0]!, other.id, fixtures.now());
      await repos().finds.add(notes[1]!, user.id, fixtures.now());
      const comment = (await repos().comments.create(notes[0]!, friend.id, { title: null, comment: 'x' }, fixtures.now()))!;
      await repos().comments.favorite(comment, user.id, fixtures.now());
      await repos().follows.followUser(user.id, friend.id, fixtures.now());
      await repos().follows.followUser(other.id, user.id, fixtures.now());
      const map = await repos().notemaps.create(friend.id, { name: 'Friends', description: null }, fixtures.now());
      await repos().notemaps.follow(map, user.id, fixtures.now());
      const place = (await adapters().noteViews.get(anonymous, notes[0]!))!.place!.id;
      await repos().follows.followPlace(user.id, place, fixtures.now());

      const of = (kind: Parameters<ContractAdapters['accountExport']['relations']>[1]) => all((after, limit) => views().relations(user.id, kind, after, limit), 2);
      expect((await of('favoriteNotes')).map((r) => [r.id, r.about])).toEqual([[notes[2], {}], [notes[1], {}], [notes[0], {}]]);
      expect((await of('finds')).map((r) => r.id)).toEqual([notes[1]]);
      expect((await of('favoriteComments')).map((r) => r.id)).toEqual([comment]);
      expect((await of('followedUsers')).map((r) => [r.id, r.about])).toEqual([[friend.id, { username: friend.username }]]);
      expect((await of('followedNotemaps')).map((r) => [r.id, r.about])).toEqual([[map, { name: 'Friends' }]]);
      expect((await of('followedPlaces')).map((r) => [r.id, r.about])).toEqual([[place, { city, state: null, country: 'Chile' }]]);
      expect((await of('favoriteNotes'))[0]!.createdAt).toEqual(expect.any(Date));
    });
  });
}

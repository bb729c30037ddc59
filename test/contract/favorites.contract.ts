import type { Viewer } from '../../src/application/ports/viewer';
import { DomainError } from '../../src/domain/domain-error';
import { anonymous, firstPage, readerOf, withoutReadall, type ContractAdapters, type Fixtures } from './contract-adapters';

/** FavoriteRepository, FindRepository and NoteUserListViews: note marks, their counters, and the lists of users. */
export function favoritesContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  const noteCounts = async (noteId: number) => (await adapters().noteViews.get(anonymous, noteId))?.counts;

  describe('FavoriteRepository and FindRepository', () => {
    it('adds a favorite once: true the first time, false on a repeat, and the note counts it once', async () => {
      const [author, fan] = [await fixtures.user(), await fixtures.user()];
      const note = await fixtures.note(author.id);
      const { favorites } = adapters().repositories;

      await expect(favorites.add(note, fan.id, fixtures.now())).resolves.toBe(true);
      await expect(favorites.add(note, fan.id, fixtures.now())).resolves.toBe(false);

      await expect(noteCounts(note)).resolves.toMatchObject({ favoriters: 1, finders: 0 });
      const page = await adapters().noteUserLists.favoritersOf(anonymous, note, firstPage);
      expect(page).toEqual({ total: 1, items: [expect.objectContaining({ id: fan.id })] });
      await expect(adapters().noteViews.get(withoutReadall(fan.id), note)).resolves.toMatchObject({ viewer: { isFavorited: true, isFound: false } });
    });

    it('removes a favorite: true once, then false, and the count follows', async () => {
      const [author, a, b] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const note = await fixtures.note(author.id);
      const { favorites } = adapters().repositories;
      await favorites.add(note, a.id, fixtures.now());
      await favorites.add(note, b.id, fixtures.now());

      await expect(favorites.remove(note, a.id)).resolves.toBe(true);
      await expect(favorites.remove(note, a.id)).resolves.toBe(false);
      await expect(favorites.remove(note, author.id)).resolves.toBe(false);

      await expect(noteCounts(note)).resolves.toMatchObject({ favoriters: 1 });
      const page = await adapters().noteUserLists.favoritersOf(anonymous, note, firstPage);
      expect(page.items.map((u) => u.id)).toEqual([b.id]);
      expect(page.total).toBe(1);
    });

    it('keeps finds apart from favorites, with the same rules', async () => {
      const [author, finder] = [await fixtures.user(), await fixtures.user()];
      const note = await fixtures.note(author.id);
      const { finds } = adapters().repositories;

      await expect(finds.add(note, finder.id, fixtures.now())).resolves.toBe(true);
      await expect(finds.add(note, finder.id, fixtures.now())).resolves.toBe(false);
      await expect(noteCounts(note)).resolves.toMatchObject({ favoriters: 0, finders: 1 });
      await expect(adapters().noteUserLists.findersOf(anonymous, note, firstPage)).resolves.toMatchObject({ total: 1 });
      await expect(adapters().noteUserLists.favoritersOf(anonymous, note, firstPage)).resolves.toEqual({ items: [], total: 0 });
      await expect(adapters().noteViews.get(withoutReadall(finder.id), note)).resolves.toMatchObject({ viewer: { isFavorited: false, isFound: true } });

      await expect(finds.remove(note, finder.id)).resolves.toBe(true);
      await expect(finds.remove(note, finder.id)).resolves.toBe(false);
      await expect(noteCounts(note)).resolves.toMatchObject({ finders: 0 });
    });

    it('refuses a mark on a note that does not exist as not_found', async () => {
      const user = await fixtures.user();
      const missing = 2_000_000_000;
      await expect(adapters().repositories.favorites.add(missing, user.id, fixtures.now())).rejects.toMatchObject({ kind: 'not_found' });
      await expect(adapters().repositories.finds.add(missing, user.id, fixtures.now())).rejects.toBeInstanceOf(DomainError);
      await expect(adapters().repositories.favorites.remove(missing, user.id)).resolves.toBe(false);
    });

    it('rolls a mark and its count back with the unit of work', async () => {
      const [author, fan] = [await fixtures.user(), await fixtures.user()];
      const note = await fixtures.note(author.id);
      await expect(adapters().uow.run(async ({ favorites, finds }) => {
        await favorites.add(note, fan.id, fixtures.now());
        await finds.add(note, fan.id, fixtures.now());
        throw new Error('changed my mind');
      })).rejects.toThrow('changed my mind');

      await expect(noteCounts(note)).resolves.toMatchObject({ favoriters: 0, finders: 0 });
      await expect(adapters().noteUserLists.favoritersOf(anonymous, note, firstPage)).resolves.toEqual({ items: [], total: 0 });
    });

    it('counts every one of many concurrent favorites and unfavorites', async () => {
      const author = await fixtures.user();
      const note = await fixtures.note(author.id);
      const fans = await Promise.all(Array.from({ length: 12 }, () => fixtures.user()));
      const now = fixtures.now();
      await Promise.all(fans.map((fan) => adapters().uow.run(({ favorites }) => favorites.add(note, fan.id, now))));
      await Promise.all(fans.flatMap((fan, i) => [
        adapters().uow.run(({ favorites }) => (i % 2 === 0 ? favorites.remove(note, fan.id) : favorites.add(note, fan.id, now))),
        adapters().uow.run(({ finds }) => finds.add(note, fan.id, now)),
      ]));

      await expect(noteCounts(note)).resolves.toMatchObject({ favoriters: 6, finders: 12 });
      await expect(adapters().noteUserLists.favoritersOf(anonymous, note, { offset: 0, limit: 100 })).resolves.toMatchObject({ total: 6 });
    });
  });

  describe('NoteUserListViews', () => {
    it('lists users newest mark first (then the higher user id), as summaries with descriptions, paged', async () => {
      const author = await fixtures.user();
      const [a, b, c, d] = [await fixtures.user({ name: 'Ann' }), await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const note = await fixtures.note(author.id);
      const { favorites } = adapters().repositories;
      await favorites.add(note, a.id, fixtures.now());
      await favorites.add(note, d.id, fixtures.now());
      const sameTime = fixtures.now();
      await favorites.add(note, b.id, sameTime);
      await favorites.add(note, c.id, sameTime);

      const all = await adapters().noteUserLists.favoritersOf(anonymous, note, firstPage);
      expect(all.total).toBe(4);
      expect(all.items.map((u) => u.id)).toEqual([c.id, b.id, d.id, a.id]);
      expect(all.items[3]).toEqual({
        id: a.id, username: a.username, name: 'Ann', description: null, avatarHash: 'd41d8cd98f00b204e9800998ecf8427e', hasAvatar: false,
      });
      const second = await adapters().noteUserLists.favoritersOf(anonymous, note, { offset: 1, limit: 2 });
      expect(second).toEqual({ total: 4, items: [expect.objectContaining({ id: b.id }), expect.objectContaining({ id: d.id })] });
    });

    it('shows nothing of a note the viewer may not read, and everything to one who may', async () => {
      const [author, recipient, stranger] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const note = await fixtures.note(author.id, { visibility: 'recipients' }, [recipient.id]);
      await adapters().repositories.favorites.add(note, recipient.id, fixtures.now());
      await adapters().repositories.finds.add(note, recipient.id, fixtures.now());
      const empty = { items: [], total: 0 };

      for (const viewer of [anonymous, readerOf(stranger.id), withoutReadall(recipient.id)]) {
        await expect(adapters().noteUserLists.favoritersOf(viewer, note, firstPage)).resolves.toEqual(empty);
        await expect(adapters().noteUserLists.findersOf(viewer, note, firstPage)).resolves.toEqual(empty);
      }
      for (const viewer of [readerOf(author.id), readerOf(recipient.id)]) {
        await expect(adapters().noteUserLists.favoritersOf(viewer, note, firstPage)).resolves.toMatchObject({ total: 1 });
        await expect(adapters().noteUserLists.findersOf(viewer, note, firstPage)).resolves.toMatchObject({ total: 1 });
      }
      await expect(adapters().noteUserLists.favoritersOf(readerOf(author.id), 2_000_000_000, firstPage)).resolves.toEqual(empty);
    });
  });

  describe('a user\'s favorites', () => {
    it('UserViews counts exactly the favorites NoteViews lists, for every viewer', async () => {
      const [fan, author, recipient] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const notes = [
        await fixtures.note(author.id),
        await fixtures.note(author.id, { visibility: 'recipients' }, [recipient.id]),
        await fixtures.note(author.id, { visibility: 'self' }),
        await fixtures.note(fan.id, { visibility: 'self' }),
      ];
      await fixtures.note(author.id);
      for (const note of notes) await adapters().repositories.favorites.add(note, fan.id, fixtures.now());

      const expected: [Viewer, number][] = [
        [anonymous, 1], [readerOf(fan.id), 2], [withoutReadall(fan.id), 1],
        [readerOf(author.id), 3], [readerOf(recipient.id), 2],
      ];
      for (const [viewer, count] of expected) {
        const listed = await adapters().noteViews.list(viewer, { favoritedBy: fan.id }, firstPage);
        expect(listed.total).toBe(count);
        expect(listed.items).toHaveLength(count);
        await expect(adapters().userViews.get(viewer, fan.id)).resolves.toMatchObject({ counts: { favorites: count } });
      }
    });

    it('deleting a note takes its favorites and finds with it', async () => {
      const [author, fan] = [await fixtures.user(), await fixtures.user()];
      const note = await fixtures.note(author.id);
      await adapters().repositories.favorites.add(note, fan.id, fixtures.now());
      await adapters().repositories.finds.add(note, fan.id, fixtures.now());

      await adapters().repositories.notes.delete(note);

      await expect(adapters().noteViews.list(anonymous, { favoritedBy: fan.id }, firstPage)).resolves.toEqual({ items: [], total: 0 });
      await expect(adapters().userViews.get(anonymous, fan.id)).resolves.toMatchObject({ counts: { favorites: 0 } });
      await expect(adapters().repositories.favorites.remove(note, fan.id)).resolves.toBe(false);
      await expect(adapters().repositories.finds.remove(note, fan.id)).resolves.toBe(false);
    });
  });
}

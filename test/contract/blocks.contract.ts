import { anonymous, firstPage, readerOf, withoutReadall, type ContractAdapters, type Fixtures } from './contract-adapters';

const ids = (page: { items: { id: number }[] }) => page.items.map((item) => item.id);

/** BlockRepository and BlockViews, and the block as the read models apply it (the one rule of who sees what). */
export function blocksContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  const blocks = () => adapters().repositories.blocks;
  const views = () => adapters().blockViews;

  describe('BlockRepository', () => {
    it('blocks once: true the first time, false on a repeat; unblocks: true, then false', async () => {
      const [a, b] = [await fixtures.user(), await fixtures.user()];
      await expect(blocks().block(a.id, b.id, fixtures.now())).resolves.toBe(true);
      await expect(blocks().block(a.id, b.id, fixtures.now())).resolves.toBe(false);
      await expect(views().blockedBy(a.id, firstPage)).resolves.toMatchObject({ total: 1, items: [{ id: b.id }] });
      await expect(blocks().unblock(b.id, a.id)).resolves.toBe(false);
      await expect(blocks().unblock(a.id, b.id)).resolves.toBe(true);
      await expect(blocks().unblock(a.id, b.id)).resolves.toBe(false);
      await expect(views().blockedBy(a.id, firstPage)).resolves.toEqual({ items: [], total: 0 });
    });

    it('is not_found for a user that does not exist', async () => {
      const a = await fixtures.user();
      await expect(blocks().block(a.id, 2_000_000_000, fixtures.now())).rejects.toMatchObject({ kind: 'not_found' });
    });

    it('tells whom a block stands between a user and, in either direction', async () => {
      const [a, b, c, d] = [await fixtures.user(), await fixtures.user(), await fixtures.user(), await fixtures.user()];
      await blocks().block(a.id, b.id, fixtures.now());
      await blocks().block(c.id, a.id, fixtures.now());
      await expect(blocks().apartFrom(a.id).then((set) => [...set].sort((x, y) => x - y))).resolves.toEqual([b.id, c.id]);
      await expect(blocks().apartFrom(b.id).then((set) => [...set])).resolves.toEqual([a.id]);
      await expect(blocks().apartFrom(d.id).then((set) => set.size)).resolves.toBe(0);
      await expect(views().blocks(a.id, b.id)).resolves.toBe(true);
      await expect(views().blocks(b.id, a.id)).resolves.toBe(false);
    });

    it('ends the follows between two users, of each other and of each other\'s notemaps, and no one else\'s', async () => {
      const [a, b, c] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const { follows, notemaps } = adapters().repositories;
      const [mapOfA, mapOfB] = [
        await notemaps.create(a.id, { name: 'A', description: null }, fixtures.now()),
        await notemaps.create(b.id, { name: 'B', description: null }, fixtures.now()),
      ];
      for (const [x, y] of [[a, b], [b, a], [c, b]] as const) await follows.followUser(x.id, y.id, fixtures.now());
      for (const [user, map] of [[a, mapOfB], [b, mapOfA], [c, mapOfB]] as const) await notemaps.follow(map, user.id, fixtures.now());
      await blocks().endFollowsBetween(a.id, b.id);
      await expect(adapters().followViews.followersOf(b.id, firstPage).then(ids)).resolves.toEqual([c.id]);
      await expect(adapters().followViews.followersOf(a.id, firstPage).then(ids)).resolves.toEqual([]);
      await expect(adapters().notemapUserViews.followers(mapOfB, firstPage).then(ids)).resolves.toEqual([c.id]);
      await expect(adapters().notemapUserViews.followers(mapOfA, firstPage).then(ids)).resolves.toEqual([]);
    });

    it('lists the blocked users newest block first, then the higher id, paged', async () => {
      const a = await fixtures.user();
      const others = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      for (const other of others) await blocks().block(a.id, other.id, fixtures.now());
      const all = await views().blockedBy(a.id, firstPage);
      expect(all.total).toBe(3);
      expect(ids(all)).toEqual([...others].reverse().map((o) => o.id));
      await expect(views().blockedBy(a.id, { offset: 1, limit: 1 }).then(ids)).resolves.toEqual([others[1]!.id]);
    });
  });

  describe('the read models across a block', () => {
    it('hide each one\'s notes from the other, signed in with or without readall, and not from anyone else', async () => {
      const [a, b, c] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const noteOfB = await fixtures.note(b.id, { message: 'by b' });
      const noteOfA = await fixtures.note(a.id, { message: 'by a' }, [b.id]);
      await blocks().block(a.id, b.id, fixtures.now());
      const notes = adapters().noteViews;
      for (const viewer of [readerOf(a.id), withoutReadall(a.id)]) {
        await expect(notes.get(viewer, noteOfB)).resolves.toBeNull();
        await expect(notes.list(viewer, { authorId: b.id }, firstPage)).resolves.toMatchObject({ items: [], total: 0 });
      }
      await expect(notes.get(readerOf(b.id), noteOfA)).resolves.toBeNull();
      await expect(notes.get(anonymous, noteOfB)).resolves.not.toBeNull();
      await expect(notes.get(readerOf(c.id), noteOfB)).resolves.not.toBeNull();
      await expect(notes.list(readerOf(a.id), { ids: [noteOfA, noteOfB] }, firstPage).then(ids)).resolves.toEqual([noteOfA]);
    });

    it('leave the other out of the users who favorited a note', async () => {
      const [a, b, c] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const note = await fixtures.note(c.id);
      await adapters().repositories.favorites.add(note, a.id, fixtures.now());
      await adapters().repositories.favorites.add(note, b.id, fixtures.now());
      await blocks().block(b.id, a.id, fixtures.now());
      await expect(adapters().noteUserLists.favoritersOf(readerOf(a.id), note, firstPage).then(ids)).resolves.toEqual([a.id]);
      await expect(adapters().noteUserLists.favoritersOf(anonymous, note, firstPage).then(ids)).resolves.toEqual([b.id, a.id]);
    });
  });
}

import { anonymous, firstPage, readerOf, withoutReadall, type ContractAdapters, type Fixtures } from './contract-adapters';

const ids = (page: { items: { id: number }[] }) => page.items.map((item) => item.id);

/** NotemapRepository, NotemapViews, NotemapUserViews and TagViews.ofNotemap: relations, counters, counts per viewer. */
export function notemapsContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  describe('notemaps', () => {
    const repo = () => adapters().repositories.notemaps;
    const views = () => adapters().notemapViews;
    const users = () => adapters().notemapUserViews;
    const notemapsCountOf = async (noteId: number) =>
      (await adapters().noteViews.get(anonymous, noteId))?.counts.notemaps;

    it('creates, reads, updates and deletes a notemap', async () => {
      const owner = await fixtures.user();
      const created = fixtures.now();
      const id = await repo().create(owner.id, { name: 'Cafés', description: null }, created);
      await expect(repo().findById(id)).resolves.toEqual({
        id, ownerId: owner.id, name: 'Cafés', description: null, lastNoteAddedAt: null, createdAt: created, updatedAt: created,
      });
      const edited = fixtures.now();
      await repo().update(id, { name: 'Bars', description: 'At night' }, edited);
      await expect(repo().findById(id)).resolves.toMatchObject({ name: 'Bars', description: 'At night', createdAt: created, updatedAt: edited });
      await expect(repo().delete(id)).resolves.toBe(true);
      await expect(repo().findById(id)).resolves.toBeNull();
      await expect(repo().delete(id)).resolves.toBe(false);
    });

    it('adds a note once, keeps the note\'s notemaps count and the last add time, and removes it once', async () => {
      const owner = await fixtures.user();
      const map = await repo().create(owner.id, { name: 'Map', description: null }, fixtures.now());
      const note = await fixtures.note(owner.id);
      const added = fixtures.now();
      await expect(repo().addNote(map, note, added)).resolves.toBe(true);
      await expect(repo().addNote(map, note, fixtures.now())).resolves.toBe(false);
      await expect(repo().findById(map)).resolves.toMatchObject({ lastNoteAddedAt: added });
      expect(await notemapsCountOf(note)).toBe(1);
      await expect(repo().removeNote(map, note)).resolves.toBe(true);
      await expect(repo().removeNote(map, note)).resolves.toBe(false);
      expect(await notemapsCountOf(note)).toBe(0);
      // The time of the last add stays what it was.
      await expect(repo().findById(map)).resolves.toMatchObject({ lastNoteAddedAt: added });
    });

    it('follows once and unfollows once', async () => {
      const [owner, fan] = [await fixtures.user(), await fixtures.user()];
      const map = await repo().create(owner.id, { name: 'Map', description: null }, fixtures.now());
      await expect(repo().follow(map, fan.id, fixtures.now())).resolves.toBe(true);
      await expect(repo().follow(map, fan.id, fixtures.now())).resolves.toBe(false);
      await expect(views().get(withoutReadall(fan.id), map)).resolves.toMatchObject({ viewer: { isFollowing: true }, counts: { followers: 1 } });
      await expect(repo().unfollow(map, fan.id)).resolves.toBe(true);
      await expect(repo().unfollow(map, fan.id)).resolves.toBe(false);
      await expect(views().get(withoutReadall(fan.id), map)).resolves.toMatchObject({ viewer: { isFollowing: false }, counts: { followers: 0 } });
    });

    it('deleting a notemap drops its notes\' counters, its memberships and its follows, and nothing else', async () => {
      const [owner, fan] = [await fixtures.user(), await fixtures.user()];
      const doomed = await repo().create(owner.id, { name: 'Doomed', description: null }, fixtures.now());
      const kept = await repo().create(owner.id, { name: 'Kept', description: null }, fixtures.now());
      const note = await fixtures.note(owner.id);
      await repo().addNote(doomed, note, fixtures.now());
      await repo().addNote(kept, note, fixtures.now());
      await repo().follow(doomed, fan.id, fixtures.now());
      await repo().follow(kept, fan.id, fixtures.now());
      expect(await notemapsCountOf(note)).toBe(2);

      await adapters().uow.run(({ notemaps }) => notemaps.delete(doomed));
      expect(await notemapsCountOf(note)).toBe(1);
      await expect(views().list(anonymous, { holdingNote: note }, firstPage)).resolves.toMatchObject({ total: 1, items: [{ id: kept }] });
      await expect(views().list(anonymous, { followedBy: fan.id }, firstPage)).resolves.toMatchObject({ total: 1, items: [{ id: kept }] });
      await expect(repo().addNote(kept, note, fixtures.now())).resolves.toBe(false);
    });

    it('shapes a notemap with its creator, times, image and counts as the viewer may see them', async () => {
      const [owner, other, fan] = [await fixtures.user({ name: 'Owner' }), await fixtures.user(), await fixtures.user()];
      const created = fixtures.now();
      const map = await repo().create(owner.id, { name: 'Shaped', description: 'All of it' }, created);
      const tag = fixtures.name('tag');
      const open = await fixtures.note(other.id, { tags: [tag, `${tag}_x`] });
      const secret = await fixtures.note(owner.id, { tags: [`${tag}_secret`], visibility: 'self' });
      await repo().addNote(map, open, fixtures.now());
      const lastAdd = fixtures.now();
      await repo().addNote(map, secret, lastAdd);
      await repo().follow(map, fan.id, fixtures.now());

      await expect(views().get(anonymous, map)).resolves.toEqual({
        id: map,
        owner: { id: owner.id, username: owner.username, name: 'Owner', description: null, avatarHash: expect.any(String), hasAvatar: false },
        name: 'Shaped',
        description: 'All of it',
        createdAt: created.getTime() / 1000,
        lastNoteAddedAt: lastAdd.getTime() / 1000,
        image: null,
        counts: { authors: 2, followers: 1, notes: 1, notesWithImages: 0, tags: 2 },
        viewer: { isFollowing: false },
      });
      await expect(views().get(readerOf(owner.id), map)).resolves.toMatchObject({
        counts: { authors: 2, followers: 1, notes: 2, notesWithImages: 0, tags: 3 },
      });
      await expect(views().get(anonymous, 999_999)).resolves.toBeNull();
    });

    it('lists notemaps newest first by creator, follower or note held, with paging and totals', async () => {
      const [owner, fan] = [await fixtures.user(), await fixtures.user()];
      const note = await fixtures.note(fan.id);
      const maps: number[] = [];
      for (let i = 0; i < 3; i++) maps.push(await repo().create(owner.id, { name: `m${i}`, description: null }, fixtures.now()));
      const [m0, m1, m2] = maps as [number, number, number];
      await repo().follow(m0, fan.id, fixtures.now());
      await repo().follow(m2, fan.id, fixtures.now());
      await repo().addNote(m1, note, fixtures.now());

      await expect(views().list(anonymous, { ownerId: owner.id }, firstPage).then(ids)).resolves.toEqual([m2, m1, m0]);
      await expect(views().list(anonymous, { ownerId: owner.id }, { offset: 1, limit: 1 })).resolves.toMatchObject({ total: 3, items: [{ id: m1 }] });
      await expect(views().list(anonymous, { followedBy: fan.id }, firstPage)).resolves.toMatchObject({ total: 2, items: [{ id: m2 }, { id: m0 }] });
      await expect(views().list(anonymous, { holdingNote: note }, firstPage)).resolves.toMatchObject({ total: 1, items: [{ id: m1 }] });
      const everything = await views().list(anonymous, {}, { offset: 0, limit: 100 });
      expect(everything.items.slice(0, 3).map((m) => m.id)).toEqual([m2, m1, m0]);
    });

    it('lists the creator and the authors of readable notes, and the followers newest first', async () => {
      const [owner, a, b, fan1, fan2] = [await fixtures.user(), await fixtures.user(), await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const map = await repo().create(owner.id, { name: 'People', description: null }, fixtures.now());
      for (const note of [await fixtures.note(b.id), await fixtures.note(a.id), await fixtures.note(b.id), await fixtures.note(owner.id)]) {
        await repo().addNote(map, note, fixtures.now());
      }
      await repo().addNote(map, await fixtures.note(fan1.id, { visibility: 'recipients' }, [owner.id]), fixtures.now());
      const sorted = [a.id, b.id].sort((x, y) => x - y);

      await expect(users().authors(anonymous, map, firstPage)).resolves.toMatchObject({ total: 3, items: [{ id: owner.id }, { id: sorted[0] }, { id: sorted[1] }] });
      await expect(users().authors(readerOf(owner.id), map, firstPage)).resolves.toMatchObject({ total: 4 });
      await expect(users().authors(anonymous, map, { offset: 1, limit: 1 })).resolves.toMatchObject({ total: 3, items: [{ id: sorted[0] }] });
      expect((await users().authors(anonymous, map, firstPage)).items[0]).toEqual({
        id: owner.id, username: owner.username, name: null, description: null, avatarHash: expect.any(String), hasAvatar: false,
      });

      await repo().follow(map, fan1.id, fixtures.now());
      await repo().follow(map, fan2.id, fixtures.now());
      await expect(users().followers(map, firstPage)).resolves.toMatchObject({ total: 2, items: [{ id: fan2.id }, { id: fan1.id }] });
      await expect(users().followers(map, { offset: 1, limit: 5 })).resolves.toMatchObject({ total: 2, items: [{ id: fan1.id }] });
    });

    it('lists at most 20 tags of the readable notes, the most used first, then by name', async () => {
      const owner = await fixtures.user();
      const map = await repo().create(owner.id, { name: 'Tags', description: null }, fixtures.now());
      const base = fixtures.name('t');
      const solo = Array.from({ length: 21 }, (_, i) => `${base}_s${String(i).padStart(2, '0')}`);
      const notes = [
        await fixtures.note(owner.id, { tags: [`${base}_b`, `${base}_a`, ...solo] }),
        await fixtures.note(owner.id, { tags: [`${base}_b`, `${base}_a`] }),
        await fixtures.note(owner.id, { tags: [`${base}_b`] }),
        await fixtures.note(owner.id, { tags: [`${base}_hidden`, `${base}_b`], visibility: 'self' }),
      ];
      for (const note of notes) await repo().addNote(map, note, fixtures.now());

      const tags = await adapters().tagViews.ofNotemap(anonymous, map, { offset: 0, limit: 100 });
      expect(tags.total).toBe(20);
      expect(tags.items.map((tag) => tag.name)).toEqual([`${base}_b`, `${base}_a`, ...solo.slice(0, 18)]);
      expect(tags.items[0]).toEqual({ id: expect.any(Number), name: `${base}_b`, notesCount: 3 });
      const forOwner = await adapters().tagViews.ofNotemap(readerOf(owner.id), map, { offset: 0, limit: 3 });
      expect(forOwner).toMatchObject({ total: 20, items: [{ name: `${base}_b`, notesCount: 4 }, { name: `${base}_a` }, { name: `${base}_hidden` }] });
      await expect(adapters().tagViews.ofNotemap(anonymous, map, { offset: 19, limit: 5 })).resolves.toMatchObject({ total: 20, items: [{ name: solo[17] }] });
      await expect(adapters().tagViews.ofNotemap(anonymous, 999_999, firstPage)).resolves.toEqual({ items: [], total: 0 });
    });
  });
}

import { anonymous, firstPage, readerOf, type ContractAdapters, type Fixtures } from './contract-adapters';

const ids = (page: { items: { id: number }[] }) => page.items.map((item) => item.id);

/** FollowRepository and FollowViews: follows of users and places, and the lists of users they make. */
export function followsContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  const follows = () => adapters().repositories.follows;
  const views = () => adapters().followViews;

  /** A place a fresh public note names, found by its unique city. */
  const newPlace = async (authorId: number): Promise<number> => {
    const city = fixtures.name('city');
    await fixtures.note(authorId, { city, country: 'Portugal' });
    const found = await adapters().placeViews.list(anonymous, { city }, firstPage);
    const id = found.items[0]?.id;
    if (id === undefined) throw new Error(`no place for ${city}`);
    return id;
  };

  describe('FollowRepository', () => {
    it('follows a user once: true the first time, false on a repeat, and one row either way', async () => {
      const [fan, star] = [await fixtures.user(), await fixtures.user()];
      await expect(follows().followUser(fan.id, star.id, fixtures.now())).resolves.toBe(true);
      await expect(follows().followUser(fan.id, star.id, fixtures.now())).resolves.toBe(false);
      await expect(views().followersOf(star.id, firstPage)).resolves.toMatchObject({ total: 1, items: [{ id: fan.id }] });
    });

    it('tells whether one user follows another, in that direction only', async () => {
      const [fan, star] = [await fixtures.user(), await fixtures.user()];
      await expect(views().follows(fan.id, star.id)).resolves.toBe(false);
      await follows().followUser(fan.id, star.id, fixtures.now());
      await expect(views().follows(fan.id, star.id)).resolves.toBe(true);
      await expect(views().follows(star.id, fan.id)).resolves.toBe(false);
      await follows().unfollowUser(fan.id, star.id);
      await expect(views().follows(fan.id, star.id)).resolves.toBe(false);
    });

    it('unfollows a user: true when there was a follow, false after', async () => {
      const [fan, star] = [await fixtures.user(), await fixtures.user()];
      await follows().followUser(fan.id, star.id, fixtures.now());
      await expect(follows().unfollowUser(fan.id, star.id)).resolves.toBe(true);
      await expect(follows().unfollowUser(fan.id, star.id)).resolves.toBe(false);
      await expect(views().followersOf(star.id, firstPage)).resolves.toEqual({ items: [], total: 0 });
    });

    it('keeps the two directions of a follow apart', async () => {
      const [a, b] = [await fixtures.user(), await fixtures.user()];
      await follows().followUser(a.id, b.id, fixtures.now());
      await expect(follows().unfollowUser(b.id, a.id)).resolves.toBe(false);
      await expect(follows().followUser(b.id, a.id, fixtures.now())).resolves.toBe(true);
      await expect(views().followersOf(a.id, firstPage)).resolves.toMatchObject({ total: 1, items: [{ id: b.id }] });
      await expect(views().followedBy(a.id, firstPage)).resolves.toMatchObject({ total: 1, items: [{ id: b.id }] });
    });

    it('follows and unfollows a place once', async () => {
      const [author, fan] = [await fixtures.user(), await fixtures.user()];
      const place = await newPlace(author.id);
      await expect(follows().followPlace(fan.id, place, fixtures.now())).resolves.toBe(true);
      await expect(follows().followPlace(fan.id, place, fixtures.now())).resolves.toBe(false);
      await expect(views().placeFollowers(place, firstPage)).resolves.toMatchObject({ total: 1, items: [{ id: fan.id }] });
      await expect(follows().unfollowPlace(fan.id, place)).resolves.toBe(true);
      await expect(follows().unfollowPlace(fan.id, place)).resolves.toBe(false);
      await expect(views().placeFollowers(place, firstPage)).resolves.toEqual({ items: [], total: 0 });
    });

    it('leaves no follow behind when the unit of work throws', async () => {
      const [fan, star] = [await fixtures.user(), await fixtures.user()];
      const failure = new Error('work failed');
      await expect(adapters().uow.run(async (repositories) => {
        await repositories.follows.followUser(fan.id, star.id, fixtures.now());
        throw failure;
      })).rejects.toBe(failure);
      await expect(views().followersOf(star.id, firstPage)).resolves.toEqual({ items: [], total: 0 });
    });
  });

  describe('FollowViews', () => {
    it('lists followers as user summaries, most recent follow first, with the total and paging', async () => {
      const star = await fixtures.user();
      const fans = [await fixtures.user({ name: 'First' }), await fixtures.user(), await fixtures.user()];
      for (const fan of fans) await follows().followUser(fan.id, star.id, fixtures.now());
      const all = await views().followersOf(star.id, firstPage);
      expect(all.total).toBe(3);
      expect(ids(all)).toEqual(fans.map((f) => f.id).reverse());
      expect(all.items[2]).toEqual({
        id: fans[0]?.id, username: fans[0]?.username, name: 'First', description: null,
        avatarHash: 'd41d8cd98f00b204e9800998ecf8427e', hasAvatar: false,
      });
      const second = await views().followersOf(star.id, { offset: 1, limit: 1 });
      expect(second).toMatchObject({ total: 3, items: [{ id: fans[1]?.id }] });
    });

    it('orders follows made at the same time by the higher user id first', async () => {
      const star = await fixtures.user();
      const [a, b] = [await fixtures.user(), await fixtures.user()];
      const now = fixtures.now();
      await follows().followUser(a.id, star.id, now);
      await follows().followUser(b.id, star.id, now);
      await expect(views().followersOf(star.id, firstPage).then(ids)).resolves.toEqual([b.id, a.id]);
    });

    it('lists the users a user follows, and places\' followers', async () => {
      const [fan, author] = [await fixtures.user(), await fixtures.user()];
      const stars = [await fixtures.user(), await fixtures.user()];
      for (const star of stars) await follows().followUser(fan.id, star.id, fixtures.now());
      await expect(views().followedBy(fan.id, firstPage).then(ids)).resolves.toEqual([stars[1]?.id, stars[0]?.id]);
      const place = await newPlace(author.id);
      await follows().followPlace(fan.id, place, fixtures.now());
      await follows().followPlace(author.id, place, fixtures.now());
      await expect(views().placeFollowers(place, firstPage).then(ids)).resolves.toEqual([author.id, fan.id]);
    });

    it('gives empty lists for users and places nobody follows', async () => {
      const loner = await fixtures.user();
      await expect(views().followersOf(loner.id, firstPage)).resolves.toEqual({ items: [], total: 0 });
      await expect(views().followedBy(loner.id, firstPage)).resolves.toEqual({ items: [], total: 0 });
      await expect(views().placeFollowers(2_000_000_000, firstPage)).resolves.toEqual({ items: [], total: 0 });
    });

    it('agrees with the profile counts', async () => {
      const [user, a, b] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      await follows().followUser(a.id, user.id, fixtures.now());
      await follows().followUser(b.id, user.id, fixtures.now());
      await follows().followUser(user.id, a.id, fixtures.now());
      const profile = await adapters().userViews.get(readerOf(a.id), user.id);
      expect(profile?.counts.followers).toBe((await views().followersOf(user.id, firstPage)).total);
      expect(profile?.counts.following).toBe((await views().followedBy(user.id, firstPage)).total);
      expect(profile?.counts).toMatchObject({ followers: 2, following: 1 });
    });
  });
}

import { DomainError } from '../../src/domain/domain-error';
import { anonymous, readerOf, type ContractAdapters, type Fixtures } from './contract-adapters';

/** UserRepository: create, lookups (case-insensitive where documented), conflicts, resolve. */
export function userRepositoryContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  describe('UserRepository', () => {
    const users = () => adapters().repositories.users;

    it('creates a user and finds it by id with every field', async () => {
      const username = fixtures.name('Ada');
      const now = fixtures.now();
      const id = await users().create(
        { username, email: `${username}@Example.com`, passwordHash: 'h', name: 'Ada L.', avatarHash: 'a'.repeat(32) },
        now,
      );
      expect(Number.isInteger(id) && id > 0).toBe(true);
      await expect(users().findById(id)).resolves.toEqual({
        id,
        username,
        email: `${username}@Example.com`,
        name: 'Ada L.',
        description: null,
        blogUrl: null,
        hometown: null,
        twitter: null,
        hasAvatar: false,
        createdAt: now,
      });
    });

    it('gives every user a distinct id', async () => {
      const a = await fixtures.user();
      const b = await fixtures.user();
      expect(a.id).not.toBe(b.id);
    });

    it('finds nobody for an unknown id or username', async () => {
      await expect(users().findById(2_000_000_000)).resolves.toBeNull();
      await expect(users().findByUsername(fixtures.name('nobody'))).resolves.toBeNull();
    });

    it('finds a user by username whatever its case', async () => {
      const user = await fixtures.user({ username: fixtures.name('MixedCase') });
      await expect(users().findByUsername(user.username.toUpperCase())).resolves.toMatchObject({ id: user.id, username: user.username });
      await expect(users().findByUsername(user.username.toLowerCase())).resolves.toMatchObject({ id: user.id });
    });

    it('refuses a username taken in another case, as a conflict naming the username', async () => {
      const user = await fixtures.user();
      const error = await users()
        .create({ username: user.username.toUpperCase(), email: `${fixtures.name('other')}@example.com`, passwordHash: 'h', name: null, avatarHash: 'x' }, fixtures.now())
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ kind: 'conflict', message: expect.stringMatching(/username/u) });
    });

    it('refuses an e-mail taken in another case, as a conflict naming the e-mail', async () => {
      const user = await fixtures.user();
      const error = await users()
        .create({ username: fixtures.name('other'), email: user.email.toUpperCase(), passwordHash: 'h', name: null, avatarHash: 'x' }, fixtures.now())
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ kind: 'conflict', message: expect.stringMatching(/e-?mail/iu) });
    });

    it('finds credentials by username or e-mail, whatever their case', async () => {
      const user = await fixtures.user({ username: fixtures.name('Login') });
      const expected = { id: user.id, passwordHash: `hash-of-${user.username}` };
      await expect(users().findCredentials(user.username.toUpperCase())).resolves.toEqual(expected);
      await expect(users().findCredentials(user.email.toUpperCase())).resolves.toEqual(expected);
      await expect(users().findCredentials(`${fixtures.name('nobody')}@example.com`)).resolves.toBeNull();
    });

    it('resolves ids and usernames (any case) to ids, leaving out refs that match nobody', async () => {
      const a = await fixtures.user();
      const b = await fixtures.user();
      const unknownName = fixtures.name('ghost');
      const found = await users().resolve([a.id, b.username.toUpperCase(), 2_000_000_000, unknownName]);
      expect(found).toEqual(new Map<number | string, number>([[a.id, a.id], [b.username.toUpperCase(), b.id]]));
    });

    it('resolves an empty list to an empty map', async () => {
      await expect(users().resolve([])).resolves.toEqual(new Map());
    });

    it('deletes a user with everything theirs, correcting what others\' notes and comments count, and frees the username', async () => {
      const repos = adapters().repositories;
      const [gone, other] = [await fixtures.user(), await fixtures.user()];
      const theirs = await fixtures.note(gone.id);
      await repos.notes.setImage(theirs, { key: 'deleted-image', width: 1, height: 1 });
      await users().setAvatar(gone.id, 'deleted-avatar');
      const kept = await fixtures.note(other.id);
      const keptComment = (await repos.comments.create(kept, other.id, { title: null, comment: 'stays' }, fixtures.now()))!;
      await repos.comments.create(kept, gone.id, { title: null, comment: 'goes' }, fixtures.now());
      await repos.comments.favorite(keptComment, gone.id, fixtures.now());
      await repos.favorites.add(kept, gone.id, fixtures.now());
      await repos.finds.add(kept, gone.id, fixtures.now());
      const map = await repos.notemaps.create(gone.id, { name: 'Goes', description: null }, fixtures.now());
      await repos.notemaps.addNote(map, kept, fixtures.now());
      await repos.follows.followUser(other.id, gone.id, fixtures.now());

      await expect(users().delete(gone.id)).resolves.toEqual(expect.arrayContaining(['deleted-image', 'deleted-avatar']));

      await expect(users().findById(gone.id)).resolves.toBeNull();
      await expect(repos.notes.findById(theirs)).resolves.toBeNull();
      await expect(repos.notemaps.findById(map)).resolves.toBeNull();
      await expect(adapters().noteViews.get(anonymous, kept)).resolves.toMatchObject({
        counts: { comments: 1, favoriters: 0, finders: 0, notemaps: 0 },
      });
      await expect(adapters().commentViews.get(readerOf(other.id), kept, keptComment)).resolves.toMatchObject({ favoritersCount: 0 });
      await expect(adapters().userViews.get(anonymous, other.id)).resolves.toMatchObject({ counts: { following: 0 } });
      await expect(users().create({ username: gone.username, email: gone.email, passwordHash: 'h', name: null, avatarHash: 'x' }, fixtures.now()))
        .resolves.toEqual(expect.any(Number));
      await expect(users().delete(gone.id)).resolves.toBeNull();
    });
  });
}

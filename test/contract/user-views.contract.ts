import type { Viewer } from '../../src/application/ports/viewer';
import { anonymous, readerOf, withoutReadall, type ContractAdapters, type Fixtures } from './contract-adapters';

/** UserViews: profiles by id and username, with list sizes as the viewer may see them. */
export function userViewsContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  describe('UserViews', () => {
    const views = () => adapters().userViews;

    it('shapes a profile with every count', async () => {
      const user = await fixtures.user({ name: 'Grace' });
      await expect(views().get(anonymous, user.id)).resolves.toEqual({
        id: user.id,
        username: user.username,
        name: 'Grace',
        description: null,
        avatarHash: 'd41d8cd98f00b204e9800998ecf8427e',
        hasAvatar: false,
        blogUrl: null,
        hometown: null,
        twitter: null,
        publicPlacesCount: 0,
        counts: { favorites: 0, followedNotemaps: 0, followedPlaces: 0, followers: 0, following: 0, notemaps: 0, notes: 0 },
      });
    });

    it('finds a profile by username whatever its case, and nothing for unknown users', async () => {
      const user = await fixtures.user({ username: fixtures.name('CasedName') });
      await expect(views().getByUsername(anonymous, user.username.toUpperCase())).resolves.toMatchObject({ id: user.id, username: user.username });
      await expect(views().getByUsername(anonymous, fixtures.name('ghost'))).resolves.toBeNull();
      await expect(views().get(anonymous, 2_000_000_000)).resolves.toBeNull();
    });

    it('counts the notes the viewer may read', async () => {
      const [author, recipient, stranger] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      await fixtures.note(author.id, { visibility: 'public' });
      await fixtures.note(author.id, { visibility: 'recipients' }, [recipient.id]);
      await fixtures.note(author.id, { visibility: 'self' });
      const notesFor = async (viewer: Viewer) => (await views().get(viewer, author.id))?.counts.notes;

      await expect(notesFor(anonymous)).resolves.toBe(1);
      await expect(notesFor(readerOf(author.id))).resolves.toBe(3);
      await expect(notesFor(withoutReadall(author.id))).resolves.toBe(1);
      await expect(notesFor(readerOf(recipient.id))).resolves.toBe(2);
      await expect(notesFor(readerOf(stranger.id))).resolves.toBe(1);
    });

    it('counts distinct (city, country) places among public notes only, ignoring case', async () => {
      const user = await fixtures.user();
      await fixtures.note(user.id, { city: 'Paris', country: 'France' });
      await fixtures.note(user.id, { city: 'PARIS', country: 'france' });
      await fixtures.note(user.id, { city: 'Paris', state: 'Île-de-France', country: 'France' });
      await fixtures.note(user.id, { city: 'Lyon', country: 'France' });
      await fixtures.note(user.id, { country: 'Germany' });
      await fixtures.note(user.id, { city: 'Paris' });
      await fixtures.note(user.id, {});
      await fixtures.note(user.id, { city: 'Rome', country: 'Italy', visibility: 'self' });
      await fixtures.note(user.id, { city: 'Madrid', country: 'Spain', visibility: 'recipients' });

      await expect(views().get(readerOf(user.id), user.id)).resolves.toMatchObject({ publicPlacesCount: 4 });
      await expect(views().get(anonymous, user.id)).resolves.toMatchObject({ publicPlacesCount: 4 });
    });
  });
}

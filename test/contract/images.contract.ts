import { randomBytes } from 'node:crypto';
import { anonymous, type ContractAdapters, type Fixtures } from './contract-adapters';

const image = (key: string, width = 40, height = 30) => ({ key, width, height });

/** Note images and avatars: which blob a note or user points at (the files themselves are the blob store's). */
export function imagesContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  describe('NoteRepository.setImage', () => {
    const notes = () => adapters().repositories.notes;

    it('sets, replaces and clears a note image, returning the key each change replaced', async () => {
      const author = await fixtures.user();
      const id = await fixtures.note(author.id);
      await expect(notes().findById(id)).resolves.toMatchObject({ image: null });

      await expect(notes().setImage(id, image('first.jpg', 640, 480))).resolves.toBeNull();
      await expect(notes().findById(id)).resolves.toMatchObject({ image: { key: 'first.jpg', width: 640, height: 480 } });
      await expect(adapters().noteViews.get(anonymous, id)).resolves.toMatchObject({ image: { key: 'first.jpg', width: 640, height: 480 } });

      await expect(notes().setImage(id, image('second.png', 10, 20))).resolves.toBe('first.jpg');
      await expect(notes().setImage(id, null)).resolves.toBe('second.png');
      await expect(notes().findById(id)).resolves.toMatchObject({ image: null });
      await expect(adapters().noteViews.get(anonymous, id)).resolves.toMatchObject({ image: null });
    });

    it('keeps the image across a content update, and does nothing for a note that does not exist', async () => {
      const author = await fixtures.user();
      const id = await fixtures.note(author.id);
      await notes().setImage(id, image('kept.webp'));
      await notes().update(id, fixtures.content({ message: 'changed' }), null, fixtures.now());
      await expect(notes().findById(id)).resolves.toMatchObject({ message: 'changed', image: { key: 'kept.webp' } });
      await expect(notes().setImage(2_000_000_000, image('nowhere.jpg'))).resolves.toBeNull();
    });

    it('is undone with the transaction it ran in', async () => {
      const author = await fixtures.user();
      const id = await fixtures.note(author.id);
      await notes().setImage(id, image('before.jpg'));
      await expect(adapters().uow.run(async (r) => {
        await r.notes.setImage(id, image('after.jpg'));
        throw new Error('roll back');
      })).rejects.toThrow('roll back');
      await expect(notes().findById(id)).resolves.toMatchObject({ image: { key: 'before.jpg' } });
    });
  });

  describe('UserRepository avatars', () => {
    const users = () => adapters().repositories.users;
    const userWithHash = async () => {
      const username = fixtures.name('avatar');
      const hash = randomBytes(16).toString('hex');
      const id = await users().create({ username, email: `${username}@example.com`, passwordHash: 'h', name: null, avatarHash: hash }, fixtures.now());
      return { id, hash };
    };

    it('sets, replaces and clears an avatar: hasAvatar follows, the hash finds the key', async () => {
      const { id, hash } = await userWithHash();
      await expect(users().findAvatarKey(hash)).resolves.toBeNull();

      await expect(users().setAvatar(id, 'face1.jpg')).resolves.toBeNull();
      await expect(users().findById(id)).resolves.toMatchObject({ hasAvatar: true });
      await expect(users().findAvatarKey(hash)).resolves.toBe('face1.jpg');
      await expect(adapters().userViews.get(anonymous, id)).resolves.toMatchObject({ hasAvatar: true, avatarHash: hash });

      await expect(users().setAvatar(id, 'face2.png')).resolves.toBe('face1.jpg');
      await expect(users().findAvatarKey(hash)).resolves.toBe('face2.png');
      await expect(users().setAvatar(id, null)).resolves.toBe('face2.png');
      await expect(users().findById(id)).resolves.toMatchObject({ hasAvatar: false });
      await expect(users().findAvatarKey(hash)).resolves.toBeNull();
    });

    it("finds no key for an unknown hash, and another user's avatar is not yours", async () => {
      const [a, b] = [await userWithHash(), await userWithHash()];
      await users().setAvatar(a.id, 'only-a.jpg');
      await expect(users().findAvatarKey(b.hash)).resolves.toBeNull();
      await expect(users().findAvatarKey('0'.repeat(32))).resolves.toBeNull();
      await expect(users().setAvatar(2_000_000_000, 'nobody.jpg')).resolves.toBeNull();
    });
  });
}

import type { FeedPosition } from '../../src/application/ports/change-feed';
import type { ContractAdapters, Fixtures } from './contract-adapters';

/**
 * ChangeFeed, with what the writes record in it: every write of a note (made, edited, image, deleted, added to or
 * taken from a notemap, deleted with its author) moves it to the end, once; counts do not.
 */
export function changeFeedContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  describe('ChangeFeed', () => {
    const feed = () => adapters().changeFeed;
    const repos = () => adapters().repositories;

    /** Where the feed ends now. */
    async function end(): Promise<FeedPosition | null> {
      let position: FeedPosition | null = null;
      for (;;) {
        const page = await feed().after(position, 500);
        if (page.length === 0) return position;
        position = page.at(-1)!.position;
      }
    }
    const since = async (from: FeedPosition | null) => (await feed().after(from, 500)).map((change) => change.noteId);

    it('lists each note once at its latest change, in order, and pages by position', async () => {
      const author = await fixtures.user();
      const from = await end();
      const [a, b, c] = [await fixtures.note(author.id), await fixtures.note(author.id), await fixtures.note(author.id)];
      await repos().notes.update(a, fixtures.content({ message: 'edited' }), null, fixtures.now());
      await expect(since(from)).resolves.toEqual([b, c, a]);
      const first = await feed().after(from, 2);
      expect(first.map((change) => change.noteId)).toEqual([b, c]);
      await expect(since(first[1]!.position)).resolves.toEqual([a]);
      expect(first[0]!.position).toEqual({ seq: expect.stringMatching(/^\d+$/u) });
    });

    it('records images, deletions (the id stays as a tombstone) and notemaps, but not counts', async () => {
      const [author, fan] = [await fixtures.user(), await fixtures.user()];
      const [pictured, mapped, gone] = [await fixtures.note(author.id), await fixtures.note(author.id), await fixtures.note(author.id)];
      const map = await repos().notemaps.create(author.id, { name: 'Feed', description: null }, fixtures.now());
      let from = await end();
      await repos().favorites.add(mapped, fan.id, fixtures.now());
      await repos().finds.add(mapped, fan.id, fixtures.now());
      await repos().comments.create(mapped, fan.id, { title: null, comment: 'hi' }, fixtures.now());
      await expect(since(from)).resolves.toEqual([]);
      await repos().notes.setImage(pictured, { key: 'feed-image', width: 1, height: 1 });
      await repos().notemaps.addNote(map, mapped, fixtures.now());
      await repos().notes.delete(gone);
      await expect(since(from)).resolves.toEqual([pictured, mapped, gone]);
      from = await end();
      await repos().notemaps.removeNote(map, mapped);
      await expect(since(from)).resolves.toEqual([mapped]);
      await repos().notemaps.addNote(map, pictured, fixtures.now());
      from = await end();
      await repos().notemaps.delete(map);
      await expect(since(from)).resolves.toEqual([pictured]);
    });

    it('records every note of a deleted account, and the notes of its notemaps', async () => {
      const [leaving, other] = [await fixtures.user(), await fixtures.user()];
      const theirs = [await fixtures.note(leaving.id), await fixtures.note(leaving.id)];
      const kept = await fixtures.note(other.id);
      const map = await repos().notemaps.create(leaving.id, { name: 'Goes', description: null }, fixtures.now());
      await repos().notemaps.addNote(map, kept, fixtures.now());
      const from = await end();
      await repos().users.delete(leaving.id);
      await expect(since(from).then((ids) => [...ids].sort((x, y) => x - y))).resolves.toEqual([...theirs, kept].sort((x, y) => x - y));
    });
  });
}

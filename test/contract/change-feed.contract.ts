import type { FeedPosition, FeedReader } from '../../src/application/ports/change-feed';
import type { NoteFilter } from '../../src/application/ports/note-views';
import { parseNoteQuery } from '../../src/domain/note-query';
import { anonymous, readerOf, type ContractAdapters, type Fixtures } from './contract-adapters';

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

    /** The notes changed after `from`, each with whether `reader` listed it as of `from`. */
    const heldAt = async (from: FeedPosition | null, reader: FeedReader) =>
      (await feed().after(from, 500, reader)).map((change) => [change.noteId, change.listedAtSince]);
    const by = (viewer: FeedReader['viewer'], filter: NoteFilter = {}): FeedReader => ({ viewer, filter });

    it('tells whether the reader listed each note as of the position: readable then, whatever it is now', async () => {
      const [author, stranger, recipient] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const [hidden, back, secret, shared] = [
        await fixtures.note(author.id), await fixtures.note(author.id),
        await fixtures.note(author.id, { visibility: 'self' }), await fixtures.note(author.id, { visibility: 'recipients' }, [recipient.id]),
      ];
      const from = await end();
      await repos().notes.update(hidden, fixtures.content({ visibility: 'self' }), null, fixtures.now());
      await repos().notes.update(back, fixtures.content({ visibility: 'self' }), null, fixtures.now());
      await repos().notes.update(back, fixtures.content({ visibility: 'public' }), null, fixtures.now());
      await repos().notes.update(secret, fixtures.content({ visibility: 'self', message: 'still mine' }), null, fixtures.now());
      await repos().notes.update(shared, fixtures.content({ visibility: 'recipients' }), [], fixtures.now());
      const late = await fixtures.note(author.id, { visibility: 'self' });
      await repos().notes.delete(late);
      await repos().notes.delete(secret);
      const after = [hidden, back, shared, late, secret];
      expect(await heldAt(from, by(anonymous))).toEqual(after.map((id) => [id, id === hidden || id === back]));
      expect(await heldAt(from, by(readerOf(stranger.id)))).toEqual(after.map((id) => [id, id === hidden || id === back]));
      expect(await heldAt(from, by(readerOf(recipient.id)))).toEqual(after.map((id) => [id, id !== late && id !== secret]));
      expect(await heldAt(from, by(readerOf(author.id)))).toEqual(after.map((id) => [id, id !== late]));
      // From the start nobody held anything.
      expect((await feed().after(null, 500, by(readerOf(author.id)))).filter((change) => change.listedAtSince)).toEqual([]);
    });

    it('tells whether the note matched the filter as of the position: area, tag, notemap, author', async () => {
      const author = await fixtures.user();
      const tag = fixtures.name('kept');
      const map = await repos().notemaps.create(author.id, { name: 'Held', description: null }, fixtures.now());
      const [leaves, away, tagged, mapped] = [
        await fixtures.note(author.id, { latitude: 30, longitude: 30 }), await fixtures.note(author.id, { latitude: 50, longitude: 50 }),
        await fixtures.note(author.id, { message: `#${tag}` }), await fixtures.note(author.id),
      ];
      await repos().notemaps.addNote(map, mapped, fixtures.now());
      const from = await end();
      await repos().notes.update(leaves, fixtures.content({ latitude: 40, longitude: 40 }), null, fixtures.now());
      await repos().notes.update(away, fixtures.content({ latitude: 51, longitude: 51 }), null, fixtures.now());
      await repos().notes.update(tagged, fixtures.content({ message: 'no tag now' }), null, fixtures.now());
      await repos().notemaps.removeNote(map, mapped);
      const changed = [leaves, away, tagged, mapped];
      const only = (...held: number[]) => changed.map((id) => [id, held.includes(id)]);
      const query = (raw: Parameters<typeof parseNoteQuery>[0]): NoteFilter => ({ query: parseNoteQuery(raw) });
      expect(await heldAt(from, by(anonymous, query({ bbox: '29,29,31,31' })))).toEqual(only(leaves));
      expect(await heldAt(from, by(readerOf(author.id), query({ near: '30,30', radius: 1000 })))).toEqual(only(leaves));
      expect(await heldAt(from, by(anonymous, query({ tag })))).toEqual(only(tagged));
      expect(await heldAt(from, by(anonymous, { notemapId: map }))).toEqual(only(mapped));
      expect(await heldAt(from, by(anonymous, query({ author: author.username.toUpperCase() })))).toEqual(only(...changed));
      expect(await heldAt(from, by(anonymous, { authorId: author.id + 1_000_000 }))).toEqual(only());
    });

    it('keeps a deleted account\'s notes matched by its username, as they were', async () => {
      const leaving = await fixtures.user();
      const theirs = await fixtures.note(leaving.id);
      const from = await end();
      await repos().users.delete(leaving.id);
      expect(await heldAt(from, by(anonymous, { query: parseNoteQuery({ author: leaving.username }) }))).toEqual([[theirs, true]]);
    });

    it('sees a note changed twice in one transaction as it was before it, at a position between the two', async () => {
      const author = await fixtures.user();
      const map = await repos().notemaps.create(author.id, { name: 'Twice', description: null }, fixtures.now());
      const twice = await fixtures.note(author.id, { visibility: 'self' });
      const between = await fixtures.note(author.id);
      const from = await end();
      await adapters().uow.run(async (work) => {
        await work.notes.update(twice, fixtures.content({ visibility: 'public' }), null, fixtures.now());
        await work.notes.update(between, fixtures.content({ message: 'edited between' }), null, fixtures.now());
        await work.notemaps.addNote(map, twice, fixtures.now());
      });
      const [first, second] = await feed().after(from, 500, by(anonymous));
      expect([first?.noteId, second?.noteId]).toEqual([between, twice]);
      await repos().notes.update(twice, fixtures.content({ visibility: 'self' }), null, fixtures.now());
      // At the other note's position the client has not had the note yet: it was private until then.
      expect(await heldAt(first!.position, by(anonymous))).toEqual([[twice, false]]);
      expect(await heldAt(second!.position, by(anonymous))).toEqual([[twice, true]]);
    });

    it('keeps the tags of notes the batched insert made', async () => {
      const author = await fixtures.user();
      const tag = fixtures.name('batched');
      const notes = await Promise.all([0, 1, 2].map((i) => adapters().noteInserts.insert({
        authorId: author.id, content: fixtures.content({ message: `${i} #${tag}`, visibility: i === 2 ? 'self' : 'public' }),
        recipientIds: [], now: fixtures.now(),
      })));
      const from = await end();
      for (const note of notes) await repos().notes.delete(note.id);
      const ids = notes.map((note) => note.id);
      expect(await heldAt(from, by(anonymous, { query: parseNoteQuery({ tag }) }))).toEqual(ids.map((id, i) => [id, i !== 2]));
      expect(await heldAt(from, by(readerOf(author.id), { tag }))).toEqual(ids.map((id) => [id, true]));
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

import { COMMENT_PAGE_TEXT_MAX_BYTES, type CommentContent } from '../../src/domain/comment';
import { anonymous, firstPage, readerOf, withoutReadall, type ContractAdapters, type Fixtures } from './contract-adapters';

// Every kind of character a comment may hold: ASCII, Latin-1, CJK, an emoji outside the BMP,
// a combining mark, newlines, quotes and a backslash, repeated to two million code points.
const SAMPLE = 'a\u00e9\u4e2d\u{1F600}e\u0301\n"\\\t\u{10FFFF}';
export const bigComment = (codePoints: number): string => {
  const unit = [...SAMPLE];
  return Array.from({ length: codePoints }, (_, i) => unit[i % unit.length]).join('');
};

/** CommentRepository (with comment favorites) and CommentViews: writes, counters, cascades, reads. */
export function commentsContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  describe('CommentRepository and CommentViews', () => {
    const comments = () => adapters().repositories.comments;
    const views = () => adapters().commentViews;
    const content = (comment: string, title: string | null = null): CommentContent => ({ comment, title });
    const noteCount = async (noteId: number, viewer = anonymous) => (await adapters().noteViews.get(viewer, noteId))?.counts.comments;

    it('creates a comment and finds it, as written', async () => {
      const [author, commenter] = [await fixtures.user(), await fixtures.user()];
      const note = await fixtures.note(author.id);
      const now = fixtures.now();
      const id = await comments().create(note, commenter.id, content('  Lovely place  ', 'Wow'), now);
      expect(id).toEqual(expect.any(Number));
      await expect(comments().findById(id ?? 0)).resolves.toEqual({
        id, noteId: note, authorId: commenter.id, title: 'Wow', comment: '  Lovely place  ', createdAt: now, updatedAt: now,
      });
      await expect(comments().findById(2_000_000_000)).resolves.toBeNull();
    });

    it('creates nothing on a note that does not exist', async () => {
      const user = await fixtures.user();
      await expect(comments().create(2_000_000_000, user.id, content('x'), fixtures.now())).resolves.toBeNull();
    });

    it('lists a note’s comments oldest first, pages them, and counts them as the note does', async () => {
      const [author, a, b] = [await fixtures.user({ name: 'Ann' }), await fixtures.user(), await fixtures.user()];
      const note = await fixtures.note(author.id);
      const ids: number[] = [];
      for (const [i, user] of [a, b, a, author, b].entries()) {
        ids.push((await comments().create(note, user.id, content(`comment ${i}`), fixtures.now())) ?? 0);
      }
      const page = await views().ofNote(anonymous, note, { offset: 1, limit: 3 });
      expect(page.total).toBe(5);
      expect(page.items.map((c) => c.id)).toEqual(ids.slice(1, 4));
      expect(page.items[2]).toEqual({
        id: ids[3], noteId: note, title: null, comment: 'comment 3', createdAt: expect.any(Number), updatedAt: expect.any(Number),
        favoritersCount: 0, viewer: { isFavorited: false },
        author: { id: author.id, username: author.username, name: 'Ann', description: null, avatarHash: expect.any(String), hasAvatar: false },
      });
      await expect(noteCount(note)).resolves.toBe(5);
      await expect(views().ofNote(anonymous, 2_000_000_000, firstPage)).resolves.toEqual({ items: [], total: 0 });
      // The same page without its total.
      await expect(views().pageOfNote(anonymous, note, { offset: 1, limit: 3 })).resolves.toEqual(page.items);
    });

    it('ends a page early when its comments’ text would pass 4 MiB, and always holds at least one comment', async () => {
      const author = await fixtures.user();
      const note = await fixtures.note(author.id);
      const mib = 1024 * 1024;
      // UTF-8 bytes count: 1.5 MiB of 'é' (2 bytes each), then two of 1 MiB, then one larger than the whole page.
      const sizes = [0.75 * mib, 1 * mib, 1 * mib, 1.5 * mib, 6 * mib, 10, 10];
      const ids: number[] = [];
      for (const [i, size] of sizes.entries()) {
        const text = i === 0 ? '\u00e9'.repeat(size) : 'x'.repeat(size);
        ids.push((await comments().create(note, author.id, content(text), fixtures.now())) ?? 0);
      }
      expect(COMMENT_PAGE_TEXT_MAX_BYTES).toBe(4 * mib);
      const first = await views().ofNote(anonymous, note, { offset: 0, limit: 100 });
      // 1.5 + 1 + 1 = 3.5 MiB; the 1.5 MiB comment would make 5: the page ends before it.
      expect(first.items.map((c) => c.id)).toEqual(ids.slice(0, 3));
      expect(first.total).toBe(7);
      const second = await views().ofNote(anonymous, note, { offset: 3, limit: 100 });
      expect(second.items.map((c) => c.id)).toEqual(ids.slice(3, 4));
      // A comment larger than a page is a page of its own.
      const third = await views().ofNote(anonymous, note, { offset: 4, limit: 100 });
      expect(third.items.map((c) => c.id)).toEqual([ids[4]]);
      expect(third.items[0]?.comment).toHaveLength(6 * mib);
      const last = await views().ofNote(anonymous, note, { offset: 5, limit: 100 });
      expect(last.items.map((c) => c.id)).toEqual(ids.slice(5));
    });

    it('gets a comment only through the note it belongs to', async () => {
      const author = await fixtures.user();
      const [note, other] = [await fixtures.note(author.id), await fixtures.note(author.id)];
      const id = (await comments().create(note, author.id, content('here'), fixtures.now())) ?? 0;
      await expect(views().get(anonymous, note, id)).resolves.toMatchObject({ id, noteId: note, comment: 'here' });
      await expect(views().get(anonymous, other, id)).resolves.toBeNull();
      await expect(views().get(anonymous, note, 2_000_000_000)).resolves.toBeNull();
    });

    it('shows the comments of a non-public note only to those who may read it', async () => {
      const [author, recipient, stranger] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const note = await fixtures.note(author.id, { visibility: 'recipients' }, [recipient.id]);
      const id = (await comments().create(note, recipient.id, content('psst'), fixtures.now())) ?? 0;
      for (const viewer of [anonymous, readerOf(stranger.id), withoutReadall(recipient.id)]) {
        await expect(views().ofNote(viewer, note, firstPage)).resolves.toEqual({ items: [], total: 0 });
        await expect(views().pageOfNote(viewer, note, firstPage)).resolves.toEqual([]);
        await expect(views().get(viewer, note, id)).resolves.toBeNull();
      }
      await expect(views().ofNote(readerOf(recipient.id), note, firstPage)).resolves.toMatchObject({ total: 1 });
      await expect(views().pageOfNote(readerOf(recipient.id), note, firstPage)).resolves.toMatchObject([{ id }]);
      await expect(views().get(readerOf(author.id), note, id)).resolves.toMatchObject({ id });
    });

    it('updates the text and title and sets updatedAt only', async () => {
      const author = await fixtures.user();
      const note = await fixtures.note(author.id);
      const created = fixtures.now();
      const id = (await comments().create(note, author.id, content('first', 'T'), created)) ?? 0;
      const edited = fixtures.now();
      await comments().update(id, content('second', null), edited);
      await expect(comments().findById(id)).resolves.toMatchObject({ comment: 'second', title: null, createdAt: created, updatedAt: edited });
      const view = await views().get(anonymous, note, id);
      expect(view?.updatedAt).toBe(Math.floor(edited.getTime() / 1000));
      expect(view?.createdAt).toBe(Math.floor(created.getTime() / 1000));
    });

    it('favorites once whatever the repeats, counts favoriters and flags the viewer', async () => {
      const [author, fan, other] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const note = await fixtures.note(author.id);
      const id = (await comments().create(note, author.id, content('like me'), fixtures.now())) ?? 0;
      await expect(comments().favorite(id, fan.id, fixtures.now())).resolves.toBe(true);
      await expect(comments().favorite(id, fan.id, fixtures.now())).resolves.toBe(false);
      await expect(comments().favorite(id, other.id, fixtures.now())).resolves.toBe(true);
      await expect(views().get(withoutReadall(fan.id), note, id)).resolves.toMatchObject({ favoritersCount: 2, viewer: { isFavorited: true } });
      await expect(views().get(anonymous, note, id)).resolves.toMatchObject({ favoritersCount: 2, viewer: { isFavorited: false } });

      await expect(comments().unfavorite(id, fan.id)).resolves.toBe(true);
      await expect(comments().unfavorite(id, fan.id)).resolves.toBe(false);
      await expect(views().get(readerOf(fan.id), note, id)).resolves.toMatchObject({ favoritersCount: 1, viewer: { isFavorited: false } });
      await expect(comments().favorite(2_000_000_000, fan.id, fixtures.now())).rejects.toMatchObject({ kind: 'not_found' });
      await expect(comments().unfavorite(2_000_000_000, fan.id)).resolves.toBe(false);
    });

    it('deletes a comment with its favorites, once, and the note counts one fewer', async () => {
      const [author, fan] = [await fixtures.user(), await fixtures.user()];
      const note = await fixtures.note(author.id);
      const kept = (await comments().create(note, fan.id, content('stays'), fixtures.now())) ?? 0;
      const gone = (await comments().create(note, fan.id, content('goes'), fixtures.now())) ?? 0;
      await comments().favorite(gone, fan.id, fixtures.now());
      await expect(comments().delete(gone)).resolves.toBe(true);
      await expect(comments().delete(gone)).resolves.toBe(false);
      await expect(comments().findById(gone)).resolves.toBeNull();
      await expect(comments().unfavorite(gone, fan.id)).resolves.toBe(false);
      await expect(noteCount(note)).resolves.toBe(1);
      await expect(views().ofNote(anonymous, note, firstPage)).resolves.toMatchObject({ total: 1, items: [{ id: kept }] });
    });

    it('deleting the note removes its comments and their favorites', async () => {
      const [author, fan] = [await fixtures.user(), await fixtures.user()];
      const note = await fixtures.note(author.id);
      const id = (await comments().create(note, fan.id, content('bye'), fixtures.now())) ?? 0;
      await comments().favorite(id, author.id, fixtures.now());
      await expect(adapters().repositories.notes.delete(note)).resolves.toBe(true);
      await expect(comments().findById(id)).resolves.toBeNull();
      await expect(comments().unfavorite(id, author.id)).resolves.toBe(false);
      await expect(views().ofNote(anonymous, note, firstPage)).resolves.toEqual({ items: [], total: 0 });
    });

    it('rolls back a comment with the unit of work that wrote it, counter included', async () => {
      const author = await fixtures.user();
      const note = await fixtures.note(author.id);
      const failure = new Error('work failed');
      await expect(adapters().uow.run(async ({ comments: inWork }) => {
        await inWork.create(note, author.id, content('never'), fixtures.now());
        throw failure;
      })).rejects.toBe(failure);
      await expect(noteCount(note)).resolves.toBe(0);
      await expect(views().ofNote(anonymous, note, firstPage)).resolves.toEqual({ items: [], total: 0 });
    });

    it('stores a two-million-character comment and reads it back exactly', async () => {
      const author = await fixtures.user();
      const note = await fixtures.note(author.id);
      const text = bigComment(2_000_000);
      const id = (await comments().create(note, author.id, content(text), fixtures.now())) ?? 0;
      const read = await views().get(anonymous, note, id);
      expect(read?.comment.length).toBe(text.length);
      expect(read?.comment === text).toBe(true);
    });

    it('keeps the note’s count equal to its list under concurrent comments and deletes', async () => {
      const author = await fixtures.user();
      const note = await fixtures.note(author.id);
      const users = await Promise.all(Array.from({ length: 10 }, () => fixtures.user()));
      const ids = await Promise.all(users.map((u) => adapters().uow.run(({ comments: c }) => c.create(note, u.id, content('hi'), fixtures.now()))));
      await Promise.all(ids.slice(0, 4).map((id) => adapters().uow.run(({ comments: c }) => c.delete(id ?? 0))));
      await Promise.all(ids.slice(4, 8).map((id) => adapters().uow.run(({ comments: c }) => c.favorite(id ?? 0, author.id, fixtures.now()))));
      const list = await views().ofNote(anonymous, note, { offset: 0, limit: 100 });
      expect(list.total).toBe(6);
      expect(list.items).toHaveLength(6);
      await expect(noteCount(note)).resolves.toBe(6);
      const favoriters = new Map(list.items.map((c) => [c.id, c.favoritersCount]));
      expect(ids.slice(4).map((id) => favoriters.get(id ?? 0))).toEqual([1, 1, 1, 1, 0, 0]);
    });
  });
}

import type { CommentContent } from '../../src/domain/comment';
import { anonymous, firstPage, readerOf, type ContractAdapters, type Fixtures } from './contract-adapters';

const content = (comment: string): CommentContent => ({ title: null, comment });

/** NotePageViews: a note's page in one read, the same as the note, comment and tag views give apart. */
export function notePageViewsContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  const views = () => adapters().notePageViews;

  describe('NotePageViews', () => {
    it('gives the note, a page of its comments and its tags as the other views do', async () => {
      const [author, reader] = [await fixtures.user({ name: 'Author' }), await fixtures.user()];
      const tag = fixtures.name('tag');
      const note = await fixtures.note(author.id, { message: `A page #${tag}_b`, tags: [`${tag}_a`] });
      for (const [i, user] of [reader, author, reader].entries()) await adapters().repositories.comments.create(note, user.id, content(`comment ${i}`), fixtures.now());
      await adapters().repositories.favorites.add(note, reader.id, fixtures.now());
      for (const viewer of [anonymous, readerOf(reader.id), readerOf(author.id)]) {
        for (const page of [firstPage, { offset: 1, limit: 1 }]) {
          const found = await views().get(viewer, note, page);
          expect(found).toEqual({
            note: await adapters().noteViews.get(viewer, note),
            comments: await adapters().commentViews.pageOfNote(viewer, note, page),
            tags: await adapters().tagViews.namesOfNote(viewer, note),
          });
        }
      }
      const page = await views().get(anonymous, note, firstPage);
      expect(page?.comments.map((c) => c.comment)).toEqual(['comment 0', 'comment 1', 'comment 2']);
      expect(page?.tags).toEqual([`${tag}_a`, `${tag}_b`]);
    });

    it('gives nothing for a note the viewer may not read, or that does not exist', async () => {
      const [author, stranger] = [await fixtures.user(), await fixtures.user()];
      const hidden = await fixtures.note(author.id, { visibility: 'self', tags: [fixtures.name('tag')] });
      await adapters().repositories.comments.create(hidden, author.id, content('mine'), fixtures.now());
      await expect(views().get(anonymous, hidden, firstPage)).resolves.toBeNull();
      await expect(views().get(readerOf(stranger.id), hidden, firstPage)).resolves.toBeNull();
      await expect(views().get(readerOf(author.id), hidden, firstPage)).resolves.toMatchObject({ comments: [{ comment: 'mine' }] });
      await expect(views().get(anonymous, 2_000_000_000, firstPage)).resolves.toBeNull();
    });
  });
}

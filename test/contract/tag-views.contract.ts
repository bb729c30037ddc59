import { anonymous, firstPage, readerOf, type ContractAdapters, type Fixtures } from './contract-adapters';

/** TagViews: the tags of a note by name, and a tag by name, with counts of readable notes. */
export function tagViewsContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  describe('TagViews', () => {
    const views = () => adapters().tagViews;

    it('lists the tags of a note by name, each with the number of notes the viewer may read', async () => {
      const author = await fixtures.user();
      const base = fixtures.name('tag');
      const [a, b, c] = [`${base}_a`, `${base}_b`, `${base}_c`];
      const note = await fixtures.note(author.id, { message: `#${b}`, tags: [c, a] });
      await fixtures.note(author.id, { tags: [a] });
      await fixtures.note(author.id, { tags: [a, c], visibility: 'self' });

      const forAnyone = await views().ofNote(anonymous, note, firstPage);
      expect(forAnyone).toEqual({
        items: [
          { id: expect.any(Number), name: a, notesCount: 2 },
          { id: expect.any(Number), name: b, notesCount: 1 },
          { id: expect.any(Number), name: c, notesCount: 1 },
        ],
        total: 3,
      });
      await expect(views().namesOfNote(anonymous, note)).resolves.toEqual([a, b, c]);
      const forAuthor = await views().ofNote(readerOf(author.id), note, firstPage);
      expect(forAuthor.items.map((tag) => [tag.name, tag.notesCount])).toEqual([[a, 3], [b, 1], [c, 2]]);
      await expect(views().ofNote(anonymous, note, { offset: 1, limit: 1 })).resolves.toEqual({
        items: [{ id: forAnyone.items[1]?.id, name: b, notesCount: 1 }],
        total: 3,
      });
    });

    it('gives no tags for a note without any, or one the viewer may not read', async () => {
      const author = await fixtures.user();
      const untagged = await fixtures.note(author.id);
      const hidden = await fixtures.note(author.id, { tags: [fixtures.name('tag')], visibility: 'self' });
      await expect(views().ofNote(anonymous, untagged, firstPage)).resolves.toEqual({ items: [], total: 0 });
      await expect(views().ofNote(anonymous, hidden, firstPage)).resolves.toEqual({ items: [], total: 0 });
      await expect(views().ofNote(readerOf(author.id), hidden, firstPage)).resolves.toMatchObject({ total: 1 });
      await expect(views().namesOfNote(anonymous, untagged)).resolves.toEqual([]);
      await expect(views().namesOfNote(anonymous, hidden)).resolves.toEqual([]);
      await expect(views().namesOfNote(readerOf(author.id), hidden)).resolves.toHaveLength(1);
    });

    it('finds a tag by name with the number of notes the viewer may read', async () => {
      const author = await fixtures.user();
      const tag = fixtures.name('tag');
      await fixtures.note(author.id, { tags: [tag] });
      await fixtures.note(author.id, { message: `#${tag}`, visibility: 'self' });
      const found = await views().byName(anonymous, tag);
      expect(found).toEqual({ id: expect.any(Number), name: tag, notesCount: 1 });
      await expect(views().byName(readerOf(author.id), tag)).resolves.toEqual({ id: found?.id, name: tag, notesCount: 2 });
    });

    it('finds no tag no note ever carried, and keeps one whose notes are gone', async () => {
      await expect(views().byName(anonymous, fixtures.name('never'))).resolves.toBeNull();
      const author = await fixtures.user();
      const tag = fixtures.name('tag');
      const note = await fixtures.note(author.id, { tags: [tag] });
      await adapters().repositories.notes.delete(note);
      await expect(views().byName(anonymous, tag)).resolves.toMatchObject({ name: tag, notesCount: 0 });
    });
  });
}

import type { NoteFilter } from '../../src/application/ports/note-views';
import type { Database } from '../../src/adapters/persistence/kysely/database';
import { createTestDatabase } from '../support/test-database';
import { Fixtures, readerOf, type ContractAdapters, type TestUser } from './contract-adapters';
import { kyselyAdapters } from './kysely-adapters';

// The performance rule of the read side: a page costs the same number of statements at any size.
describe('Kysely read models: statements per call', () => {
  const statements: string[] = [];
  let database: Database;
  let adapters: ContractAdapters;
  const fixtures = new Fixtures(() => adapters);
  let author: TestUser;
  let reader: TestUser;
  let tag: string;
  const noteIds: number[] = [];

  /** How many statements `work` runs. */
  const cost = async (work: () => Promise<unknown>): Promise<number> => {
    statements.length = 0;
    await work();
    return statements.length;
  };

  beforeAll(async () => {
    database = await createTestDatabase({ onQuery: (sql) => statements.push(sql) });
    adapters = kyselyAdapters(database);
    author = await fixtures.user();
    reader = await fixtures.user();
    tag = fixtures.name('tag');
    for (let i = 0; i < 25; i++) {
      const visibility = i % 3 === 0 ? 'recipients' : 'public';
      const tags = [tag, fixtures.name('tag'), fixtures.name('tag')];
      noteIds.push(await fixtures.note(author.id, { message: `note ${i} #${fixtures.name('hash')}`, tags, visibility, city: `City ${i % 4}` }, [reader.id]));
    }
  });
  afterAll(() => database.close());

  const filters: [string, () => NoteFilter][] = [
    ['no filter', () => ({})],
    ['an author', () => ({ authorId: author.id })],
    ['a tag', () => ({ tag })],
  ];

  it.each(filters)('lists a page of 20 notes with %s in as many statements as a page of 1, at most 2', async (_name, filterOf) => {
    const filter = filterOf();
    const viewer = readerOf(reader.id);
    let size = 0;
    const one = await cost(async () => { size = (await adapters.noteViews.list(viewer, filter, { offset: 0, limit: 1 })).items.length; });
    expect(size).toBe(1);
    const twenty = await cost(async () => { size = (await adapters.noteViews.list(viewer, filter, { offset: 0, limit: 20 })).items.length; });
    expect(size).toBe(20);
    expect(twenty).toBe(one);
    expect(twenty).toBeLessThanOrEqual(2);
  });

  it('gets a note in one statement', async () => {
    await expect(cost(() => adapters.noteViews.get(readerOf(reader.id), noteIds[0] ?? 0))).resolves.toBe(1);
  });

  it('gets a profile with all its counts in one statement', async () => {
    await expect(cost(() => adapters.userViews.get(readerOf(reader.id), author.id))).resolves.toBe(1);
    await expect(cost(() => adapters.userViews.getByUsername(readerOf(reader.id), author.username))).resolves.toBe(1);
  });

  it('lists the tags of a note in two statements, and finds a tag in one', async () => {
    await expect(cost(() => adapters.tagViews.ofNote(readerOf(reader.id), noteIds[1] ?? 0, { offset: 0, limit: 20 }))).resolves.toBe(2);
    await expect(cost(() => adapters.tagViews.byName(readerOf(reader.id), tag))).resolves.toBe(1);
  });

  it('finds a note with its tags and recipients in one statement', async () => {
    await expect(cost(() => adapters.repositories.notes.findById(noteIds[2] ?? 0))).resolves.toBe(1);
  });

  it('flushes the views of many notes in one statement, and an empty counter in none', async () => {
    for (const id of noteIds) adapters.viewCounter.record(id);
    await expect(cost(() => adapters.viewCounter.flush())).resolves.toBe(1);
    await expect(cost(() => adapters.viewCounter.flush())).resolves.toBe(0);
    await expect(adapters.noteViews.get(readerOf(reader.id), noteIds[3] ?? 0)).resolves.toMatchObject({ publicViewsCount: 1 });
  });
});

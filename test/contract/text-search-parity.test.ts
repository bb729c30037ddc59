import { sql } from 'kysely';
import type { Database } from '../../src/adapters/persistence/kysely/database';
import { searchQuery } from '../../src/adapters/persistence/kysely/note-conditions-query';
import { textRank } from '../../src/adapters/persistence/memory/memory-text-search';
import { createTestDatabase } from '../support/test-database';

// The memory adapter's search must find what PostgreSQL's finds (decision `plain-word-search`: plain words, no operators).
const DOCUMENTS = [
  'I went running along the river',
  'The crowd runs everywhere',
  'Studies of flies and happily flying geese',
  'Generously sized cafés with photos',
  'Der Regen fällt auf die Häuser',
  'To be or not to be',
  'Connection connected connecting',
  '東京 タワー night view',
];
const QUERIES = [
  'run', 'running', 'runs', 'river running', 'study', 'studies', 'fly', 'flying', 'happy', 'goose', 'generous',
  'café', 'cafes', 'photo', 'häuser', 'regen fällt', 'the', 'to be', 'be', 'connect', 'connections', 'night views',
  '東京', 'tower', 'crowd everywhere', 'crowd nowhere',
];

describe('full-text search: memory matches PostgreSQL', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase({ kind: 'pglite' });
  });
  afterAll(() => database.close());

  it.each(QUERIES)('%j finds the same documents', async (query) => {
    const rows = await sql<{ doc: string; hit: boolean }>`
      select doc, (to_tsvector('english', doc) || to_tsvector('simple', doc)) @@ ${searchQuery(query)} as hit
      from unnest(${DOCUMENTS}::text[]) as doc`.execute(database.kysely);
    const postgres = rows.rows.filter((row) => row.hit).map((row) => row.doc);
    expect(DOCUMENTS.filter((doc) => textRank(doc, query) !== null)).toEqual(postgres);
  });
});

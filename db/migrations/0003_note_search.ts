import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Full-text search of notes (`q`): the title and message as English stems (running → run) and as the
// words written (any language), in one stored tsvector with a GIN index. Queries must match it with
// plainto_tsquery('english', q) || plainto_tsquery('simple', q) (note-conditions-query.ts).
// `sort=popular` reads its order from an index too. Areas (`bbox`, `near`) use notes_location_idx (0001).
const statements = [
  `alter table notes add column search tsvector generated always as (
    to_tsvector('english', coalesce(title, '') || ' ' || message)
    || to_tsvector('simple', coalesce(title, '') || ' ' || message)
  ) stored`,
  `create index notes_search_idx on notes using gin (search)`,
  `create index notes_popular_idx on notes (favoriters_count desc, public_views_count desc, created_at desc, id desc)`,
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};

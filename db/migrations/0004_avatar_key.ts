import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// An uploaded avatar: the blob key of its file. `has_avatar` (what the API shows) follows it, and
// GET /avatars/:hash finds the user by the hash in the URL.
const statements = [
  `alter table users add column avatar_key text`,
  `alter table users add constraint users_avatar_check check (has_avatar = (avatar_key is not null))`,
  `create index users_avatar_hash_idx on users (avatar_hash)`,
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};

import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Two-step sign-in and the signed-in browsers (docs/security.md, Two-step sign-in; decisions `totp-key-stored`,
// `sign-in-challenge`, `session-last-seen`).
//
// - `users` gets the TOTP key (160 bits, base32), when two-step sign-in was turned on, and the last time step a
//   code was accepted for: a code of that step or an earlier one is refused, so each step's code is used once.
// - `recovery_codes`: the single-use codes shown once when two-step sign-in is turned on, as SHA-256 hashes; a
//   used code's row is deleted.
// - `sign_in_challenges`: between the password and the code, a random token (stored hashed) that names the
//   account for a few minutes. It is not a session: it signs nobody in.
// - `web_sessions` gets the browser's User-Agent, its address cut to /24 (IPv4) or /48 (IPv6), and when the
//   session was last seen (written at most every few minutes, never on each request).
const statements = [
  `alter table users
    add column totp_key text,
    add column totp_enabled_at timestamptz,
    add column totp_last_step bigint`,
  `create table recovery_codes (
    user_id integer not null references users (id) on delete cascade,
    code_hash text not null,
    primary key (user_id, code_hash)
  )`,
  `create table sign_in_challenges (
    token_hash text primary key,
    user_id integer not null references users (id) on delete cascade,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`,
  `create index sign_in_challenges_user_idx on sign_in_challenges (user_id)`,
  `alter table web_sessions
    add column user_agent text,
    add column address text,
    add column last_seen_at timestamptz`,
  `update web_sessions set last_seen_at = created_at`,
  `alter table web_sessions alter column last_seen_at set not null, alter column last_seen_at set default now()`,
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};

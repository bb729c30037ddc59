import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// A subscription lasts as long as its user's grant to its application, and its deliveries show only what that grant
// allows now (docs/events.md, Webhooks). A delivery's body is written when its event is fanned out, with the
// scopes the grant held then; `scopes` keeps them (space-separated, expanded), so a retry whose grant has narrowed
// since is dropped rather than sent. The deliveries already waiting were written with their subscription's scopes.
const statements = [
  `alter table webhook_deliveries add column scopes text not null default ''`,
  `update webhook_deliveries d set scopes = s.scopes from webhook_subscriptions s where s.id = d.subscription_id`,
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};

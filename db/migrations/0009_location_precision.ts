import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Location precision (decision `precision-grid`): how precisely everyone but its author sees where a note is, and the
// position they see, the centre of a fixed grid cell, kept beside the exact one and indexed like it. Every note
// written so far is exact, so its public position is its position.
const statements = [
  `alter table notes
    add column location_precision text not null default 'exact'
      constraint notes_location_precision_check check (location_precision in ('exact', 'street', 'neighborhood', 'city')),
    add column public_latitude double precision,
    add column public_longitude double precision`,
  `update notes set public_latitude = latitude, public_longitude = longitude`,
  `alter table notes
    alter column public_latitude set not null,
    alter column public_longitude set not null,
    add constraint notes_public_latitude_check check (public_latitude between -90 and 90),
    add constraint notes_public_longitude_check check (public_longitude between -180 and 180)`,
  `create index notes_public_location_idx on notes using gist (point(public_longitude, public_latitude))`,
];

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) {
      await sql.raw(statement).execute(db);
    }
  },
};

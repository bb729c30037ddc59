import type { Kysely } from 'kysely';
import type { Repositories } from '../../../application/ports/unit-of-work';
import { KyselyAccessTokenRepository } from './kysely-access-token-repository';
import { KyselyClientRepository } from './kysely-client-repository';
import { KyselyNoteRepository } from './kysely-note-repository';
import { KyselyUserRepository } from './kysely-user-repository';
import type { Schema } from './schema';

/** Every repository bound to one connection or transaction (a Kysely `Transaction` is a `Kysely`). */
export function kyselyRepositories(db: Kysely<Schema>): Repositories {
  return {
    users: new KyselyUserRepository(db),
    notes: new KyselyNoteRepository(db),
    clients: new KyselyClientRepository(db),
    tokens: new KyselyAccessTokenRepository(db),
  };
}

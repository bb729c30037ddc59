import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { Repositories, UnitOfWork } from '../../../application/ports/unit-of-work';
import { ACCESS_TOKEN_CACHE, type AccessTokenCache } from './access-token-cache';
import { KYSELY } from './database';
import { kyselyRepositories } from './kysely-repositories';
import type { Schema } from './schema';

/** Runs work in one database transaction, committed when the work resolves and rolled back when it throws. */
@injectable()
export class KyselyUnitOfWork implements UnitOfWork {
  constructor(
    @inject(KYSELY) private readonly db: Kysely<Schema>,
    @inject(ACCESS_TOKEN_CACHE) private readonly tokenCache: AccessTokenCache | null = null,
  ) {}

  run<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(kyselyRepositories(trx, this.tokenCache)));
  }
}

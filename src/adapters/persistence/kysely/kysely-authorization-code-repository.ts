import type { Kysely, Selectable } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type {
  AuthorizationCodeRecord, AuthorizationCodeRepository, NewAuthorizationCode,
} from '../../../application/ports/authorization-code-repository';
import { isScope } from '../../../domain/scopes';
import { KYSELY } from './database';
import type { AuthorizationCodesTable, Schema } from './schema';

@injectable()
export class KyselyAuthorizationCodeRepository implements AuthorizationCodeRepository {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async create(code: NewAuthorizationCode, now: Date): Promise<number> {
    const row = await this.db
      .insertInto('authorization_codes')
      .values({
        code_hash: code.codeHash,
        client_id: code.clientId,
        user_id: code.userId,
        redirect_uri: code.redirectUri,
        scopes: code.scopes.join(' '),
        code_challenge: code.codeChallenge,
        code_challenge_method: code.codeChallengeMethod,
        expires_at: code.expiresAt,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async findByHash(codeHash: string): Promise<AuthorizationCodeRecord | null> {
    const row = await this.db.selectFrom('authorization_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  async markUsed(id: number, now: Date): Promise<boolean> {
    // One statement decides, so of two concurrent exchanges exactly one sees the code unused.
    const result = await this.db.updateTable('authorization_codes').set({ used_at: now })
      .where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async markUsedForUserAndClient(userId: number, clientId: number, now: Date): Promise<void> {
    await this.db.updateTable('authorization_codes').set({ used_at: now })
      .where('user_id', '=', userId).where('client_id', '=', clientId).where('used_at', 'is', null).execute();
  }
}

function toRecord(row: Selectable<AuthorizationCodesTable>): AuthorizationCodeRecord {
  return {
    id: row.id,
    codeHash: row.code_hash,
    clientId: row.client_id,
    userId: row.user_id,
    redirectUri: row.redirect_uri,
    scopes: row.scopes.split(' ').filter(isScope),
    codeChallenge: row.code_challenge,
    codeChallengeMethod: row.code_challenge_method,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    createdAt: row.created_at,
  };
}

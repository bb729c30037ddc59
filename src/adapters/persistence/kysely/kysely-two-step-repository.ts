import { sql, type ColumnType, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { SignInChallenge, TwoStepRepository, TwoStepState } from '../../../application/ports/two-step-repository';
import { KYSELY } from './database';
import type { Schema } from './schema';

/** The columns and tables of migration 0022, typed here so the shared schema file stays as it is. */
interface TwoStepTables {
  users: Schema['users'] & {
    totp_key: string | null;
    totp_enabled_at: ColumnType<Date | null, Date | null, Date | null>;
    totp_last_step: ColumnType<string | null, number | null, number | null>;
  };
  recovery_codes: { user_id: number; code_hash: string };
  sign_in_challenges: {
    token_hash: string;
    user_id: number;
    expires_at: ColumnType<Date, Date, Date>;
    created_at: ColumnType<Date, Date, Date>;
  };
}

@injectable()
export class KyselyTwoStepRepository implements TwoStepRepository {
  private readonly db: Kysely<Omit<Schema, 'users'> & TwoStepTables>;

  constructor(@inject(KYSELY) db: Kysely<Schema>) {
    this.db = db as unknown as Kysely<Omit<Schema, 'users'> & TwoStepTables>;
  }

  async find(userId: number): Promise<TwoStepState | null> {
    const row = await this.db.selectFrom('users')
      .select(['totp_key', 'totp_enabled_at'])
      .select((eb) => eb.selectFrom('recovery_codes').whereRef('recovery_codes.user_id', '=', 'users.id')
        .select(sql<number>`count(*)::int`.as('n')).as('codes_left'))
      .where('id', '=', userId)
      .executeTakeFirst();
    if (row?.totp_key == null || row.totp_enabled_at === null) return null;
    return { key: row.totp_key, enabledAt: row.totp_enabled_at, recoveryCodesLeft: Number(row.codes_left ?? 0) };
  }

  async turnOn(userId: number, key: string, usedStep: number, recoveryCodeHashes: readonly string[], now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ totp_key: key, totp_enabled_at: now, totp_last_step: usedStep }).where('id', '=', userId).execute();
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      if (recoveryCodeHashes.length > 0) {
        await trx.insertInto('recovery_codes').values(recoveryCodeHashes.map((code_hash) => ({ user_id: userId, code_hash }))).execute();
      }
    });
  }

  async turnOff(userId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('users').set({ totp_key: null, totp_enabled_at: null, totp_last_step: null })
        .where('id', '=', userId).where('totp_key', 'is not', null).executeTakeFirst();
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  async acceptStep(userId: number, step: number): Promise<boolean> {
    // One statement: of two requests with codes of one step, only one moves the step on.
    const result = await this.db.updateTable('users').set({ totp_last_step: step })
      .where('id', '=', userId).where('totp_key', 'is not', null)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', sql<string>`${step}`)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async useRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
    const result = await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).where('code_hash', '=', codeHash).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async createChallenge(challenge: SignInChallenge, now: Date): Promise<void> {
    // Expired challenges of anyone go with each new one, so the table holds only the last few minutes' sign-ins.
    await this.db.deleteFrom('sign_in_challenges').where('expires_at', '<=', now).execute();
    await this.db.insertInto('sign_in_challenges')
      .values({ token_hash: challenge.tokenHash, user_id: challenge.userId, expires_at: challenge.expiresAt, created_at: now })
      .execute();
  }

  async findChallenge(tokenHash: string): Promise<SignInChallenge | null> {
    const row = await this.db.selectFrom('sign_in_challenges').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return row ? { tokenHash: row.token_hash, userId: row.user_id, expiresAt: row.expires_at } : null;
  }

  async deleteChallenge(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sign_in_challenges').where('token_hash', '=', tokenHash).execute();
  }
}

import { inject, injectable } from 'tsyringe';
import type { Scope } from '../../domain/scopes';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { sha256Hex } from './secrets';

export interface LiveRefreshToken {
  id: number;
  /** The client's numeric id. */
  clientId: number;
  userId: number;
  username: string;
  scopes: Scope[];
  /** The code the grant started from, to carry on to the tokens that replace it. */
  authorizationCodeId: number | null;
}

/** A refresh token that may still be redeemed: unknown, revoked or expired ones are null. */
@injectable()
export class FindRefreshToken {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute(token: string): Promise<LiveRefreshToken | null> {
    return this.uow.run(async ({ refreshTokens, tokens, users }) => {
      const record = await refreshTokens.findByHash(sha256Hex(token));
      if (record === null || record.revokedAt !== null || (record.expiresAt !== null && record.expiresAt <= this.clock.now())) return null;
      const user = await users.findById(record.userId);
      if (user === null) return null;
      const access = record.accessTokenId === null ? null : await tokens.findById(record.accessTokenId);
      return {
        id: record.id,
        clientId: record.clientId,
        userId: user.id,
        username: user.username,
        scopes: record.scopes,
        authorizationCodeId: access?.authorizationCodeId ?? null,
      };
    });
  }
}

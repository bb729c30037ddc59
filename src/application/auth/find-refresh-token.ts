import { inject, injectable } from 'tsyringe';
import type { Scope } from '../../domain/scopes';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { EndLapsedWebhooks } from '../webhooks/end-lapsed-webhooks';
import { sha256Hex } from './secrets';
import { revokeFamily } from './token-family';

export interface LiveRefreshToken {
  id: number;
  /** The client's numeric id. */
  clientId: number;
  userId: number;
  username: string;
  scopes: Scope[];
  /** The access token issued with it, revoked when it is used. */
  accessTokenId: number | null;
  /** The code the grant started from, to carry on to the tokens that replace it: it names the token family. */
  authorizationCodeId: number | null;
}

/**
 * A refresh token that may still be redeemed: unknown, revoked or expired ones are null. One that was revoked
 * (used already, or revoked) coming back is a replay: its whole family is revoked (RFC 9700 §4.14.2), and the
 * webhooks of a grant that leaves without a live token are deleted.
 */
@injectable()
export class FindRefreshToken {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(EndLapsedWebhooks) private readonly endLapsed: EndLapsedWebhooks,
  ) {}

  async execute(token: string): Promise<LiveRefreshToken | null> {
    // The grant a replay revoked tokens of, to end its webhooks once that has committed.
    const replayed: { owner: { userId: number; clientId: number } | null } = { owner: null };
    const found = await this.uow.run(async ({ refreshTokens, tokens, users }) => {
      const record = await refreshTokens.findByHash(sha256Hex(token));
      const now = this.clock.now();
      if (record === null || (record.expiresAt !== null && record.expiresAt <= now)) return null;
      const access = record.accessTokenId === null ? null : await tokens.findById(record.accessTokenId);
      const member = { id: record.id, accessTokenId: record.accessTokenId, authorizationCodeId: access?.authorizationCodeId ?? null };
      if (record.revokedAt !== null) {
        await revokeFamily({ tokens, refreshTokens }, member, now);
        replayed.owner = { userId: record.userId, clientId: record.clientId };
        return null;
      }
      const user = await users.findById(record.userId);
      if (user === null) return null;
      return { ...member, clientId: record.clientId, userId: user.id, username: user.username, scopes: record.scopes };
    });
    if (replayed.owner !== null) await this.endLapsed.execute([replayed.owner]);
    return found;
  }
}

import { inject, injectable } from 'tsyringe';
import type { AuthorizationCodeRecord } from '../ports/authorization-code-repository';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { EndLapsedWebhooks } from '../webhooks/end-lapsed-webhooks';
import { sha256Hex } from './secrets';

/**
 * The code a token request presents. A code that was exchanged already is a replay: it is refused
 * (null) and every token issued from it is revoked (RFC 6749 §4.1.2, docs/oauth.md), and the webhooks
 * of a grant that leaves without a live token are deleted.
 */
@injectable()
export class FindAuthorizationCode {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(EndLapsedWebhooks) private readonly endLapsed: EndLapsedWebhooks,
  ) {}

  async execute(code: string): Promise<{ code: AuthorizationCodeRecord; user: { id: number; username: string } } | null> {
    // The grant a replay revoked tokens of, to end its webhooks once that has committed.
    const replayed: { owner: { userId: number; clientId: number } | null } = { owner: null };
    const found = await this.uow.run(async ({ codes, tokens, refreshTokens, users }) => {
      const record = await codes.findByHash(sha256Hex(code));
      if (record === null) return null;
      if (record.usedAt !== null) {
        const now = this.clock.now();
        await refreshTokens.revokeForAuthorizationCode(record.id, now);
        await tokens.revokeForAuthorizationCode(record.id, now);
        replayed.owner = { userId: record.userId, clientId: record.clientId };
        return null;
      }
      const user = await users.findById(record.userId);
      return user === null ? null : { code: record, user: { id: user.id, username: user.username } };
    });
    if (replayed.owner !== null) await this.endLapsed.execute([replayed.owner]);
    return found;
  }
}

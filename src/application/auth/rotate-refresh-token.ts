import { inject, injectable } from 'tsyringe';
import type { Scope } from '../../domain/scopes';
import { CLOCK, type Clock } from '../ports/clock';
import { TOKEN_POLICY, type TokenPolicy } from '../ports/token-policy';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { EndLapsedWebhooks } from '../webhooks/end-lapsed-webhooks';
import type { LiveRefreshToken } from './find-refresh-token';
import { storeTokens, type IssuedTokens } from './issue-tokens';
import { revokeFamily } from './token-family';

/**
 * Exchanges a refresh token (RFC 6749 §6) with rotation: the token and the access token issued with it are
 * revoked, and new ones are issued, in one unit of work. When another request used the token first it is a
 * replay: the whole family is revoked and the answer is null. Being one transaction, a concurrent exchange
 * that won the race has committed its new tokens before the loser revokes the family, so they go too.
 */
@injectable()
export class RotateRefreshToken {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(TOKEN_POLICY) private readonly policy: TokenPolicy,
    @inject(EndLapsedWebhooks) private readonly endLapsed: EndLapsedWebhooks,
  ) {}

  /**
   * `scopes`: those of the refresh token, or fewer when the client asked for fewer (RFC 6749 §6). Fewer narrow the
   * grant: the webhooks it keeps deliver only what the new tokens allow (docs/events.md, Webhooks).
   */
  async execute(refresh: LiveRefreshToken, scopes: readonly Scope[]): Promise<IssuedTokens | null> {
    const issued = await this.#rotate(refresh, scopes);
    // A replay revoked the family: the grant may have no live token left.
    if (issued === null) await this.endLapsed.execute([{ userId: refresh.userId, clientId: refresh.clientId }]);
    return issued;
  }

  #rotate(refresh: LiveRefreshToken, scopes: readonly Scope[]): Promise<IssuedTokens | null> {
    const now = this.clock.now();
    return this.uow.run(async (repositories) => {
      if (!(await repositories.refreshTokens.revoke(refresh.id, now))) {
        await revokeFamily(repositories, refresh, now);
        return null;
      }
      if (refresh.accessTokenId !== null) await repositories.tokens.revoke(refresh.accessTokenId, now);
      return storeTokens(repositories, {
        clientId: refresh.clientId,
        userId: refresh.userId,
        scopes,
        authorizationCodeId: refresh.authorizationCodeId,
        withRefreshToken: true,
      }, now, this.policy.accessTokenTtlS);
    });
  }
}

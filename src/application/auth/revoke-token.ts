import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { EndLapsedWebhooks } from '../webhooks/end-lapsed-webhooks';
import { sha256Hex } from './secrets';

/**
 * Token revocation (RFC 7009) for the client that holds the token: an access token takes its refresh
 * tokens with it, and a refresh token its access token. A token that is unknown or belongs to another
 * client is left alone, and the caller is not told which (the endpoint answers 200 either way). When it
 * was the last live token of its user and client, the webhooks the client subscribed for that user go
 * with it (docs/events.md, Webhooks).
 */
@injectable()
export class RevokeToken {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(EndLapsedWebhooks) private readonly endLapsed: EndLapsedWebhooks,
  ) {}

  async execute(clientId: number, token: string, hint: 'access_token' | 'refresh_token' | null): Promise<void> {
    const hash = sha256Hex(token);
    const now = this.clock.now();
    const userId = await this.uow.run(async ({ tokens, refreshTokens }): Promise<number | null> => {
      // The hint only sets the order of the look-ups (RFC 7009 §2.1).
      const order = hint === 'refresh_token' ? ['refresh', 'access'] as const : ['access', 'refresh'] as const;
      for (const kind of order) {
        if (kind === 'access') {
          const access = await tokens.findByHash(hash);
          if (access === null || access.clientId !== clientId) continue;
          await tokens.revoke(access.id, now);
          await refreshTokens.revokeForAccessToken(access.id, now);
          return access.userId;
        }
        const refresh = await refreshTokens.findByHash(hash);
        if (refresh === null || refresh.clientId !== clientId) continue;
        await refreshTokens.revoke(refresh.id, now);
        if (refresh.accessTokenId !== null) await tokens.revoke(refresh.accessTokenId, now);
        return refresh.userId;
      }
      return null;
    });
    if (userId !== null) await this.endLapsed.execute([{ userId, clientId }]);
  }
}

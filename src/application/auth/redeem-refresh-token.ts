import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../ports/clock';
import { REFRESH_TOKEN_REPOSITORY, type RefreshTokenRepository } from '../ports/refresh-token-repository';

/** Revokes a refresh token as it is exchanged (rotation); false when another request redeemed it first. */
@injectable()
export class RedeemRefreshToken {
  constructor(
    @inject(REFRESH_TOKEN_REPOSITORY) private readonly refreshTokens: RefreshTokenRepository,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute(refreshTokenId: number): Promise<boolean> {
    return this.refreshTokens.revoke(refreshTokenId, this.clock.now());
  }
}

import { inject, injectable } from 'tsyringe';
import { userActor, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { ACCESS_TOKEN_REPOSITORY, type AccessTokenRepository } from '../ports/access-token-repository';
import { CLOCK, type Clock } from '../ports/clock';
import { sha256Hex } from './secrets';

/** Turns a presented bearer token into the actor it stands for; unknown, expired or revoked is 401. */
@injectable()
export class AuthenticateToken {
  constructor(
    @inject(ACCESS_TOKEN_REPOSITORY) private readonly tokens: AccessTokenRepository,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(token: string): Promise<Actor> {
    const record = await this.tokens.findByHash(sha256Hex(token));
    const now = this.clock.now();
    if (record === null || record.revokedAt !== null || (record.expiresAt !== null && record.expiresAt <= now)) {
      throw new DomainError('invalid_token', 'the access token is invalid, expired or revoked');
    }
    return userActor(record.userId, record.scopes, record.clientId);
  }
}

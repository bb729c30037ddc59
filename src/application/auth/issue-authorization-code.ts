import { inject, injectable } from 'tsyringe';
import { AUTHORIZATION_CODE_LIFETIME_S } from '../../domain/oauth-grant';
import type { Scope } from '../../domain/scopes';
import { AUTHORIZATION_CODE_REPOSITORY, type AuthorizationCodeRepository } from '../ports/authorization-code-repository';
import { CLOCK, type Clock } from '../ports/clock';
import { newSecret, sha256Hex } from './secrets';

export interface AuthorizationCodeGrant {
  /** The client's numeric id. */
  clientId: number;
  userId: number;
  redirectUri: string;
  scopes: readonly Scope[];
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
}

/** Issues the single-use code the user's consent becomes; it lives 10 minutes and is stored as a hash. */
@injectable()
export class IssueAuthorizationCode {
  constructor(
    @inject(AUTHORIZATION_CODE_REPOSITORY) private readonly codes: AuthorizationCodeRepository,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(grant: AuthorizationCodeGrant): Promise<{ code: string; expiresAt: Date }> {
    const code = newSecret();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + AUTHORIZATION_CODE_LIFETIME_S * 1000);
    await this.codes.create({ ...grant, scopes: [...grant.scopes], codeHash: sha256Hex(code), expiresAt }, now);
    return { code, expiresAt };
  }
}

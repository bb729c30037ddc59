import { inject, injectable } from 'tsyringe';
import { formatScopes, type Scope } from '../../domain/scopes';
import { CLOCK, type Clock } from '../ports/clock';
import { TOKEN_POLICY, type TokenPolicy } from '../ports/token-policy';
import { UNIT_OF_WORK, type Repositories, type UnitOfWork } from '../ports/unit-of-work';
import { newSecret, sha256Hex } from './secrets';

export interface TokenGrant {
  /** The client's numeric id. */
  clientId: number;
  userId: number;
  scopes: readonly Scope[];
  /** The code the grant started from, carried through refreshes so a replayed code revokes them all. */
  authorizationCodeId: number | null;
  /** The client-side flow gets no refresh token. */
  withRefreshToken: boolean;
}

export interface IssuedTokens {
  accessToken: string;
  /** Null when access tokens do not expire (ACCESS_TOKEN_TTL_S unset). */
  accessTokenExpiresAt: Date | null;
  /** The access token's lifetime in seconds (`expires_in`), null when it does not expire. */
  lifetimeS: number | null;
  refreshToken: string | null;
  /** The canonical scope text: what the user granted. */
  scope: string;
  scopes: Scope[];
}

/** Issues an access token (and a refresh token) for an OAuth grant; only their hashes are stored. */
@injectable()
export class IssueTokens {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(TOKEN_POLICY) private readonly policy: TokenPolicy,
  ) {}

  execute(grant: TokenGrant): Promise<IssuedTokens> {
    return this.uow.run((repositories) => storeTokens(repositories, grant, this.clock.now(), this.policy.accessTokenTtlS));
  }
}

/** Makes and stores the tokens of a grant inside the caller's unit of work (a refresh rotates in the same one). */
export async function storeTokens(
  { tokens, refreshTokens }: Pick<Repositories, 'tokens' | 'refreshTokens'>,
  grant: TokenGrant,
  now: Date,
  ttl: number | null,
): Promise<IssuedTokens> {
  const accessToken = newSecret();
  const refreshToken = grant.withRefreshToken ? newSecret() : null;
  const accessTokenExpiresAt = ttl === null ? null : new Date(now.getTime() + ttl * 1000);
  const scope = formatScopes(grant.scopes);
  const scopes = scope.split(' ') as Scope[];
  const accessTokenId = await tokens.create({
    tokenHash: sha256Hex(accessToken),
    userId: grant.userId,
    clientId: grant.clientId,
    scopes,
    expiresAt: accessTokenExpiresAt,
    authorizationCodeId: grant.authorizationCodeId,
  }, now);
  if (refreshToken !== null) {
    // Refresh tokens do not expire; each is used once and replaced, and revoking the application ends them.
    await refreshTokens.create({
      tokenHash: sha256Hex(refreshToken), accessTokenId, userId: grant.userId, clientId: grant.clientId, scopes, expiresAt: null,
    }, now);
  }
  return { accessToken, accessTokenExpiresAt, lifetimeS: ttl, refreshToken, scope, scopes };
}

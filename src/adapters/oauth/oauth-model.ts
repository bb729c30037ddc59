import OAuth2Server from '@node-oauth/oauth2-server';
import { inject, injectable } from 'tsyringe';
import { AuthenticateClient } from '../../application/auth/authenticate-client';
import { ConsumeAuthorizationCode } from '../../application/auth/consume-authorization-code';
import { FindAuthorizationCode } from '../../application/auth/find-authorization-code';
import { FindRefreshToken, type LiveRefreshToken } from '../../application/auth/find-refresh-token';
import { IssueTokens } from '../../application/auth/issue-tokens';
import type { OAuthClient } from '../../application/auth/oauth-client';
import { RotateRefreshToken } from '../../application/auth/rotate-refresh-token';
import type { Scope } from '../../domain/scopes';

/** What the token endpoint needs: codes are issued by the authorization endpoint itself, never by the library. */
export type OAuthModel = Omit<OAuth2Server.AuthorizationCodeModel, 'saveAuthorizationCode'> & OAuth2Server.RefreshTokenModel;

/** The grants every client may use at the token endpoint. */
const GRANTS = ['authorization_code', 'refresh_token'];

/** The library's view of a client; its `id` is our numeric id as text. */
function libraryClient(client: OAuthClient): OAuth2Server.Client {
  return { id: String(client.id), clientId: client.clientId, redirectUris: client.redirectUris, grants: GRANTS, isPublic: client.isPublic };
}

function libraryClientId(id: number): OAuth2Server.Client {
  return { id: String(id), grants: GRANTS };
}

/**
 * The `@node-oauth/oauth2-server` model over the application's use cases, for the token endpoint. One model
 * serves one request: it remembers the authorization code or the refresh token the grant came from, so the
 * tokens it saves belong to that code's family, and a refresh rotates the token it presented.
 */
@injectable()
export class OAuthModelFactory {
  constructor(
    @inject(AuthenticateClient) private readonly authenticateClient: AuthenticateClient,
    @inject(FindAuthorizationCode) private readonly findCode: FindAuthorizationCode,
    @inject(ConsumeAuthorizationCode) private readonly consumeCode: ConsumeAuthorizationCode,
    @inject(IssueTokens) private readonly issueTokens: IssueTokens,
    @inject(FindRefreshToken) private readonly findRefreshToken: FindRefreshToken,
    @inject(RotateRefreshToken) private readonly rotateRefreshToken: RotateRefreshToken,
  ) {}

  create(): OAuthModel {
    let authorizationCodeId: number | null = null;
    let refreshing: LiveRefreshToken | null = null;
    return {
      // The secret, or undefined for a public client (whose PKCE verifier the library checks).
      getClient: async (clientId: string, clientSecret: string | undefined) => {
        const client = await this.authenticateClient.execute(clientId, clientSecret ?? null);
        return client === null ? false : libraryClient(client);
      },

      getAuthorizationCode: async (code: string) => {
        const found = await this.findCode.execute(code);
        if (found === null) return false;
        authorizationCodeId = found.code.id;
        return {
          authorizationCode: code,
          // A Date of this realm: the library checks `instanceof Date`, and cloned dates may come from another.
          expiresAt: new Date(found.code.expiresAt.getTime()),
          redirectUri: found.code.redirectUri,
          scope: found.code.scopes,
          client: libraryClientId(found.code.clientId),
          user: found.user,
          ...(found.code.codeChallenge === null ? {} : {
            codeChallenge: found.code.codeChallenge,
            codeChallengeMethod: found.code.codeChallengeMethod ?? 'S256',
          }),
        };
      },

      // Must answer true only for the exchange that used the code first.
      revokeAuthorizationCode: async () => authorizationCodeId !== null && this.consumeCode.execute(authorizationCodeId),

      // A code grant issues new tokens; a refresh grant rotates the refresh token in the same transaction.
      saveToken: async (token, client, user) => {
        const scopes = (token.scope ?? ['read']) as Scope[];
        const issued = refreshing === null
          ? await this.issueTokens.execute({ clientId: Number(client.id), userId: userId(user), scopes, authorizationCodeId, withRefreshToken: true })
          : await this.rotateRefreshToken.execute(refreshing, scopes);
        if (issued === null) throw new OAuth2Server.InvalidGrantError('Invalid grant: refresh token was already used; every token of this grant is revoked');
        return {
          accessToken: issued.accessToken,
          ...(issued.accessTokenExpiresAt === null ? {} : { accessTokenExpiresAt: new Date(issued.accessTokenExpiresAt.getTime()) }),
          ...(issued.refreshToken === null ? {} : { refreshToken: issued.refreshToken }),
          scope: issued.scopes,
          client,
          user,
        };
      },

      getRefreshToken: async (refreshToken: string) => {
        const found = await this.findRefreshToken.execute(refreshToken);
        if (found === null) return false;
        refreshing = found;
        return {
          refreshToken,
          scope: found.scopes,
          client: libraryClientId(found.clientId),
          user: { id: found.userId, username: found.username },
          refreshTokenId: found.id,
        };
      },

      // The library revokes before it saves; rotation does both at once in saveToken, so there is nothing to do yet.
      revokeToken: async () => refreshing !== null,

      // API requests are authenticated by AuthenticateToken (adapters/http/authentication.ts), not by the library.
      getAccessToken: async () => false,
    };
  }
}

function userId(user: OAuth2Server.User): number {
  const id: unknown = user.id;
  if (typeof id !== 'number') throw new Error('the OAuth user has no numeric id');
  return id;
}

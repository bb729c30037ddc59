import { inject, injectable } from 'tsyringe';
import { implicitScopes } from '../../domain/oauth-grant';
import type { Scope } from '../../domain/scopes';
import { IssueTokens, type IssuedTokens } from './issue-tokens';

/** The client-side flow: a read-only access token straight away, without a refresh token (docs/oauth.md). */
@injectable()
export class IssueImplicitToken {
  constructor(@inject(IssueTokens) private readonly issueTokens: IssueTokens) {}

  execute(clientId: number, userId: number, granted: readonly Scope[]): Promise<IssuedTokens> {
    return this.issueTokens.execute({
      clientId, userId, scopes: implicitScopes(granted), authorizationCodeId: null, withRefreshToken: false,
    });
  }
}

import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { implicitScopes, isPkceValue, isRegisteredRedirectUri } from '../../domain/oauth-grant';
import { parseScopes, type Scope } from '../../domain/scopes';
import { FindClient } from './find-client';
import type { OAuthClient } from './oauth-client';

/** The parameters of `GET /oauth/authorize` (and of the consent form that repeats them). */
export interface AuthorizationParams {
  clientId?: string;
  redirectUri?: string;
  responseType?: string;
  scope?: string;
  state?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
}

/** A request the user may be asked to consent to. */
export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  responseType: 'code' | 'token';
  /** The scopes the client asked for (capped to read-only for the client-side flow); `read` always. */
  scopes: Scope[];
  state: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: 'S256' | null;
}

/** An error the client hears about at its redirect URI (RFC 6749 §4.1.2.1). */
export interface RedirectedError {
  redirectUri: string;
  error: 'invalid_request' | 'unsupported_response_type' | 'unauthorized_client' | 'invalid_scope';
  description: string;
  state: string | null;
}

export type AuthorizationCheck =
  | { kind: 'valid'; request: AuthorizationRequest }
  /** No trustworthy redirect URI: show an error page and never redirect (docs/oauth.md). */
  | { kind: 'page_error'; message: string }
  | { kind: 'redirect_error'; error: RedirectedError };

// RFC 6749 §A.5: state is printable ASCII.
const VSCHAR = /^[\x20-\x7e]+$/u;

/** Checks an authorization request in the order RFC 6749 §4.1.2.1 asks: client and redirect URI first. */
@injectable()
export class CheckAuthorizationRequest {
  constructor(@inject(FindClient) private readonly findClient: FindClient) {}

  async execute(params: AuthorizationParams): Promise<AuthorizationCheck> {
    if (!params.clientId) return { kind: 'page_error', message: 'The request names no application (client_id is missing).' };
    const client = await this.findClient.execute(params.clientId);
    if (client === null) return { kind: 'page_error', message: 'No application is registered with this client_id.' };
    if (!params.redirectUri) return { kind: 'page_error', message: 'The request has no redirect_uri.' };
    if (!isRegisteredRedirectUri(client.redirectUris, params.redirectUri)) {
      return { kind: 'page_error', message: 'The redirect_uri is not one this application registered.' };
    }
    const redirectUri = params.redirectUri;
    const state = params.state === undefined || params.state === '' ? null : params.state;
    const fail = (error: RedirectedError['error'], description: string): AuthorizationCheck =>
      ({ kind: 'redirect_error', error: { redirectUri, error, description, state: state !== null && VSCHAR.test(state) ? state : null } });

    if (state !== null && !VSCHAR.test(state)) return fail('invalid_request', 'state must be printable ASCII');
    const responseType = params.responseType;
    if (!responseType) return fail('invalid_request', 'response_type is missing');
    if (responseType !== 'code' && responseType !== 'token') return fail('unsupported_response_type', 'response_type must be code or token');
    if (responseType === 'token' && !client.allowImplicit) {
      return fail('unauthorized_client', 'the client-side flow is not turned on for this application: use the code flow with PKCE');
    }
    let scopes: Scope[];
    try {
      scopes = parseScopes(params.scope ?? '');
    } catch (error) {
      if (error instanceof DomainError) return fail('invalid_scope', error.message);
      throw error;
    }
    if (responseType === 'token') {
      return { kind: 'valid', request: { client, redirectUri, responseType, scopes: withRead(implicitScopes(scopes)), state, codeChallenge: null, codeChallengeMethod: null } };
    }
    const pkce = checkPkce(params, client);
    if (typeof pkce === 'string') return fail('invalid_request', pkce);
    return { kind: 'valid', request: { client, redirectUri, responseType, scopes: withRead(scopes), state, ...pkce } };
  }
}

function withRead(scopes: Scope[]): Scope[] {
  return scopes.includes('read') ? scopes : ['read', ...scopes];
}

/** The PKCE fields of a code request, or why they are refused. */
function checkPkce(params: AuthorizationParams, client: OAuthClient): Pick<AuthorizationRequest, 'codeChallenge' | 'codeChallengeMethod'> | string {
  const challenge = params.codeChallenge || null;
  const method = params.codeChallengeMethod || null;
  if (challenge === null) {
    if (method !== null) return 'code_challenge_method was sent without code_challenge';
    if (client.isPublic) return 'this application has no secret, so it must use PKCE: send code_challenge and code_challenge_method=S256';
    return { codeChallenge: null, codeChallengeMethod: null };
  }
  // RFC 7636 defaults to `plain`, which protects nothing a leaked request would not show: only S256 is taken.
  if (method !== 'S256') return 'code_challenge_method must be S256';
  if (!isPkceValue(challenge)) return 'code_challenge must be 43-128 characters of A-Z a-z 0-9 - . _ ~';
  return { codeChallenge: challenge, codeChallengeMethod: 'S256' };
}

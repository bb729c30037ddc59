import type { Client } from '../ports/client-repository';

/** An application as the OAuth flows see it: never its secret's hash. */
export interface OAuthClient {
  /** The numeric id the tokens point at. */
  id: number;
  clientId: string;
  name: string;
  redirectUris: string[];
  /** Registered without a secret: it must use PKCE on the code flow. */
  isPublic: boolean;
  allowImplicit: boolean;
}

export function oauthClient(client: Client): OAuthClient {
  return {
    id: client.id,
    clientId: client.clientId,
    name: client.name,
    redirectUris: [...client.redirectUris],
    isPublic: client.secretHash === null,
    allowImplicit: client.allowImplicit,
  };
}

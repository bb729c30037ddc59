import { portToken } from './port-token';

/** How long the access tokens the service issues live (ACCESS_TOKEN_TTL_S). */
export interface TokenPolicy {
  /** Lifetime in seconds; null: access tokens do not expire. */
  accessTokenTtlS: number | null;
}
export const TOKEN_POLICY = portToken<TokenPolicy>('TokenPolicy');

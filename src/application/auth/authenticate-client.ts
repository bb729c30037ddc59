import { timingSafeEqual } from 'node:crypto';
import { inject, injectable } from 'tsyringe';
import { CLIENT_REPOSITORY, type ClientRepository } from '../ports/client-repository';
import { oauthClient, type OAuthClient } from './oauth-client';
import { sha256Hex } from './secrets';

/**
 * The client a token or revocation request comes from, or null when it fails to authenticate:
 * a confidential client must present its secret; a public client presents none (PKCE stands in).
 */
@injectable()
export class AuthenticateClient {
  constructor(@inject(CLIENT_REPOSITORY) private readonly clients: ClientRepository) {}

  async execute(clientId: string, secret: string | null): Promise<OAuthClient | null> {
    const client = await this.clients.findByClientId(clientId);
    if (client === null) return null;
    if (client.secretHash === null) return secret === null ? oauthClient(client) : null;
    if (secret === null || !sameHash(client.secretHash, sha256Hex(secret))) return null;
    return oauthClient(client);
  }
}

// Both sides are hex SHA-256 digests of equal length; compared in constant time all the same.
function sameHash(stored: string, presented: string): boolean {
  const a = Buffer.from(stored, 'utf8');
  const b = Buffer.from(presented, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

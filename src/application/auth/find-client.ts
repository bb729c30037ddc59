import { inject, injectable } from 'tsyringe';
import { CLIENT_REPOSITORY, type ClientRepository } from '../ports/client-repository';
import { oauthClient, type OAuthClient } from './oauth-client';

/** The application a `client_id` names, without checking any secret (the authorization endpoint). */
@injectable()
export class FindClient {
  constructor(@inject(CLIENT_REPOSITORY) private readonly clients: ClientRepository) {}

  async execute(clientId: string): Promise<OAuthClient | null> {
    const client = await this.clients.findByClientId(clientId);
    return client ? oauthClient(client) : null;
  }
}

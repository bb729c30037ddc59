import { inject, injectable } from 'tsyringe';
import { oauthClient, type OAuthClient } from '../auth/oauth-client';
import { CLIENT_REPOSITORY, type ClientRepository } from '../ports/client-repository';

/** The applications a member registered, newest first, without their secrets. */
@injectable()
export class ListApplications {
  constructor(@inject(CLIENT_REPOSITORY) private readonly clients: ClientRepository) {}

  async execute(ownerId: number): Promise<OAuthClient[]> {
    return (await this.clients.listByOwner(ownerId)).map(oauthClient);
  }
}

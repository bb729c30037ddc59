import type { Kysely, Selectable } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { Client, ClientRepository, NewClient } from '../../../application/ports/client-repository';
import { KYSELY } from './database';
import type { OauthClientsTable, Schema } from './schema';

@injectable()
export class KyselyClientRepository implements ClientRepository {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async create(client: NewClient, now: Date): Promise<number> {
    const row = await this.db
      .insertInto('oauth_clients')
      .values({
        client_id: client.clientId,
        secret_hash: client.secretHash,
        name: client.name,
        owner_id: client.ownerId,
        redirect_uris: client.redirectUris,
        allow_implicit: client.allowImplicit,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async findByClientId(clientId: string): Promise<Client | null> {
    const row = await this.db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
    return row ? toClient(row) : null;
  }

  async listByOwner(ownerId: number): Promise<Client[]> {
    const rows = await this.db.selectFrom('oauth_clients').selectAll().where('owner_id', '=', ownerId)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map(toClient);
  }

  async setSecretHash(id: number, secretHash: string): Promise<void> {
    await this.db.updateTable('oauth_clients').set({ secret_hash: secretHash }).where('id', '=', id).execute();
  }

  async setAllowImplicit(id: number, allow: boolean): Promise<void> {
    await this.db.updateTable('oauth_clients').set({ allow_implicit: allow }).where('id', '=', id).execute();
  }
}

function toClient(row: Selectable<OauthClientsTable>): Client {
  return {
    id: row.id,
    clientId: row.client_id,
    secretHash: row.secret_hash,
    name: row.name,
    ownerId: row.owner_id,
    redirectUris: row.redirect_uris,
    allowImplicit: row.allow_implicit,
    createdAt: row.created_at,
  };
}

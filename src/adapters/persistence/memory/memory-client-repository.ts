import { inject, injectable } from 'tsyringe';
import type { Client, ClientRepository, NewClient } from '../../../application/ports/client-repository';
import { DomainError } from '../../../domain/domain-error';
import { MEMORY_STORE, type MemoryStore } from './memory-store';

@injectable()
export class MemoryClientRepository implements ClientRepository {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  create(client: NewClient, now: Date): Promise<number> {
    return this.store.with(({ clients }) => {
      if (clients.some((c) => c.clientId === client.clientId)) {
        throw new DomainError('conflict', `the client id ${client.clientId} is taken`);
      }
      const id = this.store.nextId('clients');
      clients.push({ ...structuredClone(client), id, createdAt: new Date(now) });
      return id;
    });
  }

  findByClientId(clientId: string): Promise<Client | null> {
    return this.store.with(({ clients }) => {
      const client = clients.find((c) => c.clientId === clientId);
      return client ? structuredClone(client) : null;
    });
  }

  listByOwner(ownerId: number): Promise<Client[]> {
    return this.store.with(({ clients }) => structuredClone(clients
      .filter((c) => c.ownerId === ownerId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)));
  }

  setSecretHash(id: number, secretHash: string): Promise<void> {
    return this.store.with(({ clients }) => {
      const client = clients.find((c) => c.id === id);
      if (client) client.secretHash = secretHash;
    });
  }

  setAllowImplicit(id: number, allow: boolean): Promise<void> {
    return this.store.with(({ clients }) => {
      const client = clients.find((c) => c.id === id);
      if (client) client.allowImplicit = allow;
    });
  }
}

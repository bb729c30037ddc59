import { portToken } from './port-token';
/** An application registered to use the API through OAuth 2.0. */
export interface Client {
  id: number;
  clientId: string;
  /** SHA-256 of the secret; null for a public client (PKCE only). */
  secretHash: string | null;
  name: string;
  ownerId: number;
  redirectUris: string[];
  allowImplicit: boolean;
  createdAt: Date;
}

export interface NewClient {
  clientId: string;
  secretHash: string | null;
  name: string;
  ownerId: number;
  redirectUris: string[];
  allowImplicit: boolean;
}

export interface ClientRepository {
  create(client: NewClient, now: Date): Promise<number>;
  findByClientId(clientId: string): Promise<Client | null>;
  /** A user's applications, newest first. */
  listByOwner(ownerId: number): Promise<Client[]>;
  /** Replaces the secret's hash: the old secret stops working at once. */
  setSecretHash(id: number, secretHash: string): Promise<void>;
  /** Turns the client-side (implicit) flow on or off. */
  setAllowImplicit(id: number, allow: boolean): Promise<void>;
}
export const CLIENT_REPOSITORY = portToken<ClientRepository>('ClientRepository');

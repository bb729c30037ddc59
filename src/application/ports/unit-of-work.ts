import type { AccessTokenRepository } from './access-token-repository';
import type { ClientRepository } from './client-repository';
import type { NoteRepository } from './note-repository';
import type { UserRepository } from './user-repository';

/** The repositories bound to one transaction. */
export interface Repositories {
  users: UserRepository;
  notes: NoteRepository;
  clients: ClientRepository;
  tokens: AccessTokenRepository;
}

/** Runs work in one transaction: all of its writes land, or none do. */
export interface UnitOfWork {
  run<T>(work: (repositories: Repositories) => Promise<T>): Promise<T>;
}
export const UNIT_OF_WORK = 'UnitOfWork';

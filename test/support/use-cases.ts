import type { DependencyContainer } from 'tsyringe';
import { UNIT_OF_WORK, type UnitOfWork } from '../../src/application/ports/unit-of-work';
import { buildContainer } from '../../src/container';
import { DomainError } from '../../src/domain/domain-error';
import { testConfig } from './test-config';

/** Somewhere in Paris: a valid position for notes whose place does not matter. */
export const HERE = { latitude: 48.85, longitude: 2.35 };

/** Awaits `promise` and checks that it failed with a DomainError of `kind`; returns the error. */
export async function rejectsWith(promise: Promise<unknown>, kind: DomainError['kind']): Promise<DomainError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).kind).toBe(kind);
  return error as DomainError;
}

/** The application over the in-memory adapters, and a way to add members to it (their ids). */
export function memoryApplication(): { container: DependencyContainer; createUser(username: string): Promise<number> } {
  const container = buildContainer(testConfig(), { kind: 'memory' });
  const uow = container.resolve<UnitOfWork>(UNIT_OF_WORK);
  return {
    container,
    createUser: (username) => uow.run(({ users }) =>
      users.create({ username, email: `${username}@x.org`, passwordHash: 'h', name: null, avatarHash: '0'.repeat(32) }, new Date())),
  };
}

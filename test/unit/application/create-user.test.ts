import type { DependencyContainer } from 'tsyringe';
import { PASSWORD_HASHER, type PasswordHasher } from '../../../src/application/ports/password-hasher';
import { UNIT_OF_WORK, type UnitOfWork } from '../../../src/application/ports/unit-of-work';
import { USER_VIEWS, type UserViews } from '../../../src/application/ports/user-views';
import { CreateUser } from '../../../src/application/users/create-user';
import { buildContainer } from '../../../src/container';
import { DomainError } from '../../../src/domain/domain-error';
import { testConfig } from '../../support/test-config';

const NOBODY = { readerId: null, userId: null };

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('CreateUser (memory adapters)', () => {
  let c: DependencyContainer;
  let createUser: CreateUser;

  beforeEach(() => {
    c = buildContainer(testConfig(), { kind: 'memory' });
    createUser = c.resolve(CreateUser);
  });

  it('creates the user and returns its id and username', async () => {
    const created = await createUser.execute({ username: 'ada', email: 'ada@example.org', password: 'analytical', name: ' Ada ' }, { emailVerified: true });
    expect(created).toEqual({ id: expect.any(Number), username: 'ada' });
    const user = await c.resolve<UnitOfWork>(UNIT_OF_WORK).run(({ users }) => users.findById(created.id));
    expect(user).toMatchObject({ username: 'ada', email: 'ada@example.org', name: 'Ada' });
  });

  it('stores an argon2id hash that verifies, never the password', async () => {
    await createUser.execute({ username: 'ada', email: 'ada@example.org', password: 'analytical' }, { emailVerified: true });
    const credentials = await c.resolve<UnitOfWork>(UNIT_OF_WORK).run(({ users }) => users.findCredentials('ada'));
    expect(credentials?.passwordHash).toMatch(/^\$argon2id\$/u);
    const hasher = c.resolve<PasswordHasher>(PASSWORD_HASHER);
    await expect(hasher.verify(credentials?.passwordHash ?? '', 'analytical')).resolves.toBe(true);
  });

  it('computes the avatar hash as the MD5 of the lowercased e-mail (Gravatar)', async () => {
    const { id } = await createUser.execute({ username: 'gravatar', email: 'MyEmailAddress@example.com', password: 'long enough' }, { emailVerified: true });
    const view = await c.resolve<UserViews>(USER_VIEWS).get(NOBODY, id);
    expect(view?.avatarHash).toBe('0bc83cb571cd1c50ba6f3e8a78ef1346');
  });

  it('refuses invalid fields, naming each', async () => {
    const error = await failure(createUser.execute({ username: 'x', email: 'nope', password: 'short' }, { emailVerified: true }));
    expect(error.kind).toBe('invalid');
    expect(error.details.fields?.map((f) => f.name)).toEqual(['username', 'email', 'password']);
  });

  it('makes the account verified or not as asked (the CLI\'s are, a web sign-up\'s is not)', async () => {
    const verified = await createUser.execute({ username: 'op', email: 'op@example.org', password: 'analytical' }, { emailVerified: true });
    const pending = await createUser.execute({ username: 'web', email: 'web@example.org', password: 'analytical' }, { emailVerified: false });
    const uow = c.resolve<UnitOfWork>(UNIT_OF_WORK);
    await expect(uow.run(({ users }) => users.findContact({ id: verified.id }))).resolves.toMatchObject({ emailVerified: true });
    await expect(uow.run(({ users }) => users.findContact({ id: pending.id }))).resolves.toMatchObject({ emailVerified: false });
  });

  it('refuses a taken username as a conflict', async () => {
    await createUser.execute({ username: 'ada', email: 'ada@example.org', password: 'analytical' }, { emailVerified: true });
    const error = await failure(createUser.execute({ username: 'ADA', email: 'other@example.org', password: 'analytical' }, { emailVerified: true }));
    expect(error.kind).toBe('conflict');
  });
});

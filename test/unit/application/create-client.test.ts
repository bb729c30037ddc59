import type { DependencyContainer } from 'tsyringe';
import { CreateClient } from '../../../src/application/auth/create-client';
import { sha256Hex } from '../../../src/application/auth/secrets';
import { CLIENT_REPOSITORY, type ClientRepository } from '../../../src/application/ports/client-repository';
import { UNIT_OF_WORK, type UnitOfWork } from '../../../src/application/ports/unit-of-work';
import { buildContainer } from '../../../src/container';
import { DomainError } from '../../../src/domain/domain-error';
import { testConfig } from '../../support/test-config';

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('CreateClient (memory adapters)', () => {
  let c: DependencyContainer;
  let createClient: CreateClient;
  let ownerId: number;
  const fields = { ownerUsername: 'owner', name: 'My app', redirectUris: ['https://app.example.org/callback'] };

  beforeEach(async () => {
    c = buildContainer(testConfig(), { kind: 'memory' });
    createClient = c.resolve(CreateClient);
    ownerId = await c.resolve<UnitOfWork>(UNIT_OF_WORK).run(({ users }) => users.create({
      username: 'owner', email: 'owner@example.org', passwordHash: 'h', name: null, avatarHash: '0'.repeat(32),
    }, new Date()));
  });

  const stored = (clientId: string) => c.resolve<ClientRepository>(CLIENT_REPOSITORY).findByClientId(clientId);

  it('registers a confidential client whose secret is stored only as its SHA-256', async () => {
    const { clientId, clientSecret } = await createClient.execute(fields);
    expect(clientId).toMatch(/^[0-9a-f]{32}$/u);
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    expect(await stored(clientId)).toMatchObject({
      secretHash: sha256Hex(clientSecret ?? ''), name: 'My app', ownerId, redirectUris: fields.redirectUris, allowImplicit: false,
    });
  });

  it('turns the client-side flow on only when asked (RFC 9700 advises against it)', async () => {
    const { clientId } = await createClient.execute({ ...fields, allowImplicit: true });
    expect(await stored(clientId)).toMatchObject({ allowImplicit: true });
    const off = await createClient.execute({ ...fields, allowImplicit: false });
    expect(await stored(off.clientId)).toMatchObject({ allowImplicit: false });
  });

  it('registers a public client without a secret, owner given by id', async () => {
    const { clientId, clientSecret } = await createClient.execute({
      ownerId, name: 'SPA', redirectUris: ['http://localhost:5173/cb', 'http://localhost:5173/cb'], public: true,
    });
    expect(clientSecret).toBeNull();
    expect(await stored(clientId)).toMatchObject({ secretHash: null, ownerId, redirectUris: ['http://localhost:5173/cb'] });
  });

  it.each([
    ['a relative URI', '/callback'],
    ['another scheme', 'myapp://callback'],
    ['a fragment', 'https://app.example.org/cb#done'],
    ['an empty fragment', 'https://app.example.org/cb#'],
    ['no URL at all', 'not a url'],
  ])('refuses a redirect URI with %s', async (_what, uri) => {
    const error = await failure(createClient.execute({ ...fields, redirectUris: [uri] }));
    expect(error.kind).toBe('invalid');
    expect(error.details.fields).toEqual([{ name: 'redirect_uri', problem: `"${uri}" must be an absolute http(s) URL without a fragment` }]);
  });

  it('refuses no redirect URI and a blank or long name', async () => {
    const error = await failure(createClient.execute({ ...fields, name: ' ', redirectUris: [] }));
    expect(error.details.fields?.map((f) => f.name)).toEqual(['name', 'redirect_uri']);
    expect((await failure(createClient.execute({ ...fields, name: 'x'.repeat(101) }))).kind).toBe('invalid');
  });

  it('refuses an unknown owner', async () => {
    expect((await failure(createClient.execute({ ...fields, ownerUsername: 'nobody' }))).kind).toBe('not_found');
    expect((await failure(createClient.execute({ ...fields, ownerUsername: undefined, ownerId: 999 } as never))).kind).toBe('not_found');
  });
});

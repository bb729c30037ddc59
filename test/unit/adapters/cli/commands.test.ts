import type { DependencyContainer } from 'tsyringe';
import { TOTP } from 'otpauth';
import { LogIn } from '../../../../src/application/accounts/log-in';
import { NewTwoStepKey, TurnOnTwoStep } from '../../../../src/application/accounts/turn-on-two-step';
import { TWO_STEP_REPOSITORY, type TwoStepRepository } from '../../../../src/application/ports/two-step-repository';
import { AuthenticateToken } from '../../../../src/application/auth/authenticate-token';
import { CLIENT_REPOSITORY, type ClientRepository } from '../../../../src/application/ports/client-repository';
import { NOTE_VIEWS, type NoteViews } from '../../../../src/application/ports/note-views';
import { UNIT_OF_WORK, type UnitOfWork } from '../../../../src/application/ports/unit-of-work';
import { commandNamed, runCommand, usageText } from '../../../../src/adapters/cli/commands';
import { UsageError } from '../../../../src/adapters/cli/usage-error';
import { buildContainer } from '../../../../src/container';
import { DomainError } from '../../../../src/domain/domain-error';
import { testConfig } from '../../../support/test-config';

const USER = ['--username', 'ada', '--email', 'ada@example.org', '--password', 'analytical', '--name', 'Ada'];

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => { throw new Error('the command succeeded'); }, (error: unknown) => error);
}

describe('CLI commands (memory adapters)', () => {
  let c: DependencyContainer;

  beforeEach(() => {
    c = buildContainer(testConfig(), { kind: 'memory' });
  });

  it('user:create prints the id and username', async () => {
    expect(await runCommand(c, 'user:create', USER)).toEqual({ id: expect.any(Number), username: 'ada' });
  });

  it('user:create makes an account whose e-mail address is verified, queueing no mail', async () => {
    const { id } = await runCommand(c, 'user:create', USER) as { id: number };
    const uow = c.resolve<UnitOfWork>(UNIT_OF_WORK);
    await expect(uow.run(({ users }) => users.findContact({ id }))).resolves.toMatchObject({ emailVerified: true });
    await expect(uow.run(({ mail }) => mail.countSince(id, 'verify-email', new Date(0)))).resolves.toBe(0);
  });

  it('app:create registers a client for an owner named by username or id', async () => {
    const { id } = await runCommand(c, 'user:create', USER) as { id: number };
    const confidential = await runCommand(c, 'app:create', [
      '--owner', 'ada', '--name', 'Mine', '--redirect-uri', 'https://a.example/cb', '--redirect-uri', 'https://b.example/cb',
    ]);
    expect(confidential).toEqual({ client_id: expect.stringMatching(/^[0-9a-f]{32}$/u), client_secret: expect.any(String) });
    const open = await runCommand(c, 'app:create', ['--owner', String(id), '--name', 'SPA', '--redirect-uri', 'http://localhost/cb', '--public']);
    expect(open).toMatchObject({ client_secret: null });
  });

  it('app:create leaves the client-side flow off unless --client-side is given', async () => {
    await runCommand(c, 'user:create', USER);
    const create = (extra: string[]) => runCommand(c, 'app:create', ['--owner', 'ada', '--name', 'Legacy', '--redirect-uri', 'https://l.example/cb', ...extra]) as Promise<{ client_id: string }>;
    const stored = async (clientId: string) => c.resolve<ClientRepository>(CLIENT_REPOSITORY).findByClientId(clientId);
    expect(await stored((await create([])).client_id)).toMatchObject({ allowImplicit: false, secretHash: expect.any(String) });
    expect(await stored((await create(['--client-side'])).client_id)).toMatchObject({ allowImplicit: true });
    expect(await stored((await create(['--client-side', '--public'])).client_id)).toMatchObject({ allowImplicit: true, secretHash: null });
    expect(usageText()).toContain('app:create --owner U --name N --redirect-uri URL [--redirect-uri URL2] [--public] [--client-side]');
  });

  it('token:create issues a token for a user and a client', async () => {
    await runCommand(c, 'user:create', USER);
    const { client_id } = await runCommand(c, 'app:create', ['--owner', 'ada', '--name', 'CLI', '--redirect-uri', 'http://localhost/cb']) as { client_id: string };
    const token = await runCommand(c, 'token:create', ['--user', 'ada', '--client', client_id, '--scope', 'notes read']) as { access_token: string; scope: string };
    expect(token.scope).toBe('read notes');
    const actor = await c.resolve(AuthenticateToken).execute(token.access_token);
    expect(actor.scopes.has('notes')).toBe(true);
  });

  it('reports an unknown user or client as not found', async () => {
    const missing = await rejection(runCommand(c, 'token:create', ['--user', 'nobody', '--client', 'x']));
    expect(missing).toBeInstanceOf(DomainError);
    expect((missing as DomainError).message).toBe('user nobody does not exist');
    await runCommand(c, 'user:create', USER);
    expect((await rejection(runCommand(c, 'token:create', ['--user', 'ada', '--client', 'x'])) as DomainError).message).toBe('client x does not exist');
  });

  it('user:reset-2fa turns two-step sign-in off for a user named by username or id, so the password alone signs in', async () => {
    const { id } = await runCommand(c, 'user:create', USER) as { id: number };
    const turnOn = async () => {
      const key = c.resolve(NewTwoStepKey).execute('ada').key;
      await c.resolve(TurnOnTwoStep).execute(id, key, new TOTP({ secret: key, digits: 6, period: 30 }).generate());
    };
    await turnOn();
    expect(await c.resolve(LogIn).execute('ada', 'analytical')).toMatchObject({ kind: 'code_needed' });
    expect(await runCommand(c, 'user:reset-2fa', ['--user', 'ada'])).toEqual({ id, two_step_sign_in: 'off', was_on: true });
    expect(await c.resolve<TwoStepRepository>(TWO_STEP_REPOSITORY).find(id)).toBeNull();
    expect(await c.resolve(LogIn).execute('ada', 'analytical')).toMatchObject({ kind: 'signed_in', userId: id });
    await turnOn();
    expect(await runCommand(c, 'user:reset-2fa', ['--user', String(id)])).toEqual({ id, two_step_sign_in: 'off', was_on: true });
    expect(await runCommand(c, 'user:reset-2fa', ['--user', 'ada'])).toEqual({ id, two_step_sign_in: 'off', was_on: false });
    expect(((await rejection(runCommand(c, 'user:reset-2fa', ['--user', 'nobody']))) as DomainError).message).toBe('user nobody does not exist');
    expect(usageText()).toContain('user:reset-2fa --user U');
  });

  it.each([
    ['an unknown command', 'user:delete', []],
    ['user:reset-2fa without --user', 'user:reset-2fa', []],
    ['an unknown option', 'user:create', [...USER, '--admin']],
    ['a missing option', 'user:create', ['--username', 'ada']],
    ['an option without its value', 'app:create', ['--owner']],
    ['a positional argument', 'seed:demo', ['now']],
    ['an unknown scope', 'token:create', ['--user', 'ada', '--client', 'x', '--scope', 'read admin']],
  ])('treats %s as a usage error, before touching any data', async (_what, name, args) => {
    const error = await rejection(runCommand(c, name, args));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).not.toContain('\n');
  });

  it('checks usage without a container', () => {
    expect(() => commandNamed('user:create').check(['--username', 'ada'])).toThrow('user:create: missing --email, --password');
    expect(() => commandNamed('seed:demo').check([])).not.toThrow();
    expect(usageText()).toContain('token:create --user U --client CLIENT_ID');
  });

  it('seed:demo loads users with tokens and twenty notes, one of them private, and refuses to load twice', async () => {
    const seed = await runCommand(c, 'seed:demo', []) as {
      users: { id: number; username: string; access_token: string }[];
      notes: { count: number; ids: number[]; private_note_id: number };
    };
    expect(seed.users.map((u) => u.username)).toEqual(['demo_ana', 'demo_bruno', 'demo_carla']);
    expect(seed.notes.count).toBe(20);
    const views = c.resolve<NoteViews>(NOTE_VIEWS);
    const everyone = await views.list({ readerId: null, userId: null }, {}, { offset: 0, limit: 100 });
    expect(everyone.total).toBe(19);
    expect(await views.get({ readerId: null, userId: null }, seed.notes.private_note_id)).toBeNull();
    const author = seed.users[0];
    expect(await views.get({ readerId: author?.id ?? 0, userId: author?.id ?? 0 }, seed.notes.private_note_id)).toMatchObject({ visibility: 'self' });
    const viewpoints = await views.list({ readerId: null, userId: null }, { tag: 'viewpoint' }, { offset: 0, limit: 100 });
    expect(viewpoints.total).toBeGreaterThanOrEqual(3);
    const actor = await c.resolve(AuthenticateToken).execute(author?.access_token ?? '');
    expect(actor.userId).toBe(author?.id);

    const again = await rejection(runCommand(c, 'seed:demo', []));
    expect((again as DomainError).kind).toBe('conflict');
  });
});

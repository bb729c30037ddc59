import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import type { DependencyContainer } from 'tsyringe';
import { ResetTwoStep } from '../../application/accounts/reset-two-step';
import { CreateClient } from '../../application/auth/create-client';
import { IssueToken } from '../../application/auth/issue-token';
import { UNIT_OF_WORK, type UnitOfWork } from '../../application/ports/unit-of-work';
import { CreateUser } from '../../application/users/create-user';
import { DomainError } from '../../domain/domain-error';
import { parseScopes } from '../../domain/scopes';
import { seedDemo } from './seed-demo';
import { UsageError } from './usage-error';

/** An operator command: arguments as typed on the command line in, JSON-ready result out. */
export type Command = (container: DependencyContainer, args: readonly string[]) => Promise<unknown>;

interface CommandSpec<Input> {
  usage: string;
  parse(args: readonly string[]): Input;
  run(container: DependencyContainer, input: Input): Promise<unknown>;
}

interface Entry {
  usage: string;
  /** Checks the arguments without touching the database, so usage errors come fast. */
  check(args: readonly string[]): void;
  run: Command;
}

function entry<Input>(spec: CommandSpec<Input>): Entry {
  return {
    usage: spec.usage,
    check: (args) => void spec.parse(args),
    run: async (container, args) => spec.run(container, spec.parse(args)),
  };
}

/** Parses options strictly; anything unknown, repeated or missing is a usage error. */
function options<O extends ParseArgsOptionsConfig>(
  command: string, args: readonly string[], config: O, required: readonly (keyof O & string)[],
) {
  let values;
  try {
    ({ values } = parseArgs({ args: [...args], options: config, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(`${command}: ${(error as Error).message.split('\n')[0] ?? 'bad arguments'}`);
  }
  const given: Record<string, unknown> = values;
  const missing = required.filter((name) => given[name] === undefined);
  if (missing.length > 0) throw new UsageError(`${command}: missing ${missing.map((m) => `--${m}`).join(', ')}`);
  return values;
}

/** A user named on the command line by username or by numeric id. */
async function userIdOf(container: DependencyContainer, ref: string): Promise<number> {
  const key = /^\d+$/u.test(ref) ? Number(ref) : ref;
  const found = await container.resolve<UnitOfWork>(UNIT_OF_WORK).run(({ users }) => users.resolve([key]));
  const id = found.get(key);
  if (id === undefined) throw DomainError.notFound('user', ref);
  return id;
}

const userCreate = entry({
  usage: 'user:create --username U --email E --password P [--name N]',
  parse: (args) => options('user:create', args, {
    username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' },
  }, ['username', 'email', 'password']),
  run: async (container, o) => {
    const user = await container.resolve(CreateUser).execute({
      username: o.username ?? '', email: o.email ?? '', password: o.password ?? '', name: o.name ?? null,
    }, { emailVerified: true });
    return { id: user.id, username: user.username };
  },
});

const appCreate = entry({
  usage: 'app:create --owner U --name N --redirect-uri URL [--redirect-uri URL2] [--public] [--client-side]',
  parse: (args) => options('app:create', args, {
    owner: { type: 'string' }, name: { type: 'string' }, 'redirect-uri': { type: 'string', multiple: true }, public: { type: 'boolean' },
    'client-side': { type: 'boolean' },
  }, ['owner', 'name', 'redirect-uri']),
  run: async (container, o) => {
    const client = await container.resolve(CreateClient).execute({
      ownerId: await userIdOf(container, o.owner ?? ''),
      name: o.name ?? '',
      redirectUris: o['redirect-uri'] ?? [],
      public: o.public ?? false,
      // The client-side (implicit) flow stays off unless asked for (docs/oauth.md).
      allowImplicit: o['client-side'] ?? false,
    });
    return { client_id: client.clientId, client_secret: client.clientSecret };
  },
});

const tokenCreate = entry({
  usage: 'token:create --user U --client CLIENT_ID [--scope "read write"]',
  parse: (args) => {
    const o = options('token:create', args, { user: { type: 'string' }, client: { type: 'string' }, scope: { type: 'string' } }, ['user', 'client']);
    try {
      return { user: o.user ?? '', client: o.client ?? '', scopes: parseScopes(o.scope ?? '') };
    } catch (error) {
      throw new UsageError(`token:create: --scope ${(error as Error).message.replace(/^scope /u, '')}`);
    }
  },
  run: async (container, o) => {
    const token = await container.resolve(IssueToken).execute({
      userId: await userIdOf(container, o.user), clientId: o.client, scopes: o.scopes,
    });
    return { access_token: token.accessToken, scope: token.scope };
  },
});

const userReset2fa = entry({
  usage: 'user:reset-2fa --user U',
  parse: (args) => options('user:reset-2fa', args, { user: { type: 'string' } }, ['user']),
  run: async (container, o) => {
    const id = await userIdOf(container, o.user ?? '');
    // For a member who lost both the phone and the recovery codes: the password alone signs them in again.
    const wasOn = await container.resolve(ResetTwoStep).execute(id);
    return { id, two_step_sign_in: 'off', was_on: wasOn };
  },
});

const seedDemoCommand = entry({
  usage: 'seed:demo',
  parse: (args) => options('seed:demo', args, {}, []),
  run: (container) => seedDemo(container),
});

export const COMMANDS: Readonly<Record<string, Entry>> = {
  'user:create': userCreate,
  'app:create': appCreate,
  'token:create': tokenCreate,
  'user:reset-2fa': userReset2fa,
  'seed:demo': seedDemoCommand,
};

/** The command of that name; an unknown name is a usage error. */
export function commandNamed(name: string): Entry {
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (command === undefined) throw new UsageError(`unknown command "${name}"; the commands are ${Object.keys(COMMANDS).join(', ')}`);
  return command;
}

/** Runs a command by name on a container: in the CLI's own process, or in the server's (admin socket). */
export async function runCommand(container: DependencyContainer, name: string, args: readonly string[]): Promise<unknown> {
  return commandNamed(name).run(container, args);
}

/** The commands bound to one container, as the server's admin socket runs them. */
export function operatorCommands(container: DependencyContainer): {
  run(name: string, args: readonly string[]): Promise<unknown>;
  isUsageError(error: unknown): boolean;
} {
  return { run: (name, args) => runCommand(container, name, args), isUsageError: (error) => error instanceof UsageError };
}

export function usageText(): string {
  return ['usage: npm run cli -- <command> [options]', ...Object.values(COMMANDS).map((c) => `  ${c.usage}`)].join('\n');
}

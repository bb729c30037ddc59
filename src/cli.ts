import 'reflect-metadata';
import { commandNamed, runCommand, usageText } from './adapters/cli/commands';
import { UsageError } from './adapters/cli/usage-error';
import { DataDirLockError } from './adapters/persistence/data-dir-lock';
import { loadConfig } from './config';
import type { Config } from './config-types';
import { buildContainer } from './container';
import { AdminCommandError, sendAdminCommand } from './runtime/admin-client';
import { oneLine } from './runtime/one-line';
import { openStore, type Store } from './runtime/open-store';

/** `npm run cli -- <command> [options]`: JSON on stdout; one line on stderr and status 1 (2 for usage) on failure. */
export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    (name === undefined ? process.stderr : process.stdout).write(`${usageText()}\n`);
    return name === undefined ? 2 : 0;
  }
  try {
    commandNamed(name).check(args);
    const result = await runAnywhere(loadConfig(process.env), name, args);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error instanceof AdminCommandError && error.kind === 'usage')) {
      process.stderr.write(`usage error: ${oneLine(error)} (npm run cli -- help lists the commands)\n`);
      return 2;
    }
    process.stderr.write(`error: ${oneLine(error)}\n`);
    return 1;
  }
}

/**
 * Runs a command where the database is: in this process (PostgreSQL, or an embedded database no server
 * holds), or inside the server that holds the embedded database, through its admin socket.
 */
export async function runAnywhere(config: Config, name: string, args: readonly string[]): Promise<unknown> {
  let store: Store;
  try {
    store = await openStore(config, 'cli');
  } catch (error) {
    if (error instanceof DataDirLockError && error.holder.purpose === 'server') {
      return sendAdminCommand(config.dataDir, name, args);
    }
    throw error;
  }
  try {
    return await runCommand(buildContainer(config, { kind: 'database', database: store.database }), name, args);
  } finally {
    await store.close();
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}

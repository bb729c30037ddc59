import type { Config } from '../../config-types';
import { buildContainer } from '../../container';
import { DataDirLockError } from '../persistence/data-dir-lock';
import { sendAdminCommand } from './admin-client';
import { runCommand } from './commands';
import { openStore, type Store } from './open-store';

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

import { injectable } from 'tsyringe';
import type { DatabaseHealth } from '../../../application/ports/database-health';

/** The in-memory store lives in the process, so it answers whenever the process does. */
@injectable()
export class MemoryDatabaseHealth implements DatabaseHealth {
  async ping(): Promise<boolean> {
    return true;
  }
}

import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What holds a DATA_DIR: a server, or a one-off command run beside no server. */
export type LockPurpose = 'server' | 'cli' | 'migrate';

export interface LockHolder {
  pid: number;
  purpose: LockPurpose;
  startedAt: string;
}

/** A held lock; `release` removes the lock file if it is still ours. */
export interface DataDirLock {
  readonly path: string;
  release(): Promise<void>;
}

const NOUN: Record<LockPurpose, string> = { server: 'server', cli: 'command', migrate: 'migration' };
// Locks this process holds (by path, the holder each acquisition wrote), so a lock file naming our own pid is
// told apart from a reused pid, and a handle released twice cannot release a later acquisition's lock.
const heldHere = new Map<string, LockHolder>();

/** Another live process holds the DATA_DIR. */
export class DataDirLockError extends Error {
  override readonly name = 'DataDirLockError';

  constructor(readonly dataDir: string, readonly holder: LockHolder) {
    super(`another Place Notes ${NOUN[holder.purpose]} (pid ${holder.pid}) is using DATA_DIR ${dataDir}; stop it or choose another DATA_DIR`);
  }
}

export function lockPath(dataDir: string): string {
  return join(dataDir, 'server.lock');
}

/**
 * Takes DATA_DIR for this process, creating the directory if needed: PGlite allows one process per
 * data directory. A lock left by a process that is gone is taken over.
 */
export async function acquireDataDirLock(dataDir: string, purpose: LockPurpose): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const path = lockPath(dataDir);
  const mine: LockHolder = { pid: process.pid, purpose, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await createExclusively(path, mine)) {
      heldHere.set(path, mine);
      return { path, release: () => release(path, mine) };
    }
    const holder = await readHolder(path);
    if (holder !== null && (await isAlive(path, holder))) throw new DataDirLockError(dataDir, holder);
    await removeIfUnchanged(path, holder);
  }
  throw new Error(`could not take the lock ${path}: it keeps changing`);
}

/** The live process holding DATA_DIR, or null when none does (no lock, or a stale one). */
export async function dataDirHolder(dataDir: string): Promise<LockHolder | null> {
  const path = lockPath(dataDir);
  const holder = await readHolder(path);
  return holder !== null && (await isAlive(path, holder)) ? holder : null;
}

/** Writes the holder to a private file, then links it into place: the lock appears whole or not at all. */
async function createExclusively(path: string, holder: LockHolder): Promise<boolean> {
  const draft = `${path}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(draft, `${JSON.stringify(holder)}\n`, { mode: 0o600 });
  try {
    await link(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(draft);
  }
}

/** The holder a lock file names; null when there is none or the file is not one (left by something else). */
async function readHolder(path: string): Promise<LockHolder | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (Number.isSafeInteger(value.pid) && typeof value.purpose === 'string' && value.purpose in NOUN) {
      return { pid: value.pid as number, purpose: value.purpose, startedAt: String(value.startedAt ?? '') };
    }
  } catch {
    // Not JSON: treated as stale below.
  }
  return null;
}

async function isAlive(path: string, holder: LockHolder): Promise<boolean> {
  // Our own pid in the file is a restart in a fresh PID namespace (a container's pid 1), unless we hold it.
  if (holder.pid === process.pid) return heldHere.has(path);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !(await hasExited(holder.pid));
}

/**
 * A process that has exited but that its parent has not yet reaped (a zombie) keeps its pid, so kill(pid, 0)
 * succeeds, but it holds nothing. Linux says so in /proc/<pid>/stat (state Z, or X); elsewhere this is false.
 */
async function hasExited(pid: number): Promise<boolean> {
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  // "pid (command) state …": the command may itself contain spaces and parentheses.
  const state = stat.slice(stat.lastIndexOf(')') + 2).charAt(0);
  return state === 'Z' || state === 'X';
}

/** Removes a stale lock unless another process replaced it since we read it. */
async function removeIfUnchanged(path: string, seen: LockHolder | null): Promise<void> {
  const now = await readHolder(path);
  if (seen !== null && (now === null || now.pid !== seen.pid || now.startedAt !== seen.startedAt)) return;
  try {
    await unlink(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

async function release(path: string, mine: LockHolder): Promise<void> {
  if (heldHere.get(path) !== mine) return;
  heldHere.delete(path);
  const holder = await readHolder(path);
  if (holder?.pid === mine.pid && holder.startedAt === mine.startedAt) await removeIfUnchanged(path, holder);
}

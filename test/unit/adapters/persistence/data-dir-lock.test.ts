import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  acquireDataDirLock, dataDirHolder, DataDirLockError, lockPath,
} from '../../../../src/adapters/persistence/data-dir-lock';

/** A pid that belonged to a process which has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  const pid = child.pid ?? 0;
  await new Promise((resolve) => child.on('exit', resolve));
  return pid;
}

/**
 * A zombie: a process that has exited but whose parent never reaps it, so its pid still answers kill(pid, 0).
 * `sh` starts a short-lived child, then becomes `sleep`, which never waits for children.
 */
async function zombie(): Promise<{ pid: number; release(): void }> {
  const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const pid = await new Promise<number>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
  const state = async () => {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  };
  while ((await state()) !== 'Z') await new Promise((resolve) => setTimeout(resolve, 20));
  expect(() => process.kill(pid, 0)).not.toThrow();
  return { pid, release: () => parent.kill('SIGKILL') };
}

describe('DATA_DIR lock', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = join(await mkdtemp(join(tmpdir(), 'place-notes-lock-')), 'data');
  });
  afterEach(async () => rm(join(dataDir, '..'), { recursive: true, force: true }));

  it('creates DATA_DIR and a lock file naming this process, private to its owner', async () => {
    const lock = await acquireDataDirLock(dataDir, 'server');
    expect(lock.path).toBe(lockPath(dataDir));
    expect(JSON.parse(await readFile(lock.path, 'utf8'))).toMatchObject({ pid: process.pid, purpose: 'server' });
    expect((await stat(lock.path)).mode & 0o777).toBe(0o600);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect(await dataDirHolder(dataDir)).toMatchObject({ pid: process.pid, purpose: 'server' });
    await lock.release();
  });

  it('refuses a second holder while the first lives, naming its pid and the directory', async () => {
    const lock = await acquireDataDirLock(dataDir, 'server');
    const error = await acquireDataDirLock(dataDir, 'server').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirLockError);
    expect((error as Error).message).toBe(
      `another Place Notes server (pid ${process.pid}) is using DATA_DIR ${dataDir}; stop it or choose another DATA_DIR`,
    );
    expect((error as DataDirLockError).holder.purpose).toBe('server');
    await lock.release();
  });

  it('names a command holder as such', async () => {
    const lock = await acquireDataDirLock(dataDir, 'cli');
    await expect(acquireDataDirLock(dataDir, 'server')).rejects.toThrow(/^another Place Notes command \(pid \d+\)/u);
    await lock.release();
  });

  it('is free again after release, and release leaves no files behind', async () => {
    const first = await acquireDataDirLock(dataDir, 'server');
    await first.release();
    expect(await readdir(dataDir)).toEqual([]);
    expect(await dataDirHolder(dataDir)).toBeNull();
    const second = await acquireDataDirLock(dataDir, 'server');
    await second.release();
    // A second release is harmless, even when another holder has taken the lock meanwhile.
    const third = await acquireDataDirLock(dataDir, 'cli');
    await second.release();
    expect(await dataDirHolder(dataDir)).toMatchObject({ pid: process.pid, purpose: 'cli' });
    await third.release();
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('takes over a lock left by a process that is gone', async () => {
    await acquireDataDirLock(dataDir, 'server').then((l) => l.release());
    const pid = await deadPid();
    await writeFile(lockPath(dataDir), JSON.stringify({ pid, purpose: 'server', startedAt: '2026-01-01T00:00:00Z' }));
    expect(await dataDirHolder(dataDir)).toBeNull();
    const lock = await acquireDataDirLock(dataDir, 'server');
    expect(JSON.parse(await readFile(lock.path, 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  (process.platform === 'linux' ? it : it.skip)('takes over a lock whose process has exited but is not yet reaped (a zombie)', async () => {
    await acquireDataDirLock(dataDir, 'server').then((l) => l.release());
    const dead = await zombie();
    try {
      await writeFile(lockPath(dataDir), JSON.stringify({ pid: dead.pid, purpose: 'server', startedAt: '2026-01-01T00:00:00Z' }));
      expect(await dataDirHolder(dataDir)).toBeNull();
      const lock = await acquireDataDirLock(dataDir, 'cli');
      expect(JSON.parse(await readFile(lock.path, 'utf8'))).toMatchObject({ pid: process.pid, purpose: 'cli' });
      await lock.release();
    } finally {
      dead.release();
    }
  });

  it('takes over a lock naming its own pid that it does not hold (a restarted container is pid 1 again)', async () => {
    await acquireDataDirLock(dataDir, 'server').then((l) => l.release());
    await writeFile(lockPath(dataDir), JSON.stringify({ pid: process.pid, purpose: 'server', startedAt: 'earlier' }));
    expect(await dataDirHolder(dataDir)).toBeNull();
    const lock = await acquireDataDirLock(dataDir, 'cli');
    const written = JSON.parse(await readFile(lock.path, 'utf8')) as { pid: number; purpose: string; startedAt: string };
    expect(written).toMatchObject({ pid: process.pid, purpose: 'cli' });
    expect(written.startedAt).not.toBe('earlier');
    expect(await dataDirHolder(dataDir)).toMatchObject({ pid: process.pid, purpose: 'cli' });
    await lock.release();
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('takes over a lock file that is not one', async () => {
    await acquireDataDirLock(dataDir, 'server').then((l) => l.release());
    await writeFile(lockPath(dataDir), 'garbage');
    expect(await dataDirHolder(dataDir)).toBeNull();
    const lock = await acquireDataDirLock(dataDir, 'migrate');
    expect(JSON.parse(await readFile(lock.path, 'utf8'))).toMatchObject({ pid: process.pid, purpose: 'migrate' });
    expect(await dataDirHolder(dataDir)).toMatchObject({ pid: process.pid, purpose: 'migrate' });
    await lock.release();
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('refuses a lock held by another live process', async () => {
    await acquireDataDirLock(dataDir, 'server').then((l) => l.release());
    await writeFile(lockPath(dataDir), JSON.stringify({ pid: process.ppid, purpose: 'server', startedAt: 'now' }));
    await expect(acquireDataDirLock(dataDir, 'cli')).rejects.toThrow(`(pid ${process.ppid}) is using DATA_DIR ${dataDir}`);
    expect(await dataDirHolder(dataDir)).toMatchObject({ pid: process.ppid });
  });

  it('lets exactly one of many simultaneous takers win', async () => {
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map(() => acquireDataDirLock(dataDir, 'server')));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const lost of results.filter((r) => r.status === 'rejected')) expect(lost.reason).toBeInstanceOf(DataDirLockError);
    await (won[0] as PromiseFulfilledResult<{ release(): Promise<void> }>).value.release();
  });
});

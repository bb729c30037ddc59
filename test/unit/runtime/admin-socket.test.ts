import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DependencyContainer } from 'tsyringe';
import { operatorCommands } from '../../../src/adapters/cli/commands';
import { UNIT_OF_WORK, type UnitOfWork } from '../../../src/application/ports/unit-of-work';
import { buildContainer } from '../../../src/container';
import { AdminCommandError, sendAdminCommand } from '../../../src/runtime/admin-client';
import { adminSocketPath } from '../../../src/runtime/admin-protocol';
import { startAdminSocket as startSocket, type AdminSocket, type AdminSocketOptions } from '../../../src/runtime/admin-socket';
import { testConfig } from '../../support/test-config';

/** The server's admin socket running the CLI's commands on `container`. */
const startAdminSocket = (container: DependencyContainer, dataDir: string, options?: AdminSocketOptions) =>
  startSocket(operatorCommands(container), dataDir, options);

const isUsage = (error: unknown) => error instanceof AdminCommandError && error.kind === 'usage';

const USER = ['--username', 'ada', '--email', 'ada@example.org', '--password', 'analytical'];

/** A raw request on the socket, for what the client never sends. */
function raw(path: string, method: string, body: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ socketPath: path, method, path: '/commands' }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('admin socket', () => {
  let dataDir: string;
  let container: DependencyContainer;
  let socket: AdminSocket | null;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pn-admin-'));
    container = buildContainer(testConfig({ dataDir }), { kind: 'memory' });
    socket = null;
  });
  afterEach(async () => {
    await socket?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('listens on DATA_DIR/run/admin.sock, which only the owner can reach', async () => {
    socket = await startAdminSocket(container, dataDir);
    const path = adminSocketPath(dataDir);
    expect(path).toBe(join(dataDir, 'run', 'admin.sock'));
    expect((await stat(join(dataDir, 'run'))).mode & 0o777).toBe(0o700);
    expect((await stat(path)).isSocket()).toBe(true);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('tightens a run directory that already existed with a looser mode, and replaces a stale socket file', async () => {
    await mkdir(join(dataDir, 'run'), { mode: 0o755 });
    await writeFile(adminSocketPath(dataDir), 'left over');
    socket = await startAdminSocket(container, dataDir);
    expect((await stat(join(dataDir, 'run'))).mode & 0o777).toBe(0o700);
    expect((await stat(adminSocketPath(dataDir))).isSocket()).toBe(true);
  });

  it('runs a command in the server process, on its container', async () => {
    socket = await startAdminSocket(container, dataDir);
    const result = await sendAdminCommand(dataDir, 'user:create', USER);
    expect(result).toEqual({ id: expect.any(Number), username: 'ada' });
    const user = await container.resolve<UnitOfWork>(UNIT_OF_WORK).run(({ users }) => users.findByUsername('ada'));
    expect(user?.email).toBe('ada@example.org');
  });

  it('passes usage errors back as such, and other failures as their message', async () => {
    socket = await startAdminSocket(container, dataDir);
    expect(isUsage(await sendAdminCommand(dataDir, 'user:create', ['--nope']).catch((e: unknown) => e))).toBe(true);
    await expect(sendAdminCommand(dataDir, 'frobnicate', [])).rejects.toThrow(/^unknown command "frobnicate"/u);
    await sendAdminCommand(dataDir, 'user:create', USER);
    const taken = await sendAdminCommand(dataDir, 'user:create', USER).catch((e: unknown) => e);
    expect(isUsage(taken)).toBe(false);
    expect((taken as Error).message).toMatch(/ada/u);
  });

  it('answers 400 to a malformed request and 404 to anything but POST /commands', async () => {
    socket = await startAdminSocket(container, dataDir);
    const path = adminSocketPath(dataDir);
    expect(await raw(path, 'POST', '{"command": 1}')).toMatchObject({ status: 400, body: { error: { kind: 'bad_request' } } });
    expect(await raw(path, 'POST', 'not json')).toMatchObject({ status: 400 });
    expect(await raw(path, 'GET', '')).toMatchObject({ status: 404 });
  });

  it('reports an unexpected failure without its details and tells the server', async () => {
    const errors: unknown[] = [];
    const broken = container.createChildContainer();
    broken.register(UNIT_OF_WORK, { useValue: { run: () => Promise.reject(new Error('connection lost: secret detail')) } });
    socket = await startAdminSocket(broken, dataDir, { onError: (error) => errors.push(error) });
    const failure: unknown = await sendAdminCommand(dataDir, 'user:create', USER).catch((e: unknown) => e);
    expect((failure as Error).message).toBe('the command failed inside the server; its log has the details');
    expect(errors).toHaveLength(1);
  });

  it('closes each connection after its answer, and cuts a command still running when the stop cannot wait', async () => {
    const stuck = container.createChildContainer();
    stuck.register(UNIT_OF_WORK, { useValue: { run: () => new Promise(() => undefined) } });
    socket = await startAdminSocket(stuck, dataDir);
    const path = adminSocketPath(dataDir);
    const connectionHeader = await new Promise<string | undefined>((resolve, reject) => {
      const outgoing = request({ socketPath: path, method: 'GET', path: '/' }, (response) => {
        response.resume();
        resolve(response.headers.connection);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
    expect(connectionHeader).toBe('close');

    const running = sendAdminCommand(dataDir, 'user:create', USER).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 200));
    let closed = false;
    const closing = socket.close().then(() => { closed = true; });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    socket.closeAllConnections();
    await closing;
    socket = null;
    expect(await running).toMatchObject({ code: 'ECONNRESET' });
  });

  it('gives up naming the socket when no server answers', async () => {
    await expect(sendAdminCommand(dataDir, 'seed:demo', [], 300)).rejects.toThrow(
      `the server holding DATA_DIR ${dataDir} does not answer on ${adminSocketPath(dataDir)}`,
    );
  });

  it('removes the socket on close; a client then waits for the server to come up', async () => {
    socket = await startAdminSocket(container, dataDir);
    await socket.close();
    socket = null;
    await expect(stat(adminSocketPath(dataDir))).rejects.toMatchObject({ code: 'ENOENT' });

    const waiting = sendAdminCommand(dataDir, 'user:create', USER);
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket = await startAdminSocket(container, dataDir);
    await expect(waiting).resolves.toMatchObject({ username: 'ada' });
  });
});

import { chmod, mkdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { DomainError } from '../domain/domain-error';
import { ADMIN_COMMAND_PATH, adminRunDir, adminSocketPath, type AdminRequest, type AdminResponse } from './admin-protocol';

export interface AdminSocket {
  /** Stops accepting; resolves once the commands in flight are answered. */
  close(): Promise<void>;
  /** Cuts every connection, a command in flight included: for a stop that cannot wait any longer. */
  closeAllConnections(): void;
}

/** The operator commands the socket runs (the CLI's, on the server's own container). */
export interface AdminCommands {
  run(command: string, args: readonly string[]): Promise<unknown>;
  /** True for an error in the command line itself, answered as `usage` (the CLI exits 2). */
  isUsageError(error: unknown): boolean;
}

export interface AdminSocketOptions {
  /** Told of a command that failed for a reason other than bad input (the server logs it). */
  onError?: (error: unknown) => void;
}

const BODY_MAX = 64 * 1024;

/**
 * Serves CLI commands on `DATA_DIR/run/admin.sock` while this process holds the embedded database,
 * running them in the server's own process so they share its single PGlite connection.
 */
export async function startAdminSocket(
  commands: AdminCommands, dataDir: string, options: AdminSocketOptions = {},
): Promise<AdminSocket> {
  const dir = adminRunDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const path = adminSocketPath(dataDir);
  // A socket file left by a server that died; this process holds the DATA_DIR lock, so it is not in use.
  await rm(path, { force: true });

  const server = createServer((request, response) => {
    void handle(commands, request, options).then(({ status, body }) => send(response, status, body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(path, 0o600);

  return {
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
      await rm(path, { force: true });
    },
    closeAllConnections: () => server.closeAllConnections(),
  };
}

async function handle(
  commands: AdminCommands, request: IncomingMessage, options: AdminSocketOptions,
): Promise<{ status: number; body: AdminResponse }> {
  if (request.method !== 'POST' || request.url !== ADMIN_COMMAND_PATH) {
    return failure(404, 'not_found', `only POST ${ADMIN_COMMAND_PATH} is served here`);
  }
  let parsed: AdminRequest;
  try {
    parsed = parseRequest(await readBody(request));
  } catch (error) {
    return failure(400, 'bad_request', (error as Error).message);
  }
  try {
    return { status: 200, body: { result: await commands.run(parsed.command, parsed.args) } };
  } catch (error) {
    if (commands.isUsageError(error)) return failure(400, 'usage', (error as Error).message);
    if (error instanceof DomainError) return failure(422, error.kind, error.message);
    options.onError?.(error);
    return failure(500, 'internal', 'the command failed inside the server; its log has the details');
  }
}

function failure(status: number, kind: string, message: string): { status: number; body: AdminResponse } {
  return { status, body: { error: { kind, message } } };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > BODY_MAX) throw new Error(`the request is larger than ${BODY_MAX} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseRequest(text: string): AdminRequest {
  const value: unknown = JSON.parse(text);
  if (typeof value === 'object' && value !== null && 'command' in value && 'args' in value) {
    const { command, args } = value;
    if (typeof command === 'string' && Array.isArray(args) && args.every((a) => typeof a === 'string')) {
      return { command, args };
    }
  }
  throw new Error('the request must be {"command": string, "args": string[]}');
}

function send(response: ServerResponse, status: number, body: AdminResponse): void {
  // One command per connection: an idle connection left behind would only delay a stop.
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
  response.end(JSON.stringify(body));
}

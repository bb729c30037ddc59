import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN_COMMAND_PATH, adminSocketPath, type AdminRequest, type AdminResponse } from './admin-protocol';

// A server takes the DATA_DIR lock before its socket is up (it opens and migrates the database first).
const CONNECT_PATIENCE_MS = 15_000;
const RETRY_EVERY_MS = 250;

/** A command the server refused or failed; `kind` is `usage` when the command line itself is wrong. */
export class AdminCommandError extends Error {
  override readonly name = 'AdminCommandError';
  constructor(readonly kind: string, message: string) {
    super(message);
  }
}

/** Runs a command inside the server that holds DATA_DIR, through its admin socket. */
export async function sendAdminCommand(
  dataDir: string, command: string, args: readonly string[], patienceMs = CONNECT_PATIENCE_MS,
): Promise<unknown> {
  const path = adminSocketPath(dataDir);
  const deadline = Date.now() + patienceMs;
  for (;;) {
    try {
      return unwrap(await post(path, { command, args: [...args] }));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const notListening = code === 'ENOENT' || code === 'ECONNREFUSED';
      if (!notListening) throw error;
      if (Date.now() >= deadline) {
        throw new Error(`the server holding DATA_DIR ${dataDir} does not answer on ${path}`, { cause: error });
      }
      await sleep(RETRY_EVERY_MS);
    }
  }
}

function unwrap({ status, body }: { status: number; body: AdminResponse }): unknown {
  if ('result' in body) return body.result;
  throw new AdminCommandError(status === 400 && body.error.kind === 'usage' ? 'usage' : body.error.kind, body.error.message);
}

function post(socketPath: string, body: AdminRequest): Promise<{ status: number; body: AdminResponse }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({
      socketPath, method: 'POST', path: ADMIN_COMMAND_PATH, headers: { 'content-type': 'application/json' },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        try {
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as AdminResponse });
        } catch {
          reject(new Error(`the server answered on ${socketPath} with something that is not JSON`));
        }
      });
    });
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify(body));
  });
}

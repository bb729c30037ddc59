import http from 'node:http';
import https from 'node:https';
import type { FastifyServerFactory, FastifyServerFactoryHandler } from 'fastify';

/** What a POST may become: `_method` in a form (docs/api.md, Conventions), or the header (**ext**, PATCH too). */
const FORM_VERBS = new Set(['PUT', 'DELETE']);
const HEADER_VERBS = new Set(['PUT', 'DELETE', 'PATCH']);
const HEADER = 'x-http-method-override';
/** At most this much of a body is held to look for `_method`; past it the request goes on as a POST. */
export const MAX_SCANNED_BYTES = 1024 * 1024;

export interface TlsOptions {
  key: string | Buffer;
  cert: string | Buffer;
}

/**
 * For `fastify({ serverFactory })`: Fastify routes on `req.method` before any hook runs, so the
 * override is applied here, in the server, before Fastify sees the request. HTTPS when given TLS.
 */
export function methodOverrideServerFactory(tls: TlsOptions | null = null): FastifyServerFactory {
  return (handler: FastifyServerFactoryHandler, options: Record<string, unknown>) => {
    const listener = (req: http.IncomingMessage, res: http.ServerResponse) => overrideMethod(req, () => handler(req, res));
    const server = tls ? https.createServer({ ...httpOptions(options), ...tls }, listener) : http.createServer(httpOptions(options), listener);
    applyTimeouts(server, options);
    // Fastify's factory type names http.Server; an https.Server serves the same requests.
    return server as http.Server;
  };
}

/** Sets `req.method` from the header or a form's `_method`, then calls `next` with the body still all readable. */
export function overrideMethod(req: http.IncomingMessage, next: () => void): void {
  if (req.method !== 'POST') return next();
  const header = req.headers[HEADER];
  if (typeof header === 'string' && HEADER_VERBS.has(header.toUpperCase())) {
    req.method = header.toUpperCase();
    return next();
  }
  const scan = scannerFor(req);
  if (!scan) return next();
  readPrefix(req, scan, (verb) => {
    if (verb && FORM_VERBS.has(verb.toUpperCase())) req.method = verb.toUpperCase();
    next();
  });
}

/** A verdict on the bytes so far: a verb, null (no override), or undefined (read on). */
type Scanner = (prefix: Buffer, complete: boolean) => string | null | undefined;

function scannerFor(req: http.IncomingMessage): Scanner | undefined {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  const length = Number(req.headers['content-length'] ?? Number.NaN);
  // Without Content-Length or Transfer-Encoding a request has no body (RFC 9112 §6.3): waiting for one would hang.
  if (length === 0 || (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined)) return undefined;
  if (type.startsWith('application/x-www-form-urlencoded')) {
    // `_method` may be anywhere in a form: a form too large to hold stays a POST.
    if (length > MAX_SCANNED_BYTES) return undefined;
    return (prefix, complete) => (complete ? new URLSearchParams(prefix.toString('latin1')).get('_method') : undefined);
  }
  const boundary = /^multipart\/form-data\s*;.*\bboundary=(?:"([^"]+)"|([^;\s]+))/i.exec(req.headers['content-type'] ?? '');
  const delimiter = boundary?.[1] ?? boundary?.[2];
  if (!delimiter) return undefined;
  // Forms put a hidden `_method` first, so a multipart upload is scanned until it shows up.
  return (prefix, complete) => methodPart(prefix.toString('latin1'), `--${delimiter}`) ?? (complete ? null : undefined);
}

/** The value of a complete `_method` part in a multipart prefix, or undefined when none is there yet. */
function methodPart(text: string, delimiter: string): string | undefined {
  const parts = text.split(delimiter);
  // The last piece may be cut short; only pieces followed by a delimiter are whole.
  for (const part of parts.slice(1, -1)) {
    const split = part.indexOf('\r\n\r\n');
    if (split === -1) continue;
    if (/^content-disposition:\s*form-data;\s*name="_method"\s*$/im.test(part.slice(0, split))) {
      return part.slice(split + 4).replace(/\r\n$/, '');
    }
  }
  return undefined;
}

/**
 * Reads the body until `scan` decides or MAX_SCANNED_BYTES is passed, then puts every byte read back
 * with `unshift`, in the same tick, before the stream can emit 'end'; the parsers downstream
 * (Fastify's and multipart's, which reads `req` directly) then read the whole body as sent.
 */
function readPrefix(req: http.IncomingMessage, scan: Scanner, done: (verb: string | null) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const finish = (verb: string | null) => {
    req.removeListener('readable', onReadable);
    req.removeListener('close', onClose);
    if (size > 0) req.unshift(Buffer.concat(chunks, size));
    done(verb);
  };
  const onReadable = () => {
    let chunk: Buffer | null;
    while ((chunk = req.read() as Buffer | null) !== null) {
      chunks.push(chunk);
      size += chunk.length;
      const verdict = size > MAX_SCANNED_BYTES ? null : scan(Buffer.concat(chunks, size), false);
      if (verdict !== undefined) return finish(verdict);
    }
    // `complete` is set before the parser pushes the end: nothing more will come.
    if (req.complete) finish(scan(Buffer.concat(chunks, size), true) ?? null);
  };
  // A client that hangs up mid-body gets no answer; just stop listening.
  const onClose = () => req.removeListener('readable', onReadable);
  req.on('readable', onReadable);
  req.once('close', onClose);
}

function httpOptions(options: Record<string, unknown>): http.ServerOptions {
  return typeof options.http === 'object' && options.http !== null ? (options.http as http.ServerOptions) : {};
}

/** The timeouts Fastify applies to servers it creates itself. */
function applyTimeouts(server: http.Server | https.Server, options: Record<string, unknown>): void {
  const number = (key: string) => (typeof options[key] === 'number' ? (options[key] as number) : undefined);
  const keepAlive = number('keepAliveTimeout');
  const request = number('requestTimeout');
  const connection = number('connectionTimeout');
  const perSocket = number('maxRequestsPerSocket');
  if (keepAlive !== undefined) server.keepAliveTimeout = keepAlive;
  if (request !== undefined) server.requestTimeout = request;
  if (connection !== undefined) server.setTimeout(connection);
  if (perSocket !== undefined && perSocket > 0) server.maxRequestsPerSocket = perSocket;
}

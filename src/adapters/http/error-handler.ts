import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorKind } from '../../domain/domain-error';
import { failure, type ErrorType, type FieldProblemBody } from './envelope';
import { validationFields } from './validation-messages';

const REALM = 'Bearer realm="place-notes"';

interface Mapped {
  status: number;
  type: ErrorType;
  message: string;
  fields?: FieldProblemBody[];
  headers?: Record<string, string>;
}

/** THE table: every DomainError kind to one status, type and challenge. */
const KINDS: Record<DomainErrorKind, { status: number; type: ErrorType; challenge?: (e: DomainError) => string }> = {
  invalid: { status: 400, type: 'bad_request' },
  unauthenticated: { status: 401, type: 'unauthorized', challenge: () => REALM },
  invalid_token: { status: 401, type: 'unauthorized', challenge: () => `${REALM}, error="invalid_token"` },
  forbidden: { status: 403, type: 'forbidden' },
  insufficient_scope: { status: 403, type: 'forbidden', challenge: scopeChallenge },
  not_found: { status: 404, type: 'not_found' },
  conflict: { status: 409, type: 'conflict' },
  precondition_failed: { status: 412, type: 'precondition_failed' },
  unavailable: { status: 503, type: 'unavailable' },
};

/** Client-error statuses that have a type of their own; any other 4xx is a `bad_request` kept at its status. */
const TYPES_BY_STATUS: Record<number, ErrorType> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Messages for Fastify's own errors, whose texts name internals (`FST_…`, content-type parsers). */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'the content type is not supported: send application/json, application/x-www-form-urlencoded or multipart/form-data',
  FST_ERR_CTP_BODY_TOO_LARGE: 'the request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'the request body does not match its Content-Length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'the JSON body is empty',
  FST_ERR_BAD_URL: 'the URL is not valid: percent-escapes must encode UTF-8',
};

// A path segment longer than the router keeps (100 characters) is an id no resource has: 404, as docs/api.md, Conventions wants.
const ID_TOO_LONG = 'FST_ERR_MAX_PARAM_LENGTH';

/** For `app.setErrorHandler`: every error leaves as the error envelope (docs/api.md, Conventions). */
export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const mapped = mapError(error, request.id);
  if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ err: error, status: mapped.status }, 'request refused');
  if (reply.sent || reply.raw.headersSent) return;
  if (mapped.headers) reply.headers(mapped.headers);
  reply.code(mapped.status).send(failure(mapped.status, mapped.type, mapped.message, { fields: mapped.fields, requestId: request.id }));
}

/** For `app.setNotFoundHandler`: an unknown route (or method) is a 404 in the envelope. */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  // The path only: the query may carry an access token, and the router reads a query after `#` too.
  const path = request.url.split(/[?#]/u, 1)[0] ?? '';
  reply.code(404).send(failure(404, 'not_found', `${request.method} ${path} does not exist`, { requestId: request.id }));
}

/**
 * For `fastify({ frameworkErrors })`: malformed URLs that fail before routing, in the same envelope.
 * No hook runs for them, so the headers every JSON response needs are set here.
 */
export function frameworkErrors(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-request-id', request.id);
  errorHandler(error, request, reply);
}

/**
 * For `fastify({ clientErrorHandler })`: requests Node's HTTP parser refuses (raw non-ASCII bytes in
 * the URL, malformed headers) still answer in the envelope.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, type, message] = clientErrorStatus(error.code);
  const body = JSON.stringify(failure(status, type, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function clientErrorStatus(code: string | undefined): [number, ErrorType, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'bad_request', 'the request took too long to arrive'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'bad_request', 'the request headers are too large'];
  return [400, 'bad_request', 'the request is malformed (a URL must be ASCII, with UTF-8 percent-escapes)'];
}

function mapError(error: unknown, requestId: string): Mapped {
  if (error instanceof DomainError) return mapDomainError(error);
  const status = statusOf(error);
  // The id lets support find the logged error; nothing of the error itself goes out.
  if (status === undefined) return { status: 500, type: 'internal', message: `internal error (request ${requestId})` };
  if ((error as { code?: unknown }).code === ID_TOO_LONG) return { status: 404, type: 'not_found', message: 'the path names nothing' };
  const validation = validationFields(error);
  if (validation) {
    return { status: 400, type: 'bad_request', message: validation.map((f) => `${f.name} ${f.problem}`).join('; '), fields: validation };
  }
  const type = TYPES_BY_STATUS[status] ?? 'bad_request';
  return { status, type, message: clientMessage(error, status), headers: headersOf(error) };
}

function mapDomainError(error: DomainError): Mapped {
  const entry = KINDS[error.kind];
  const headers = entry.challenge ? { 'www-authenticate': entry.challenge(error) } : undefined;
  return { status: entry.status, type: entry.type, message: error.message, fields: error.details.fields, headers };
}

function scopeChallenge(error: DomainError): string {
  const scope = error.details.scope;
  const scopePart = scope ? `, scope="${scope.replace(/["\\]/g, '')}"` : '';
  return `${REALM}, error="insufficient_scope"${scopePart}`;
}

/** A 4xx status the error carries on purpose (Fastify, its plugins, http-errors); undefined means a fault. */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { statusCode?: unknown }).statusCode ?? (error as { status?: unknown }).status;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status < 500 ? status : undefined;
}

function clientMessage(error: unknown, status: number): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && FASTIFY_MESSAGES[code]) return FASTIFY_MESSAGES[code];
  if (typeof message === 'string' && message !== '') return message;
  return (STATUS_CODES[status] ?? 'client error').toLowerCase();
}

/** Headers an error asks for (http-errors style); a 429 keeps those its plugin already set on the reply. */
function headersOf(error: unknown): Record<string, string> | undefined {
  const headers = (error as { headers?: unknown }).headers;
  if (typeof headers !== 'object' || headers === null) return undefined;
  const entries = Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

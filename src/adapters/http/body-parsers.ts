import { isUtf8 } from 'node:buffer';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import qs from 'qs';
import secureJson from 'secure-json-parse';
import { DomainError } from '../../domain/domain-error';
import { markFormBody } from './body-validation';
import { MultipartFieldTooLarge, UnsupportedCharset } from './http-errors';

/** Form nesting as clients of the original service sent it: `location[latitude]`, `tags[]`. */
const FORM_OPTIONS: qs.IParseOptions = {
  depth: 2,
  strictDepth: true,
  parameterLimit: 1000,
  arrayLimit: 100,
  throwOnLimitExceeded: true,
  duplicates: 'combine',
  // qs's own decoder keeps a malformed escape as text; this one throws, so `%FF` is a 400.
  decoder: (text: string) => decodeURIComponent(text.replace(/\+/g, ' ')),
};

// docs/api.md: an image is at most 20 MiB; one file per request is all a note takes.
const MAX_FILE_BYTES = 20 * 1024 * 1024;
const MAX_FILES = 1;
const MAX_FIELDS = 200;

/** A transport field, not data: method-override has already acted on it. */
const METHOD_FIELD = '_method';

/**
 * Replaces Fastify's parsers (which turn invalid UTF-8 into U+FFFD) with strict ones for JSON,
 * forms and multipart; every other content type is left without a parser, so Fastify answers 415.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  const bodyLimit = app.initialConfig.bodyLimit ?? 1024 * 1024;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, async (request: FastifyRequest, body: Buffer) =>
    refuseUnstorable(parseJson(requireUtf8(request, body))),
  );
  // Not @fastify/formbody: it decodes with `body.toString()`, so it never sees invalid bytes.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, async (request: FastifyRequest, body: Buffer) =>
    markFormBody(refuseUnstorable(withoutMethodField(parseForm(requireUtf8(request, body))))),
  );
  void app.register(multipart, {
    limits: { fieldSize: bodyLimit, fields: MAX_FIELDS, files: MAX_FILES, fileSize: MAX_FILE_BYTES, parts: MAX_FIELDS + MAX_FILES },
  });
  // A callback, not an async hook: every request passes here, and only multipart ones have work to wait for.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.isMultipart()) return done();
    readMultipart(request, bodyLimit)
      .then((body) => {
        request.body = markFormBody(refuseUnstorable(body));
      })
      .then(() => done(), done);
  });
}

// ASCII is UTF-8; a body declared in any other charset cannot be read as the client means it.
const UTF8_CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii']);

/** Strict UTF-8 text of a body, after refusing a declared charset other than UTF-8. */
function requireUtf8(request: FastifyRequest, body: Buffer): string {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && !UTF8_CHARSETS.has(charset)) {
    throw new UnsupportedCharset(charset);
  }
  if (!isUtf8(body)) throw new DomainError('invalid', 'the request body is not valid UTF-8');
  return body.toString('utf8');
}

const UNSTORABLE = 'must not contain NUL or unpaired surrogate characters';

/**
 * Refuses text PostgreSQL cannot store as sent: U+0000 (text cannot hold it) and lone surrogates (a JSON
 * `\ud800`, which would be stored as U+FFFD). Every field at fault is named as validation names it.
 */
function refuseUnstorable<T>(body: T): T {
  const problems: { name: string; problem: string }[] = [];
  // A stack, not recursion, and names built only for a field at fault: a body may nest thousands of levels deep.
  interface Place { value: unknown; key: string | number | null; parent: Place | null }
  const nameOf = (place: Place): string => {
    let name = '';
    for (let p: Place | null = place; p !== null && p.key !== null; p = p.parent) {
      name = typeof p.key === 'number' ? `[${p.key}]${name}` : `${p.key}${name.startsWith('[') || name === '' ? '' : '.'}${name}`;
    }
    return name === '' ? 'body' : name;
  };
  const pending: Place[] = [{ value: body, key: null, parent: null }];
  for (let place = pending.pop(); place !== undefined; place = pending.pop()) {
    const { value } = place;
    if (typeof value === 'string') {
      if (!storable(value)) problems.push({ name: nameOf(place), problem: UNSTORABLE });
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => pending.push({ value: item, key: i, parent: place }));
    } else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (!storable(key)) problems.push({ name: nameOf(place), problem: 'has a field name with NUL or unpaired surrogate characters' });
        else pending.push({ value: item, key, parent: place });
      }
    }
  }
  if (problems.length > 0) throw DomainError.invalid(problems);
  return body;
}

function storable(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

function parseJson(text: string): unknown {
  // An empty body (a DELETE sent with a JSON content type) is no body, not an error.
  if (text.trim() === '') return undefined;
  try {
    // Some clients (PowerShell, Notepad-made files) start UTF-8 with a byte order mark.
    return secureJson.parse(text.replace(/^\uFEFF/, ''), null, { protoAction: 'error', constructorAction: 'error' }) as unknown;
  } catch {
    throw new DomainError('invalid', 'the request body is not valid JSON');
  }
}

/** A urlencoded body as nested values, percent-escapes decoded strictly as UTF-8. */
export function parseForm(text: string): Record<string, unknown> {
  try {
    return qs.parse(text, FORM_OPTIONS);
  } catch (error) {
    if (error instanceof URIError) throw new DomainError('invalid', 'the form body has a percent-escape that is not UTF-8');
    if (error instanceof RangeError) throw new DomainError('invalid', `the form body is too deeply nested or has too many values (${error.message})`);
    throw error;
  }
}

function withoutMethodField(body: Record<string, unknown>): Record<string, unknown> {
  delete body[METHOD_FIELD];
  return body;
}

/**
 * Multipart text fields (through the same bracket notation as forms) and files (as Buffers).
 * Busboy decodes text itself, turning invalid bytes into U+FFFD, so U+FFFD in a field is refused.
 */
async function readMultipart(request: FastifyRequest, bodyLimit: number): Promise<Record<string, unknown>> {
  const text = new URLSearchParams();
  const files: Record<string, Buffer> = {};
  let textBytes = 0;
  try {
    for await (const part of request.parts()) {
      refuseReplacement(part.fieldname, 'a multipart field name');
      if (part.type === 'file') {
        files[part.fieldname] = await part.toBuffer();
        continue;
      }
      if (part.fieldnameTruncated || part.valueTruncated) throw new MultipartFieldTooLarge();
      if (typeof part.value !== 'string') throw jsonPart();
      refuseReplacement(part.value, `multipart field ${part.fieldname}`);
      textBytes += Buffer.byteLength(part.value);
      if (textBytes > bodyLimit) throw new MultipartFieldTooLarge();
      text.append(part.fieldname, part.value);
    }
  } catch (error) {
    throw asClientError(error);
  }
  // Re-encoded so that text fields nest exactly as a urlencoded form does.
  return { ...withoutMethodField(parseForm(text.toString())), ...files };
}

function refuseReplacement(value: string, what: string): void {
  if (value.includes('\uFFFD')) throw new DomainError('invalid', `${what} is not valid UTF-8`);
}

// The plugin parses parts declared application/json itself, from text busboy decoded without our checks.
function jsonPart(): DomainError {
  return new DomainError('invalid', 'send multipart fields as text, not as JSON parts');
}

/** Busboy reports a malformed body (no boundary, cut short) as a plain Error: that is the client's fault. */
function asClientError(error: unknown): unknown {
  if (error instanceof DomainError || !(error instanceof Error)) return error;
  if ((error as { code?: unknown }).code === 'FST_INVALID_JSON_FIELD_ERROR') return jsonPart();
  if (typeof (error as { statusCode?: unknown }).statusCode === 'number') return error;
  return new DomainError('invalid', 'the multipart body is malformed');
}

import fc from 'fast-check';

/**
 * Hostile inputs for the route fuzzers: ids, query strings, bodies and headers. Every generated request
 * is bytes on the wire (a Buffer), so invalid UTF-8 and NUL bytes reach the server as sent.
 */

/** Seed and number of runs per route: `FUZZ_SEED=… FUZZ_RUNS=…` reproduce or lengthen a run. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261121);
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 30);

/** Valid values the fixture provides for path parameters, so some requests reach the use cases. */
export interface KnownValues {
  ids: number[];
  usernames: string[];
  tags: string[];
}

export interface FuzzRequest {
  method: string;
  target: Buffer;
  headers: Record<string, string>;
  body: Buffer | null;
  /** A readable summary for failure reports. */
  describe: string;
}

const HOSTILE_IDS = [
  '-1', '0', '00001', '2147483647', '2147483648', '99999999999999999999999999', '1.5', '1e3', '0x10', '+1', '%2B1', ' 1',
  '%20', '1%20', '%00', '1%00', '%C3%28', '%FF', '%', '%zz', '..', '%2e%2e', '%2F', 'NaN', 'Infinity', 'null', 'undefined',
  '__proto__', 'constructor', encodeURIComponent('١٢٣'), encodeURIComponent('１２'), encodeURIComponent('²'), '9'.repeat(120),
];

/** Raw bytes that are not valid UTF-8 (or NUL), percent-escaped or not. */
const badBytes = fc.oneof(
  fc.constantFrom(Buffer.from([0xc3, 0x28]), Buffer.from([0xff]), Buffer.from([0x80]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0])),
  fc.uint8Array({ minLength: 1, maxLength: 6 }).map((a) => Buffer.from(a)),
);
const escaped = (bytes: Buffer) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');

const anyText = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 }));
const pathSegment = (known: KnownValues): fc.Arbitrary<Buffer> => fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...known.ids, ...known.usernames, ...known.tags).map((v) => Buffer.from(String(v))) },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_IDS).map((v) => Buffer.from(v)) },
  { weight: 1, arbitrary: fc.integer().map((n) => Buffer.from(String(n))) },
  { weight: 1, arbitrary: fc.double().map((n) => Buffer.from(encodeURIComponent(String(n)))) },
  { weight: 1, arbitrary: anyText.map((s) => Buffer.from(encodeURIComponent(s))) },
  { weight: 1, arbitrary: badBytes.map((b) => Buffer.from(escaped(b))) },
  { weight: 1, arbitrary: badBytes },
);

const QUERY_KEYS = [
  'offset', 'limit', 'bbox', 'near', 'radius', 'q', 'tag', 'author', 'since', 'until', 'sort', 'format', 'associations',
  'city', 'state', 'country', 'access_token', '__proto__', 'constructor', '__proto__[polluted]', 'constructor[prototype][polluted]',
  'limit[]', 'offset[a]', '_method',
];
const HOSTILE_VALUES = [
  '', '-1', '0', '1e400', '-1e400', '99999999999999999999', '1.5', 'NaN', 'Infinity', '%00', '%C3%28', '%FF', '1,2,3,4',
  '200,200,-200,-200', '-180,-90,180,90', '179,0,-179,10', '0,0', '91,181', 'recent', 'nearest', 'popular', 'geojson', 'none',
  'true', '[]', '{}', 'DELETE', 'PUT', encodeURIComponent('١٢'), 'a'.repeat(300),
];
const value = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 1, arbitrary: anyText.map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.integer({ min: -1000, max: 1000 }).map(String) },
  { weight: 1, arbitrary: badBytes.map(escaped) },
);
const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...QUERY_KEYS) }, { weight: 1, arbitrary: anyText.map(encodeURIComponent) });
const pairs = fc.array(fc.tuple(key, value), { maxLength: 6 });
const queryString = fc.oneof(
  { weight: 4, arbitrary: fc.constant(Buffer.alloc(0)) },
  { weight: 5, arbitrary: pairs.map((p) => Buffer.from(p.map(([k, v]) => `${k}=${v}`).join('&'))) },
  { weight: 1, arbitrary: badBytes.map((b) => Buffer.concat([Buffer.from('q='), b])) },
);

const NOTE_FIELDS = [
  'message', 'title', 'latitude', 'longitude', 'visibility', 'recipients', 'tags', 'location', 'city', 'country',
  'isoCountryCode', 'zoomLevel', 'street', 'comment', 'name', 'description', 'note_id', 'image_file', 'access_token', '_method',
];
const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'];

/** JSON text, hostile numbers and nesting written by hand (JSON.stringify cannot write 1e400 or a `__proto__` key). */
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
    fc.constantFrom('1e400', '-1e400', '123456789012345678901234567890', '-0', '0.0000000000000000000001', 'true', 'null', '""', '"\\u0000"', '"\\ud800"'),
    fc.string({ unit: 'grapheme', maxLength: 20 }).map((s) => JSON.stringify(s)),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...NOTE_FIELDS, ...POLLUTING_KEYS), fc.string({ maxLength: 10 })), tie('value')), { maxLength: 6 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
})).value;

const deepNesting = fc.integer({ min: 50, max: 20_000 }).chain((depth) => fc.constantFrom(
  `${'['.repeat(depth)}${']'.repeat(depth)}`,
  `{"message":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)},"latitude":1,"longitude":2}`,
  `{"tags":${'['.repeat(depth)}"x"${']'.repeat(depth)}}`,
));

/** One body every creating route accepts (each takes its own fields; the others are dropped). */
const VALID_BODY = '{"message":"Fuzz #fuzz","comment":"Fuzz","name":"Fuzz","note_id":1,"latitude":1,"longitude":2}';

/** A plausible note/comment/notemap body with one field made hostile: reaches past the schema more often. */
const nearlyValid = fc.tuple(fc.constantFrom(...NOTE_FIELDS, ...POLLUTING_KEYS), jsonText).map(([field, v]) =>
  `{"message":"Fuzz","comment":"Fuzz","name":"Fuzz","note_id":1,"latitude":1,"longitude":2,${JSON.stringify(field)}:${v}}`);

const formBody = fc.array(fc.tuple(
  fc.oneof(
    fc.constantFrom(...NOTE_FIELDS, 'location[latitude]', 'location[longitude]', 'tags[]', 'tags[0]', '__proto__[x]',
      'constructor[prototype][x]', 'a[b][c][d][e][f][g][h][i][j][k]', 'tags[999999999]', 'location[__proto__][x]'),
    anyText.map(encodeURIComponent),
  ),
  value,
), { maxLength: 8 }).map((p) => Buffer.from(p.map(([k, v]) => `${k}=${v}`).join('&')));

const BOUNDARY = 'fuzzboundary';
const multipartBody = fc.array(fc.tuple(fc.constantFrom('message', 'image_file', 'image', '_method', '__proto__', 'latitude', 'x'), fc.uint8Array({ maxLength: 64 })), { maxLength: 4 })
  .map((parts) => Buffer.concat([
    ...parts.flatMap(([name, bytes]) => [
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${name.startsWith('image') ? '; filename="x.png"\r\nContent-Type: image/png' : ''}\r\n\r\n`),
      Buffer.from(bytes), Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]));

const withBadBytes = fc.tuple(badBytes, fc.constantFrom('message', 'comment', 'name', 'tags'))
  .map(([bytes, field]) => Buffer.concat([Buffer.from(`{"latitude":1,"longitude":2,"note_id":1,"${field}":"A`), bytes, Buffer.from('"}')]));

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const HOSTILE_TYPES = [
  'text/plain', 'application/json; charset=latin1', 'application/json; charset=utf-16', 'application/JSON', 'application/json;;;',
  'multipart/form-data', `multipart/form-data; boundary=${BOUNDARY}`, 'multipart/form-data; boundary=', 'application/xml', 'image/png',
  '*/*', 'application/x-www-form-urlencoded; charset=iso-8859-1', 'application/geo+json', ';', 'application/json, text/plain',
];

interface Body { type: string | null; bytes: Buffer | null }
const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Body>({ type: null, bytes: null }) },
  { weight: 3, arbitrary: jsonText.map((t): Body => ({ type: JSON_TYPE, bytes: Buffer.from(t) })) },
  { weight: 3, arbitrary: nearlyValid.map((t): Body => ({ type: JSON_TYPE, bytes: Buffer.from(t) })) },
  { weight: 3, arbitrary: fc.constant<Body>({ type: JSON_TYPE, bytes: Buffer.from(VALID_BODY) }) },
  { weight: 1, arbitrary: deepNesting.map((t): Body => ({ type: JSON_TYPE, bytes: Buffer.from(t) })) },
  { weight: 2, arbitrary: formBody.map((b): Body => ({ type: FORM_TYPE, bytes: b })) },
  { weight: 1, arbitrary: multipartBody.map((b): Body => ({ type: `multipart/form-data; boundary=${BOUNDARY}`, bytes: b })) },
  { weight: 2, arbitrary: withBadBytes.map((b): Body => ({ type: JSON_TYPE, bytes: b })) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_TYPES), fc.uint8Array({ maxLength: 64 })).map(([type, b]): Body => ({ type, bytes: Buffer.from(b) })) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_TYPES), jsonText).map(([type, t]): Body => ({ type, bytes: Buffer.from(t) })) },
);

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 });
const authorization = (token: string) => fc.oneof(
  { weight: 8, arbitrary: fc.constant(`Bearer ${token}`) },
  { weight: 1, arbitrary: fc.constantFrom('Bearer', 'Bearer ', `Bearer ${token} extra`, `bearer    ${token}`, 'Basic Zm9vOmJhcg==', `Token ${token}`, 'Bearer ====', `Bearer ${token}%00`) },
  { weight: 1, arbitrary: printable },
);
const methodOverride = fc.oneof(
  { weight: 6, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'GET', 'put', 'HEAD', 'CONNECT', 'TRACE', 'OPTIONS', '') },
  { weight: 1, arbitrary: printable },
);

/** Which part of a request is hostile: one at a time mostly (so the others let it reach deep), or all at once. */
type Focus = 'path' | 'query' | 'body' | 'headers' | 'all';

/** Requests at one route (`url` with `:params`), signed with `token` unless the headers are the hostile part. */
export function requestsAt(method: string, url: string, token: string, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const names = url.split('/').filter((s) => s.startsWith(':'));
  const validSegment = fc.constantFrom(...known.ids, ...known.usernames, ...known.tags).map((v) => Buffer.from(String(v)));
  const benignBody: Body = method === 'GET' ? { type: null, bytes: null } : { type: JSON_TYPE, bytes: Buffer.from(VALID_BODY) };
  return fc.record({
    focus: fc.constantFrom<Focus>('path', 'query', 'body', 'headers', 'all'),
    params: fc.tuple(...names.map(() => pathSegment(known))),
    validParams: fc.tuple(...names.map(() => validSegment)),
    query: queryString,
    body: method === 'GET' ? fc.oneof({ weight: 3, arbitrary: fc.constant<Body>({ type: null, bytes: null }) }, { weight: 1, arbitrary: body }) : body,
    authorization: authorization(token),
    override: methodOverride,
    typeOverride: fc.option(fc.constantFrom(...HOSTILE_TYPES, JSON_TYPE, FORM_TYPE, ''), { freq: 3 }),
  }).map(({ focus, params, validParams, query, body: b, authorization: auth, override, typeOverride }) => {
    const hostile = (part: Focus) => focus === 'all' || focus === part;
    const segments = hostile('path') ? params : validParams;
    let next = 0;
    const path = Buffer.concat(url.split('/').flatMap((segment, i) => {
      const part = segment.startsWith(':') ? (segments[next++] as Buffer) : Buffer.from(segment);
      return i === 0 ? [part] : [Buffer.from('/'), part];
    }));
    const q = hostile('query') ? query : Buffer.alloc(0);
    const target = q.length > 0 ? Buffer.concat([path, Buffer.from('?'), q]) : path;
    const sent = hostile('body') ? b : benignBody;
    const headers: Record<string, string> = { authorization: hostile('headers') ? auth : `Bearer ${token}` };
    const type = hostile('headers') ? (typeOverride ?? sent.type) : sent.type;
    if (type !== null) headers['content-type'] = type;
    if (hostile('headers') && override !== null) headers['x-http-method-override'] = override;
    const describe = `${method} ${target.toString('latin1').slice(0, 300)} ${JSON.stringify(headers)} body=${JSON.stringify(sent.bytes?.toString('latin1').slice(0, 300) ?? null)}`;
    return { method, target, headers, body: sent.bytes, describe };
  });
}

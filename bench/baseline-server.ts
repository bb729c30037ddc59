// The benchmark's yardstick: the same answers as the service, byte for byte and header for header (request id,
// security and CORS headers, cache policy, rate-limit counts and the ETag), with the least work that gives them: named prepared statements (parsed and planned once per connection), one statement per read, the
// total of public notes read from a counter row, views gathered in memory and written in batches, no DI, no
// query builder, no schemas, no hooks. The domain's own pure functions derive titles, addresses, place names
// and cursors, so both sides compute the same text. Run by bench/run.ts as a child process:
//   DATABASE_URL=postgres://… PORT=… PUBLIC_URL=<the service's> node --import tsx bench/baseline-server.ts
import { createHash, hash, randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { VIEW_FLUSH_EVERY_MS } from '../src/application/ports/view-counter';
import { displayAddress } from '../src/domain/location';
import { locationSeenBy, type LocationPrecision } from '../src/domain/location-precision';
import { implicitTitle, noteTitle } from '../src/domain/note';
import { encodeNoteCursor } from '../src/domain/note-query';
import { placeName } from '../src/domain/place';

const viewerFlags = (userParam: string | null) => userParam === null
  ? 'false as is_favorited, false as is_found'
  : `exists (select 1 from note_favorites x where x.note_id = n.id and x.user_id = ${userParam}) as is_favorited,
     exists (select 1 from note_finds x where x.note_id = n.id and x.user_id = ${userParam}) as is_found`;

// Every column the answer shows; the tags are counted as the service counts them, the place is joined by its key.
const noteColumns = (userParam: string | null) => `
  n.id, n.title, n.message, n.visibility, n.latitude, n.longitude, n.street, n.street_number, n.street_address,
  n.neighborhood, n.city, n.state, n.postal_code, n.country, n.iso_country_code, n.zoom_level,
  n.public_views_count::int as public_views_count, n.comments_count, n.favoriters_count, n.finders_count, n.notemaps_count,
  n.image_key, n.image_width, n.image_height, n.location_precision, n.public_latitude, n.public_longitude,
  floor(extract(epoch from n.created_at))::int as created_at, floor(extract(epoch from n.updated_at))::int as updated_at,
  (extract(epoch from n.created_at) * 1000000)::int8 as created_us,
  u.id as author_id, u.username, u.name as author_name, u.avatar_hash, u.has_avatar,
  p.id as place_id, p.city as place_city, p.state as place_state, p.country as place_country,
  (select count(*)::int from note_tags nt where nt.note_id = n.id) as tags_count,
  ${viewerFlags(userParam)}`;

// A note, its author and its place (none when the note names no city, state or country).
const NOTE_FROM = 'notes n join users u on u.id = n.author_id left join places p on p.id = n.place_id';

const PAGE_SQL = `select ${noteColumns(null)} from ${NOTE_FROM}
  where n.visibility = 'public' order by n.created_at desc, n.id desc limit $1`;
// The counter row bench/run.ts writes once the notes are seeded (no writes happen while the baseline reads).
const COUNT_SQL = `select public_notes as total from bench_counters where id = 1`;
const ONE_SQL = `select ${noteColumns(null)} from ${NOTE_FROM}
  where n.id = $1 and n.visibility = 'public'`;
// With a token: the member's flags, and what a reader holding `readall` may see besides public notes.
const ONE_AS_READER_SQL = `select ${noteColumns('$2')} from ${NOTE_FROM}
  where n.id = $1 and (n.visibility = 'public' or n.author_id = $2 or (n.visibility = 'recipients'
    and exists (select 1 from note_recipients r where r.note_id = n.id and r.user_id = $2)))`;
// With a token that does not reach `readall`: the member's flags on public notes only.
const ONE_AS_MEMBER_SQL = `select ${noteColumns('$2')} from ${NOTE_FROM}
  where n.id = $1 and n.visibility = 'public'`;
const TOKEN_SQL = `select user_id, scopes from access_tokens
  where token_hash = $1 and revoked_at is null and (expires_at is null or expires_at > now())`;
// Nearest first within a circle, by the position anonymous readers see (the public one): the GiST index narrows to
// the covering box, haversine decides and orders.
const DISTANCE = `(2 * 6371008.8 * asin(least(1, sqrt(power(sin(radians(n.public_latitude - $1) / 2), 2)
  + cos(radians($1)) * cos(radians(n.public_latitude)) * power(sin(radians(n.public_longitude - $2) / 2), 2)))))`;
const NEAR_WHERE = `n.visibility = 'public'
  and point(n.public_longitude, n.public_latitude) <@ box(point($3::float8, $4::float8), point($5::float8, $6::float8))
  and ${DISTANCE} <= $7`;
const NEAR_SQL = `select ${noteColumns(null)}, ${DISTANCE} as distance from ${NOTE_FROM}
  where ${NEAR_WHERE} order by distance, n.created_at desc, n.id desc limit 20`;
const NEAR_COUNT_SQL = `select count(*)::int as total from notes n where ${NEAR_WHERE}`;
const FLUSH_VIEWS_SQL = `update notes set public_views_count = notes.public_views_count + v.views
  from unnest($1::int4[], $2::int8[]) as v(note_id, views) where notes.id = v.note_id`;

const PAGE_SIZE = 20;

interface NoteRow {
  id: number; title: string | null; message: string; visibility: string; latitude: number; longitude: number;
  street: string | null; street_number: string | null; street_address: string | null; neighborhood: string | null;
  city: string | null; state: string | null; postal_code: string | null; country: string | null;
  iso_country_code: string | null; zoom_level: number | null; public_views_count: number; comments_count: number;
  favoriters_count: number; finders_count: number; notemaps_count: number; image_key: string | null;
  image_width: number | null; image_height: number | null; location_precision: LocationPrecision;
  public_latitude: number; public_longitude: number; created_at: number; updated_at: number; created_us: string;
  author_id: number; username: string; author_name: string | null; avatar_hash: string; has_avatar: boolean;
  place_id: number | null; place_city: string | null; place_state: string | null; place_country: string | null;
  tags_count: number; is_favorited: boolean; is_found: boolean; distance?: number;
}

const association = (id: number, name: string, count: number) => ({ meta: { count, nextUrl: `/v2/notes/${id}/${name}` } });

/** The note as the service presents it to `viewerId`, its keys in the service's order. */
function toNote(origin: string, row: NoteRow, mayWrite: boolean, viewerId: number | null) {
  const isAuthor = viewerId === row.author_id;
  const { location, hidden } = locationSeenBy({
    latitude: row.latitude, longitude: row.longitude, street: row.street, streetNumber: row.street_number,
    streetAddress: row.street_address, neighborhood: row.neighborhood, city: row.city, state: row.state,
    postalCode: row.postal_code, country: row.country, isoCountryCode: row.iso_country_code, zoomLevel: row.zoom_level,
  }, row.location_precision, { latitude: row.public_latitude, longitude: row.public_longitude }, isAuthor);
  return {
    author: {
      avatar: { hasAvatar: row.has_avatar, hash: row.avatar_hash, urlRoot: `${origin}/avatars/${row.avatar_hash}` },
      id: row.author_id,
      link: `${origin}/users/${encodeURIComponent(row.username)}`,
      name: row.author_name,
      username: row.username,
    },
    comments: association(row.id, 'comments', row.comments_count),
    createdAt: row.created_at,
    currentUserData: { canComment: mayWrite, canFavorite: mayWrite, isFavorited: row.is_favorited, isFound: row.is_found },
    depiction: null,
    displayAddress: displayAddress(location),
    favoriters: association(row.id, 'favoriters', row.favoriters_count),
    finders: association(row.id, 'finders', row.finders_count),
    id: row.id,
    image: row.image_key === null ? null
      : { originalHeight: row.image_height, originalWidth: row.image_width, urlRoot: `${origin}/images/${row.image_key}` },
    implicit_title: implicitTitle(row.message),
    link: `${origin}/notes/${row.id}`,
    location: {
      city: location.city ?? '', country: location.country ?? '', isoCountryCode: location.isoCountryCode ?? '',
      latitude: location.latitude, longitude: location.longitude, neighborhood: location.neighborhood, postalCode: location.postalCode,
      state: location.state ?? '', street: location.street, streetAddress: hidden.includes('streetAddress') ? null : location.streetAddress ?? '', streetNumber: location.streetNumber,
      zoomLevel: location.zoomLevel ?? 0,
    },
    message: row.message,
    notemaps: association(row.id, 'notemaps', row.notemaps_count),
    place: row.place_id === null ? null : {
      id: row.place_id,
      name: placeName({ city: row.place_city, state: row.place_state, country: row.place_country }),
      link: `${origin}/places/${row.place_id}`,
    },
    // Written as 0 and put in after the ETag is taken over the text (withTag).
    publicViewsCount: 0,
    tags: association(row.id, 'tags', row.tags_count),
    title: noteTitle(row),
    updatedAt: row.updated_at,
    visibility: row.visibility,
    // The service's serialiser writes a schema's optional fields after its required ones, each group in the schema's order.
    ...(isAuthor ? { locationPrecision: row.location_precision } : {}),
    ...(row.distance === undefined ? {} : { distance: Math.round(row.distance) }),
  };
}

/** A named statement: pg parses and plans it once per connection, then only binds and executes. */
const named = (name: string, text: string) => (values: unknown[]) => ({ name, text, values });
const page = named('page', PAGE_SQL);
const count = named('count', COUNT_SQL);
const one = named('one', ONE_SQL);
const oneAsReader = named('one_as_reader', ONE_AS_READER_SQL);
const oneAsMember = named('one_as_member', ONE_AS_MEMBER_SQL);
const token = named('token', TOKEN_SQL);
const near = named('near', NEAR_SQL);
const nearCount = named('near_count', NEAR_COUNT_SQL);
const flushViews = named('flush_views', FLUSH_VIEWS_SQL);

const METRES_PER_DEGREE = 111_194.93;

/** `lat,lon` and a radius as the statement's parameters: the centre and the box that covers the circle. */
function nearParams(text: string, radius: number): unknown[] | null {
  const [lat, lon] = text.split(',').map(Number);
  if (lat === undefined || lon === undefined || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  const dLat = radius / METRES_PER_DEGREE;
  const dLon = radius / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  return [lat, lon, lon - dLon, lat - dLat, lon + dLon, lat + dLat, radius];
}

/** The service's rate limit and window (its defaults, or what the bench sets). */
const RATE_LIMIT_MAX = Number(process.env.RATE_LIMIT_MAX ?? 100);
const RATE_LIMIT_WINDOW_S = Number(process.env.RATE_LIMIT_WINDOW_S ?? 600);

/** The headers every answer of the service's /v2 carries whatever it holds, in the service's order. */
const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  vary: 'Authorization, Accept, Accept-Encoding',
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, Location, Link, Retry-After, Idempotent-Replayed, X-Request-Id, X-Rate-Limit-Limit, X-Rate-Limit-Remaining, X-Rate-Limit-Resets-At',
  'content-type': 'application/json; charset=utf-8',
};

/** Requests counted per caller (token or address) in fixed windows, as the service's in-process limiter counts them. */
const windows = new Map<string, { count: number; resetsAt: number }>();
function charge(key: string): { remaining: number; resetsAt: number } {
  const now = Math.floor(Date.now() / 1000);
  let window = windows.get(key);
  if (window === undefined || window.resetsAt <= now) {
    window = { count: 0, resetsAt: now + RATE_LIMIT_WINDOW_S };
    windows.set(key, window);
  }
  window.count++;
  return { remaining: Math.max(0, RATE_LIMIT_MAX - window.count), resetsAt: window.resetsAt };
}

const VIEWS_ZERO = '"publicViewsCount":0';

/**
 * The answer's text and its ETag (SHA-256 over the text with every view count read as 0): written once with the counts
 * at 0, hashed, and the counts put in where the yardstick itself wrote them.
 */
function withTag(body: unknown, viewCounts: readonly number[]): { text: string; etag: string } {
  const zeroed = JSON.stringify(body);
  const etag = `"${hash('sha256', zeroed, 'base64url').slice(0, 32)}"`;
  if (viewCounts.every((count) => count === 0)) return { text: zeroed, etag };
  const parts = zeroed.split(VIEWS_ZERO);
  let text = parts[0] ?? '';
  for (let i = 1; i < parts.length; i++) text += `"publicViewsCount":${viewCounts[i - 1] ?? 0}${parts[i] ?? ''}`;
  return { text, etag };
}

/** The scopes that let a member write (`write`, or `notes` and `delete`, which include it). */
const WRITES = /(^| )(write|notes|delete)( |$)/u;
/** The scopes that let a member read their own and addressed notes (`readall` and every scope that includes it). */
const READS_ALL = /(^| )(readall|write|notes|delete)( |$)/u;

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const port = Number(process.env.PORT);
  const origin = process.env.PUBLIC_URL;
  if (url === undefined || origin === undefined || !Number.isInteger(port) || port <= 0) throw new Error('set DATABASE_URL, PORT and PUBLIC_URL');

  // pg's default pool size (10), as the service's.
  const pool = new pg.Pool({ connectionString: url });
  pool.on('error', () => {});
  // The service's keep-alive timeout (Fastify's default is 72 s).
  const app = Fastify({ logger: false, keepAliveTimeout: 65_000 });

  let views = new Map<number, number>();
  const timer = setInterval(() => {
    if (views.size === 0) return;
    const batch = views;
    views = new Map();
    pool.query(flushViews([[...batch.keys()], [...batch.values()]])).catch(() => {});
  }, VIEW_FLUSH_EVERY_MS);

  app.get('/healthz', async () => ({ status: 'ok' }));

  /** Sends `body` with the service's headers: a 200 with its ETag, anything else `no-store` (or `private` with a token). */
  const answer = (request: FastifyRequest, reply: FastifyReply, status: number, body: unknown, viewCounts: readonly number[] = []): string => {
    const authorization = request.headers.authorization;
    const limit = charge(authorization ?? request.ip);
    const { text, etag } = withTag(body, viewCounts);
    reply.code(status).header('x-request-id', randomUUID()).headers(SECURITY_HEADERS)
      .header('cache-control', authorization !== undefined ? 'private, no-cache' : status === 200 ? 'public, no-cache' : 'no-store')
      .header('x-rate-limit-limit', String(RATE_LIMIT_MAX))
      .header('x-rate-limit-remaining', String(limit.remaining))
      .header('x-rate-limit-resets-at', String(limit.resetsAt));
    if (status === 200) reply.header('etag', etag);
    const next = (body as { meta: { nextUrl?: string | null } }).meta.nextUrl;
    if (typeof next === 'string') reply.header('link', `<${next}>; rel="next"`);
    return text;
  };
  const failed = (request: FastifyRequest, reply: FastifyReply, status: number): string => answer(request, reply, status, { meta: { http_status: status } });

  app.get<{ Querystring: { near?: string; radius?: string } }>('/v2/notes', async (request, reply) => {
    const nextUrl = (prefix: string, total: number, rows: NoteRow[], order: 'recent' | 'nearest') => {
      const last = rows.at(-1);
      if (last === undefined || total <= PAGE_SIZE) return null;
      const cursor = encodeNoteCursor({ order, lead: order === 'nearest' ? [last.distance ?? 0] : [], createdAtUs: Number(last.created_us), id: last.id });
      return `${prefix}offset=${PAGE_SIZE}&limit=${PAGE_SIZE}&cursor=${cursor}`;
    };
    if (request.query.near !== undefined) {
      const params = nearParams(request.query.near, Number(request.query.radius ?? 1000));
      if (params === null) return failed(request, reply, 400);
      const [rows, total] = await Promise.all([pool.query<NoteRow>(near(params)), pool.query<{ total: number }>(nearCount(params))]);
      const all = total.rows[0]?.total ?? 0;
      // The request's own query string, as the service keeps it in nextUrl.
      const prefix = `/v2/notes?${request.url.slice(request.url.indexOf('?') + 1)}&`;
      return answer(request, reply, 200, { data: rows.rows.map((row) => toNote(origin, row, false, null)), meta: { http_status: 200, count: all, nextUrl: nextUrl(prefix, all, rows.rows, 'nearest') } },
        rows.rows.map((row) => row.public_views_count));
    }
    const [rows, total] = await Promise.all([pool.query<NoteRow>(page([PAGE_SIZE])), pool.query<{ total: number }>(count([]))]);
    const all = total.rows[0]?.total ?? 0;
    return answer(request, reply, 200, { data: rows.rows.map((row) => toNote(origin, row, false, null)), meta: { http_status: 200, count: all, nextUrl: nextUrl('/v2/notes?', all, rows.rows, 'recent') } },
      rows.rows.map((row) => row.public_views_count));
  });

  app.get<{ Params: { id: string } }>('/v2/notes/:id', async (request, reply) => {
    const bearer = /^Bearer (\S+)$/u.exec(request.headers.authorization ?? '')?.[1];
    let member: { user_id: number; scopes: string } | undefined;
    if (bearer !== undefined) {
      const hash = createHash('sha256').update(bearer).digest('hex');
      member = (await pool.query<{ user_id: number; scopes: string }>(token([hash]))).rows[0];
      if (member === undefined) return failed(request, reply, 401);
    }
    const id = Number(request.params.id);
    const valid = Number.isSafeInteger(id) && id > 0;
    const row = !valid ? undefined
      : (await pool.query<NoteRow>(member === undefined ? one([id])
        : READS_ALL.test(member.scopes) ? oneAsReader([id, member.user_id]) : oneAsMember([id, member.user_id]))).rows[0];
    if (row === undefined) return failed(request, reply, 404);
    if (row.visibility === 'public' && row.author_id !== member?.user_id) views.set(row.id, (views.get(row.id) ?? 0) + 1);
    return answer(request, reply, 200, { data: toNote(origin, row, member !== undefined && WRITES.test(member.scopes), member?.user_id ?? null), meta: { http_status: 200 } },
      [row.public_views_count]);
  });

  await app.listen({ host: '127.0.0.1', port });

  let stopping = false;
  const stop = (): void => {
    if (stopping) process.exit(1);
    stopping = true;
    clearInterval(timer);
    app.close().then(() => pool.end()).then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Orphaned (the runner died without stopping us): go too.
  process.on('disconnect', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`baseline: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

// The benchmark's yardstick: the same reads as the service with the least work that gives the same answer —
// named prepared statements (parsed and planned once per connection), one statement per read, the total of
// public notes read from a counter row, no DI, no query builder, no schemas, no presenters. Run by
// bench/run.ts as a child process:
//   DATABASE_URL=postgres://… PORT=… node --import tsx bench/baseline-server.ts
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

// The columns the service reads for a note and its author (it also counts tags in a subselect).
const NOTE_COLUMNS = `
  n.id, n.title, n.message, n.visibility, n.latitude, n.longitude, n.street, n.street_number, n.street_address,
  n.neighborhood, n.city, n.state, n.postal_code, n.country, n.iso_country_code, n.zoom_level,
  n.public_views_count::int as public_views_count, n.comments_count, n.favoriters_count, n.finders_count, n.notemaps_count,
  floor(extract(epoch from n.created_at))::int as created_at, floor(extract(epoch from n.updated_at))::int as updated_at,
  u.id as author_id, u.username, u.name as author_name`;

const PAGE_SQL = `select ${NOTE_COLUMNS} from notes n join users u on u.id = n.author_id
  where n.visibility = 'public' order by n.created_at desc, n.id desc limit $1 offset $2`;
// The counter row bench/run.ts writes once the notes are seeded (no writes happen while the baseline reads).
const COUNT_SQL = `select public_notes as total from bench_counters where id = 1`;
const ONE_SQL = `select ${NOTE_COLUMNS} from notes n join users u on u.id = n.author_id
  where n.id = $1 and n.visibility = 'public'`;
const TOKEN_SQL = `select user_id, scopes from access_tokens
  where token_hash = $1 and revoked_at is null and (expires_at is null or expires_at > now())`;
// Nearest first within a circle: the GiST index narrows to the covering box, haversine decides and orders.
const DISTANCE = `(2 * 6371008.8 * asin(least(1, sqrt(power(sin(radians(n.latitude - $1) / 2), 2)
  + cos(radians($1)) * cos(radians(n.latitude)) * power(sin(radians(n.longitude - $2) / 2), 2)))))`;
const NEAR_WHERE = `n.visibility = 'public'
  and point(n.longitude, n.latitude) <@ box(point($3::float8, $4::float8), point($5::float8, $6::float8))
  and ${DISTANCE} <= $7`;
const NEAR_SQL = `select ${NOTE_COLUMNS}, ${DISTANCE} as distance from notes n join users u on u.id = n.author_id
  where ${NEAR_WHERE} order by distance, n.created_at desc, n.id desc limit 20`;
const NEAR_COUNT_SQL = `select count(*)::int as total from notes n where ${NEAR_WHERE}`;

const PAGE_SIZE = 20;

interface NoteRow {
  id: number; title: string | null; message: string; visibility: string; latitude: number; longitude: number;
  street: string | null; street_number: string | null; street_address: string | null; neighborhood: string | null;
  city: string | null; state: string | null; postal_code: string | null; country: string | null;
  iso_country_code: string | null; zoom_level: number | null; public_views_count: number; comments_count: number;
  favoriters_count: number; finders_count: number; notemaps_count: number; created_at: number; updated_at: number;
  author_id: number; username: string; author_name: string | null; distance?: number;
}

function toNote(row: NoteRow) {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    visibility: row.visibility,
    author: { id: row.author_id, username: row.username, name: row.author_name },
    location: {
      latitude: row.latitude, longitude: row.longitude, street: row.street, streetNumber: row.street_number,
      streetAddress: row.street_address, neighborhood: row.neighborhood, city: row.city, state: row.state,
      postalCode: row.postal_code, country: row.country, isoCountryCode: row.iso_country_code, zoomLevel: row.zoom_level,
    },
    publicViewsCount: row.public_views_count,
    counts: {
      comments: row.comments_count, favoriters: row.favoriters_count, finders: row.finders_count, notemaps: row.notemaps_count,
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.distance === undefined ? {} : { distance: Math.round(row.distance) }),
  };
}

/** A named statement: pg parses and plans it once per connection, then only binds and executes. */
const named = (name: string, text: string) => (values: unknown[]) => ({ name, text, values });
const page = named('page', PAGE_SQL);
const count = named('count', COUNT_SQL);
const one = named('one', ONE_SQL);
const token = named('token', TOKEN_SQL);
const near = named('near', NEAR_SQL);
const nearCount = named('near_count', NEAR_COUNT_SQL);

const METRES_PER_DEGREE = 111_194.93;

/** `lat,lon` and a radius as the statement's parameters: the centre and the box that covers the circle. */
function nearParams(text: string, radius: number): unknown[] | null {
  const [lat, lon] = text.split(',').map(Number);
  if (lat === undefined || lon === undefined || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  const dLat = radius / METRES_PER_DEGREE;
  const dLon = radius / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  return [lat, lon, lon - dLon, lat - dLat, lon + dLon, lat + dLat, radius];
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const port = Number(process.env.PORT);
  if (url === undefined || !Number.isInteger(port) || port <= 0) throw new Error('set DATABASE_URL and PORT');

  // pg's default pool size (10), as the service's.
  const pool = new pg.Pool({ connectionString: url });
  pool.on('error', () => {});
  const app = Fastify({ logger: false });

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get<{ Querystring: { near?: string; radius?: string } }>('/v2/notes', async (request, reply) => {
    if (request.query.near !== undefined) {
      const params = nearParams(request.query.near, Number(request.query.radius ?? 1000));
      if (params === null) {
        reply.code(400);
        return { meta: { http_status: 400 } };
      }
      const [rows, total] = await Promise.all([pool.query<NoteRow>(near(params)), pool.query<{ total: number }>(nearCount(params))]);
      return { data: rows.rows.map(toNote), meta: { http_status: 200, count: total.rows[0]?.total ?? 0, nextUrl: null } };
    }
    const [rows, total] = await Promise.all([pool.query<NoteRow>(page([PAGE_SIZE, 0])), pool.query<{ total: number }>(count([]))]);
    const all = total.rows[0]?.total ?? 0;
    return {
      data: rows.rows.map(toNote),
      meta: { http_status: 200, count: all, nextUrl: all > PAGE_SIZE ? `/v2/notes?offset=${PAGE_SIZE}&limit=${PAGE_SIZE}` : null },
    };
  });

  app.get<{ Params: { id: string } }>('/v2/notes/:id', async (request, reply) => {
    const bearer = /^Bearer (\S+)$/u.exec(request.headers.authorization ?? '')?.[1];
    if (bearer !== undefined) {
      const hash = createHash('sha256').update(bearer).digest('hex');
      if ((await pool.query(token([hash]))).rows[0] === undefined) {
        reply.code(401);
        return { meta: { http_status: 401 } };
      }
    }
    const id = Number(request.params.id);
    const row = Number.isSafeInteger(id) && id > 0 ? (await pool.query<NoteRow>(one([id]))).rows[0] : undefined;
    if (row === undefined) {
      reply.code(404);
      return { meta: { http_status: 404 } };
    }
    return { data: toNote(row), meta: { http_status: 200 } };
  });

  await app.listen({ host: '127.0.0.1', port });

  let stopping = false;
  const stop = (): void => {
    if (stopping) process.exit(1);
    stopping = true;
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

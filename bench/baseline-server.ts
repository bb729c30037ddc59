// The benchmark's yardstick: the same reads as the service, written as plainly as Fastify and pg allow —
// no DI, no query builder, no schemas, no presenters. Run by bench/run.ts as a child process:
//   DATABASE_URL=postgres://… PORT=… node --import tsx bench/baseline-server.ts
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
const COUNT_SQL = `select count(*)::int as total from notes n where n.visibility = 'public'`;
const ONE_SQL = `select ${NOTE_COLUMNS} from notes n join users u on u.id = n.author_id
  where n.id = $1 and n.visibility = 'public'`;

const PAGE_SIZE = 20;

interface NoteRow {
  id: number; title: string | null; message: string; visibility: string; latitude: number; longitude: number;
  street: string | null; street_number: string | null; street_address: string | null; neighborhood: string | null;
  city: string | null; state: string | null; postal_code: string | null; country: string | null;
  iso_country_code: string | null; zoom_level: number | null; public_views_count: number; comments_count: number;
  favoriters_count: number; finders_count: number; notemaps_count: number; created_at: number; updated_at: number;
  author_id: number; username: string; author_name: string | null;
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
  };
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

  app.get('/v2/notes', async () => {
    const [page, count] = await Promise.all([
      pool.query<NoteRow>(PAGE_SQL, [PAGE_SIZE, 0]),
      pool.query<{ total: number }>(COUNT_SQL),
    ]);
    const total = count.rows[0]?.total ?? 0;
    return {
      data: page.rows.map(toNote),
      meta: { http_status: 200, count: total, nextUrl: total > PAGE_SIZE ? `/v2/notes?offset=${PAGE_SIZE}&limit=${PAGE_SIZE}` : null },
    };
  });

  app.get<{ Params: { id: string } }>('/v2/notes/:id', async (request, reply) => {
    const id = Number(request.params.id);
    const row = Number.isSafeInteger(id) && id > 0 ? (await pool.query<NoteRow>(ONE_SQL, [id])).rows[0] : undefined;
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

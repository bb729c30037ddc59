// Seeds the benchmark database: users, an application and tokens through the operator CLI's commands
// (run in this process, as `npm run cli` runs them against PostgreSQL), then notes through the HTTP API.
import 'reflect-metadata';
import { runAnywhere } from '../src/cli';
import { loadConfig } from '../src/config';

export interface SeedOptions {
  /** The running service, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  /** The service's DATABASE_URL and DATA_DIR, so the commands reach the same database. */
  env: { DATABASE_URL: string; DATA_DIR: string };
  users: number;
  notes: number;
  /** Requests in flight while creating notes. */
  concurrency: number;
  /** The whole seeding must finish within this. */
  timeoutMs: number;
}

export interface Seeded {
  /** One access token (scope `notes`) per user. */
  tokens: string[];
  /** Ids of the notes created, all public. */
  noteIds: number[];
}

const CITIES = [
  { city: 'Lisbon', country: 'Portugal', latitude: 38.7223, longitude: -9.1393 },
  { city: 'Porto', country: 'Portugal', latitude: 41.1579, longitude: -8.6291 },
  { city: 'Berlin', country: 'Germany', latitude: 52.52, longitude: 13.405 },
  { city: 'Lyon', country: 'France', latitude: 45.764, longitude: 4.8357 },
  { city: 'Turin', country: 'Italy', latitude: 45.0703, longitude: 7.6869 },
];
const TOPICS = ['coffee', 'bakery', 'view', 'museum', 'park', 'market', 'bookshop', 'tram'];

/** The body of the i-th note: public, in one of a few cities, with two explicit tags and a #hashtag. */
export function noteBody(i: number): Record<string, unknown> {
  const place = at(CITIES, i);
  const topic = at(TOPICS, i);
  const jitter = ((i * 7919) % 1000) / 100_000;
  return {
    message: `Note ${i}: worth a detour, near the ${topic} on the corner #${topic}\nSecond line with more detail.`,
    latitude: place.latitude + jitter,
    longitude: place.longitude - jitter,
    city: place.city,
    country: place.country,
    tags: ['bench', `batch${i % 25}`],
  };
}

function at<T>(list: readonly T[], i: number): T {
  const item = list[i % list.length];
  if (item === undefined) throw new Error('empty list');
  return item;
}

export async function seed(options: SeedOptions): Promise<Seeded> {
  const deadline = Date.now() + options.timeoutMs;
  const config = loadConfig({ ...options.env, LOG_LEVEL: 'warn' });
  const command = async (name: string, args: string[]): Promise<Record<string, unknown>> => {
    const result = await runAnywhere(config, name, args);
    if (typeof result !== 'object' || result === null) throw new Error(`${name} returned ${JSON.stringify(result)}`);
    return result as Record<string, unknown>;
  };

  const usernames = Array.from({ length: options.users }, (_, i) => `bench_user_${i + 1}`);
  for (const username of usernames) {
    await command('user:create', ['--username', username, '--email', `${username}@example.org`, '--password', `bench password ${username}`]);
  }
  const app = await command('app:create', [
    '--owner', usernames[0] ?? 'bench_user_1', '--name', 'Benchmark', '--redirect-uri', 'http://localhost:8080/callback',
  ]);
  const clientId = stringField(app, 'client_id');
  const tokens: string[] = [];
  for (const username of usernames) {
    tokens.push(stringField(await command('token:create', ['--user', username, '--client', clientId, '--scope', 'notes']), 'access_token'));
  }

  const noteIds: number[] = new Array<number>(options.notes);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < options.notes) {
      const i = next++;
      if (Date.now() > deadline) throw new Error(`seeding overran ${options.timeoutMs} ms (at note ${i} of ${options.notes})`);
      noteIds[i] = await createNote(options.origin, tokens[i % tokens.length] ?? '', noteBody(i));
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { tokens, noteIds };
}

async function createNote(origin: string, token: string, body: Record<string, unknown>): Promise<number> {
  const response = await fetch(`${origin}/v2/notes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST /v2/notes answered ${response.status}: ${text.slice(0, 300)}`);
  const id = (JSON.parse(text) as { data?: { id?: unknown } }).data?.id;
  if (typeof id !== 'number') throw new Error(`POST /v2/notes answered without an id: ${text.slice(0, 300)}`);
  return id;
}

function stringField(record: Record<string, unknown>, name: string): string {
  const value = record[name];
  if (typeof value !== 'string') throw new Error(`expected a string "${name}" in ${JSON.stringify(record)}`);
  return value;
}

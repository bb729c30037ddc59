import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { postgresSchema, seedToken, startServerChild, type ServerChild, type Storage } from '../support/server-process';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { itIf, NO_POSTGRES } from '../support/required';

const NOTES = 3;

async function api(server: ServerChild, token: string, method: string, path: string, body?: object): Promise<{ status: number; data: Record<string, unknown> }> {
  const res = await fetch(`${server.url}${path}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, data: ((await res.json()) as { data: Record<string, unknown> }).data };
}

async function waitFor(check: () => boolean, what: string, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (!check()) {
    if (Date.now() > until) throw new Error(`${what}: not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Events whose deliveries are pending (the receiver failed them) when the server is killed with SIGKILL are
 * delivered by the next server, with their first webhook-ids: the outbox and the deliveries are in the database.
 */
async function killAndRestart(storage: Storage, receiver: Receiver): Promise<void> {
  const { token } = await seedToken(storage, 'hooked');
  const first = await startServerChild(storage);
  let secret = '';
  try {
    const hook = await api(first, token, 'POST', '/v2/webhooks', { url: `${receiver.url}/restart`, events: ['note.created'] });
    expect(hook.status).toBe(201);
    secret = String(hook.data.secret);
    receiver.answer = () => 503;
    for (let i = 0; i < NOTES; i++) {
      expect((await api(first, token, 'POST', '/v2/notes', { message: `pending ${i}`, latitude: 1, longitude: 2 })).status).toBe(201);
    }
    // Each was attempted once, failed, and is due again about 5 s later (its attempt is logged, its lease over).
    await waitFor(() => receiver.received.length >= NOTES, 'first attempts', 20);
    const hookId = Number(hook.data.id);
    for (const until = Date.now() + 10_000; ;) {
      const log = await fetch(`${first.url}/v2/webhooks/${hookId}/deliveries`, { headers: { authorization: `Bearer ${token}` } });
      if (((await log.json()) as { data: unknown[] }).data.length >= NOTES) break;
      if (Date.now() > until) throw new Error('the first attempts were not logged');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    first.child.kill('SIGKILL');
  }
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
  const failedIds = new Set(receiver.received.map((r) => String(r.headers['webhook-id'])));
  expect(failedIds.size).toBe(NOTES);

  receiver.answer = () => 200;
  const tried = receiver.received.length;
  const second = await startServerChild(storage);
  try {
    const delivered = () => new Set(receiver.received.slice(tried).map((r) => String(r.headers['webhook-id'])));
    await waitFor(() => delivered().size >= NOTES, 'redelivery after the restart', 30);
    expect(delivered()).toEqual(failedIds);
    const messages = receiver.received.slice(tried).map((r) => {
      const event = new Webhook(secret).verify(r.body, {
        'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']),
      }) as { type: string; data: { message: string } };
      return `${event.type} ${event.data.message}`;
    });
    expect(messages.sort()).toEqual(Array.from({ length: NOTES }, (_, i) => `note.created pending ${i}`));
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
}

describe('webhook deliveries pending when the server is killed with SIGKILL', () => {
  let dir: string;
  let receiver: Receiver;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pn-hooks-'));
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => { receiver.received.length = 0; });

  it('are delivered after the restart, on the embedded database (DATA_DIR)', async () => {
    await killAndRestart({ dataDir: join(dir, 'pglite'), env: { WEBHOOK_ALLOW_PRIVATE: 'true' } }, receiver);
  }, 120_000);

  itIf(Boolean(process.env.TEST_DATABASE_URL), NO_POSTGRES)('are delivered after the restart, on PostgreSQL (TEST_DATABASE_URL)', async () => {
    const schema = await postgresSchema('pn_hooks');
    if (schema === null) throw new Error('TEST_DATABASE_URL is not set');
    try {
      await killAndRestart({ dataDir: join(dir, 'pg'), databaseUrl: schema.databaseUrl, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } }, receiver);
    } finally {
      await schema.drop();
    }
  }, 120_000);
});

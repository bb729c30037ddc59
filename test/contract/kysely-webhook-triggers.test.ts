import { sql } from 'kysely';
import { KYSELY_KINDS, openKyselyWebhooks } from './webhook-contract-adapters';
import { until } from './webhook-outbox.contract';

// What the webhook contract cannot make happen through the ports: the first statement the outbox sees writing
// several notes at once (the note inserts send a lone note by itself). Its `note.created` events are written by one
// statement trigger (0013, one with the public count since 0015), which must still wake the workers when no event was waiting before them.
describe.each(KYSELY_KINDS)(
  'Kysely webhook triggers on %s: several notes in one statement',
  (kind) => {
    const { database, adapters, fixtures } = openKyselyWebhooks(kind);

    /** Inserts `count` notes of `authorId` in one statement; their ids in order. */
    const insertNotes = async (authorId: number, count: number): Promise<number[]> => {
      const { rows } = await sql<{ id: number }>`
        insert into notes (author_id, message, latitude, longitude, public_latitude, public_longitude, created_at, updated_at)
        select ${authorId}, 'one of several ' || i, 1, 2, 1, 2, now(), now() from generate_series(1, ${count}::int) as i
        returning id`.execute(database().kysely);
      return rows.map((row) => row.id).sort((a, b) => a - b);
    };

    /** Listens on the outbox's channel as it is, unfiltered, until the returned stop. */
    const listenRaw = async (message: (payload: string) => void): Promise<() => void> => {
      let live = false;
      const stop = database().notifications.listen('webhook_events', { message, live: (isLive) => { live = isLive; } });
      expect(await until(() => live, 10_000)).toBe(true);
      return stop;
    };

    it('records one note.created event per note, in the order of their ids, and wakes the listener when none waited', async () => {
      const author = await fixtures.user();
      await fixtures.subscription(await fixtures.userAndClient(), ['note.created']);
      let calls = 0;
      const unsubscribe = adapters().webhookOutbox.onEvent(() => { calls += 1; });
      try {
        // The database's listener may say it listens: let that call pass first.
        await new Promise((resolve) => setTimeout(resolve, 200));
        calls = 0;
        const ids = await insertNotes(author.id, 3);
        expect(await until(() => calls > 0, 10_000)).toBe(true);
        const { handed } = await fixtures.fanOut(fixtures.now());
        expect(handed.map(({ event }) => event)).toEqual(ids.map((noteId) => expect.objectContaining({ type: 'note.created', noteId })));
      } finally {
        unsubscribe();
      }
    });

    it('records the note.created events while a subscription wants only updated notes (they keep the same transaction\'s edits from being updates)', async () => {
      const author = await fixtures.user();
      await fixtures.subscription(await fixtures.userAndClient(), ['note.updated']);
      const ids = await insertNotes(author.id, 2);
      const { rows } = await sql<{ type: string; note_id: number }>`
        select type, note_id from webhook_events where note_id = any(${ids}::int4[]) order by id`.execute(database().kysely);
      expect(rows).toEqual(ids.map((noteId) => ({ type: 'note.created', note_id: noteId })));
    });

    // The channel is the database's, and several services (or test files) may work in schemas of one database: the
    // triggers name their schema in the payload, and a listener wakes only for its own.
    it('wakes on its own schema\'s events only, not on those of another schema of the same database', async () => {
      let calls = 0;
      const unsubscribe = adapters().webhookOutbox.onEvent(() => { calls += 1; });
      try {
        await new Promise((resolve) => setTimeout(resolve, 200));
        calls = 0;
        await sql`select pg_notify('webhook_events', 'another_schema')`.execute(database().kysely);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(calls).toBe(0);
        await sql`select pg_notify('webhook_events', current_schema())`.execute(database().kysely);
        expect(await until(() => calls > 0, 10_000)).toBe(true);
      } finally {
        unsubscribe();
      }
    });

    it('names its schema in the notification the triggers send', async () => {
      const author = await fixtures.user();
      await fixtures.subscription(await fixtures.userAndClient(), ['note.created']);
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database().kysely);
      const heard: string[] = [];
      const stop = await listenRaw((payload) => heard.push(payload));
      try {
        await insertNotes(author.id, 1);
        expect(await until(() => heard.length > 0, 10_000)).toBe(true);
        expect(heard).toEqual([rows[0]?.schema]);
      } finally {
        stop();
      }
    });

    it('records nothing and wakes no one while no subscription wants created or updated notes', async () => {
      const author = await fixtures.user();
      await fixtures.subscription(await fixtures.userAndClient(), ['note.deleted']);
      let calls = 0;
      const unsubscribe = adapters().webhookOutbox.onEvent(() => { calls += 1; });
      try {
        await new Promise((resolve) => setTimeout(resolve, 200));
        calls = 0;
        await insertNotes(author.id, 2);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(calls).toBe(0);
        await expect(adapters().webhookOutbox.fanOut(fixtures.now(), 100, async () => [])).resolves.toBe(0);
      } finally {
        unsubscribe();
      }
    });
  },
);

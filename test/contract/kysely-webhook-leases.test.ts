import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../src/adapters/persistence/kysely/schema';
import { KyselyWebhookOutbox } from '../../src/adapters/persistence/kysely/kysely-webhook-outbox';
import type { NewDelivery } from '../../src/application/ports/webhook-store';
import { KYSELY_KINDS, openKyselyWebhooks, type FannedOut } from './webhook-contract-adapters';

const MINUTE = 60_000;
const toEveryone = (batch: FannedOut): NewDelivery[] => batch.flatMap(({ event, subscriptions }) =>
  subscriptions.map((s) => ({ eventId: event.id, subscriptionId: s.id, body: `${event.type} ${event.id} to ${s.id}` })));

/**
 * What the webhook contract cannot make happen through the ports: the plan PostgreSQL picks. With tables it believes
 * small (a fresh deployment, the bench), it may run a lease's sub-select (`limit n for update skip locked`) as the
 * inner side of a nested loop, once per outer row; each run then passes over the rows already updated and locks n
 * more. The planner is pushed to that plan here, inside the transaction only, and a lease must still take at most n.
 */
describe.each(KYSELY_KINDS)(
  'Kysely webhook leases on %s: at most `limit`, whatever the plan',
  (kind) => {
    const { database, adapters, fixtures } = openKyselyWebhooks(kind);

    /** Runs `work` with an outbox on one transaction whose planner avoids hashing, merging, sorting and materialising. */
    const withNestedLoops = <T>(work: (outbox: KyselyWebhookOutbox) => Promise<T>): Promise<T> =>
      database().kysely.transaction().execute(async (trx: Kysely<Schema>) => {
        for (const setting of ['enable_hashjoin', 'enable_hashagg', 'enable_mergejoin', 'enable_material', 'enable_sort']) {
          await sql`select set_config(${setting}, 'off', true)`.execute(trx);
        }
        return work(new KyselyWebhookOutbox(trx, database().notifications));
      });

    it('claims at most `limit` due deliveries, and leaves the others due', async () => {
      const now = fixtures.now();
      const author = await fixtures.user();
      for (let i = 0; i < 4; i++) await fixtures.subscription(await fixtures.userAndClient(), ['note.created']);
      for (let i = 0; i < 5; i++) await fixtures.note(author.id);
      await fixtures.fanOut(now, toEveryone);
      const claimed = await withNestedLoops((outbox) => outbox.claimDue(now, 3, MINUTE));
      expect(claimed).toHaveLength(3);
      const rest = await adapters().webhookOutbox.claimDue(now, 100, MINUTE);
      expect(rest).toHaveLength(20 - 3);
      expect(new Set([...claimed, ...rest].map((delivery) => delivery.id)).size).toBe(20);
    });

    it('leases at most `limit` waiting events to fan out, and leaves the others waiting', async () => {
      const author = await fixtures.user();
      await fixtures.subscription(await fixtures.userAndClient(), ['note.created']);
      for (let i = 0; i < 6; i++) await fixtures.note(author.id);
      // The lease is the fan-out's first statement; its own writes come after the batch is handed over (and open a
      // transaction of their own), so the batch is counted and the work stopped there, leaving those events leased.
      const handed = await withNestedLoops(async (outbox) => {
        let count = -1;
        await outbox.fanOut(fixtures.now(), 2, async (batch) => {
          count = batch.length;
          throw new Error('counted');
        }).catch(() => undefined);
        return count;
      });
      expect(handed).toBe(2);
      await expect(adapters().webhookOutbox.fanOut(fixtures.now(), 100, async () => [])).resolves.toBe(4);
    });
  },
);

import { MemoryStore } from '../../src/adapters/persistence/memory/memory-store';
import { createTestDatabase } from '../support/test-database';
import {
  kyselyWebhookAdapters, memoryWebhookAdapters, WebhookFixtures, type WebhookAdapterFactory, type WebhookContractAdapters,
} from './webhook-contract-adapters';
import { webhookOutboxContract } from './webhook-outbox.contract';
import { webhookSubscriptionsContract } from './webhook-subscriptions.contract';

/**
 * The webhook ports' contract (WebhookSubscriptions, WebhookOutbox), run against one adapter family. The factory is
 * called once; the tests share its storage, and each starts with no subscription and an empty outbox.
 */
function webhookStoreContract(name: string, factory: WebhookAdapterFactory): void {
  describe(`webhook store contract: ${name}`, () => {
    let current: WebhookContractAdapters | null = null;
    const adapters = (): WebhookContractAdapters => {
      if (current === null) throw new Error('the adapters are not open yet');
      return current;
    };
    const fixtures = new WebhookFixtures(adapters);

    beforeAll(async () => {
      current = await factory();
    });
    afterAll(async () => {
      await current?.close();
    });

    webhookSubscriptionsContract(adapters, fixtures);
    webhookOutboxContract(adapters, fixtures);
  });
}

webhookStoreContract('memory', async () => memoryWebhookAdapters(new MemoryStore()));
// PGlite always; PostgreSQL as well when TEST_DATABASE_URL names a database to test on.
webhookStoreContract('Kysely on PGlite', async () => kyselyWebhookAdapters(await createTestDatabase({ kind: 'pglite' })));
if (process.env.TEST_DATABASE_URL) {
  webhookStoreContract('Kysely on PostgreSQL', async () => kyselyWebhookAdapters(await createTestDatabase({ kind: 'postgres' })));
}

import type { Database } from '../../src/adapters/persistence/kysely/database';
import { kyselyRepositories } from '../../src/adapters/persistence/kysely/kysely-repositories';
import { KyselyNoteInserts } from '../../src/adapters/persistence/kysely/kysely-note-inserts';
import { KyselyUnitOfWork } from '../../src/adapters/persistence/kysely/kysely-unit-of-work';
import { KyselyWebhookOutbox } from '../../src/adapters/persistence/kysely/kysely-webhook-outbox';
import { KyselyWebhookSubscriptions } from '../../src/adapters/persistence/kysely/kysely-webhook-subscriptions';
import type { MemoryStore } from '../../src/adapters/persistence/memory/memory-store';
import { MemoryNoteInserts } from '../../src/adapters/persistence/memory/memory-note-inserts';
import { MemoryUnitOfWork, memoryRepositories } from '../../src/adapters/persistence/memory/memory-unit-of-work';
import { MemoryWebhookOutbox } from '../../src/adapters/persistence/memory/memory-webhook-outbox';
import { MemoryWebhookSubscriptions } from '../../src/adapters/persistence/memory/memory-webhook-subscriptions';
import type { Scope } from '../../src/domain/scopes';
import type { WebhookEventType, WebhookFilters } from '../../src/domain/webhook';
import type {
  NewDelivery, WebhookEvent, WebhookOutbox, WebhookSubscription, WebhookSubscriptions,
} from '../../src/application/ports/webhook-store';
import { createTestDatabase } from '../support/test-database';
import { Fixtures, type ContractAdapters } from './contract-adapters';

/**
 * One adapter family as the webhook contract drives it: the two webhook ports, and the repositories (outside any
 * transaction, and in a unit of work) and the note inserts (several notes in one statement) whose writes put events
 * in the outbox (triggers in the database, the memory store's `recordWebhookEvent` in memory).
 */
export type WebhookContractAdapters = Pick<ContractAdapters, 'repositories' | 'uow' | 'noteInserts' | 'close'> & {
  webhookSubscriptions: WebhookSubscriptions;
  webhookOutbox: WebhookOutbox;
};

/** Builds the adapters over empty storage; called once per run of the suite. */
export type WebhookAdapterFactory = () => Promise<WebhookContractAdapters>;

/** The memory adapters over one store. */
export function memoryWebhookAdapters(store: MemoryStore): WebhookContractAdapters {
  return {
    repositories: memoryRepositories(store),
    uow: new MemoryUnitOfWork(store),
    noteInserts: new MemoryNoteInserts(store),
    webhookSubscriptions: new MemoryWebhookSubscriptions(store),
    webhookOutbox: new MemoryWebhookOutbox(store),
    close: async () => {},
  };
}

/** The Kysely adapters over one open database (its LISTEN/NOTIFY wakes `onEvent`). */
export function kyselyWebhookAdapters(database: Database): WebhookContractAdapters {
  const { kysely } = database;
  return {
    repositories: kyselyRepositories(kysely),
    uow: new KyselyUnitOfWork(kysely),
    noteInserts: new KyselyNoteInserts(kysely),
    webhookSubscriptions: new KyselyWebhookSubscriptions(kysely),
    webhookOutbox: new KyselyWebhookOutbox(kysely, database.notifications),
    close: () => database.close(),
  };
}

/** The engines Kysely-only webhook tests run on: PGlite, and PostgreSQL as well when TEST_DATABASE_URL names one. */
export const KYSELY_KINDS = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

/**
 * For a describe block of Kysely-only webhook tests (what the ports' contract cannot make happen): a fresh database of
 * `kind` and the Kysely adapters over it, opened before all tests, the outbox emptied before each, closed after all.
 */
export function openKyselyWebhooks(kind: 'pglite' | 'postgres'): {
  database: () => Database; adapters: () => WebhookContractAdapters; fixtures: WebhookFixtures;
} {
  let opened: { database: Database; adapters: WebhookContractAdapters } | null = null;
  const current = () => {
    if (opened === null) throw new Error('the database is not open yet');
    return opened;
  };
  const fixtures = new WebhookFixtures(() => current().adapters);
  beforeAll(async () => {
    const database = await createTestDatabase({ kind });
    opened = { database, adapters: kyselyWebhookAdapters(database) };
  });
  beforeEach(() => fixtures.reset());
  afterAll(async () => {
    await fixtures.reset();
    await opened?.adapters.close();
  });
  return { database: () => current().database, adapters: () => current().adapters, fixtures };
}

/** What one fanOut was handed: each event, with the subscriptions it came with. */
export type FannedOut = { event: WebhookEvent; subscriptions: WebhookSubscription[] }[];

/**
 * Data builders for the webhook suites. The suites share one storage, and the outbox is global (fanOut takes every
 * waiting event, claimDue every due delivery), so `reset` (before each test) leaves it empty through the ports
 * themselves: the subscriptions the tests made are deleted (their deliveries and attempts with them), every waiting
 * event is fanned out to nobody, and every event is purged.
 */
export class WebhookFixtures extends Fixtures {
  private made: number[] = [];

  constructor(private readonly webhookAdapters: () => WebhookContractAdapters) {
    // Fixtures only reads the repositories.
    super(() => webhookAdapters() as Pick<ContractAdapters, 'repositories'> as ContractAdapters);
  }

  /** A user and an application (OAuth client) of theirs. */
  async userAndClient(): Promise<{ userId: number; clientId: number }> {
    const user = await this.user();
    return { userId: user.id, clientId: await this.client(user.id) };
  }

  async client(ownerId: number): Promise<number> {
    return this.webhookAdapters().repositories.clients.create({
      clientId: this.name('client'), secretHash: null, name: this.name('App'), ownerId,
      redirectUris: ['https://app.example/cb'], allowImplicit: false,
    }, this.now());
  }

  /** A subscription, deleted by the next `reset`. */
  async subscription(
    owner: { userId: number; clientId: number },
    events: WebhookEventType[],
    fields: { url?: string; filters?: WebhookFilters; scopes?: Scope[]; secret?: string } = {},
  ): Promise<WebhookSubscription> {
    const created = await this.webhookAdapters().webhookSubscriptions.create({
      userId: owner.userId, clientId: owner.clientId, url: fields.url ?? `https://${this.name('hook')}.example/events`,
      events, filters: fields.filters ?? {}, scopes: fields.scopes ?? ['read', 'readall'],
      secret: fields.secret ?? `whsec_${Buffer.from(this.name('secret')).toString('base64')}`, createdAt: this.now(),
    });
    return this.deletedAtReset(created);
  }

  /** Has `reset` delete a subscription the test made itself. */
  deletedAtReset(subscription: WebhookSubscription): WebhookSubscription {
    this.made.push(subscription.id);
    return subscription;
  }

  /** Fans out every waiting event (at `now`), answering with `deliveries`; returns what it was handed. */
  async fanOut(now: Date, deliveries: (batch: FannedOut) => NewDelivery[] = () => [], limit = 100): Promise<{ taken: number; handed: FannedOut }> {
    const handed: FannedOut = [];
    const taken = await this.webhookAdapters().webhookOutbox.fanOut(now, limit, async (batch) => {
      handed.push(...batch);
      return deliveries(batch);
    });
    return { taken, handed };
  }

  async reset(): Promise<void> {
    const { webhookSubscriptions, webhookOutbox } = this.webhookAdapters();
    for (const id of this.made.splice(0)) await webhookSubscriptions.delete(id);
    // Bounded: an outbox that never marks its events done fails the tests rather than hanging them.
    for (let round = 0; (await webhookOutbox.fanOut(new Date(), 500, async () => [])) > 0; round++) {
      if (round === 20) throw new Error('fanOut keeps taking events: they are never marked done');
    }
    await webhookOutbox.purge(new Date(Date.now() + 24 * 60 * 60 * 1000));
  }
}

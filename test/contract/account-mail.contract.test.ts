import { randomBytes } from 'node:crypto';
import { kyselyRepositories } from '../../src/adapters/persistence/kysely/kysely-repositories';
import { KyselyUnitOfWork } from '../../src/adapters/persistence/kysely/kysely-unit-of-work';
import { MemoryStore } from '../../src/adapters/persistence/memory/memory-store';
import { memoryRepositories, MemoryUnitOfWork } from '../../src/adapters/persistence/memory/memory-unit-of-work';
import type { OutgoingMail } from '../../src/application/ports/mail-outbox';
import type { Repositories, UnitOfWork } from '../../src/application/ports/unit-of-work';
import { DomainError } from '../../src/domain/domain-error';
import { createTestDatabase } from '../support/test-database';

// The storage of §18 on every adapter: the mail outbox (claimed once across instances, retried, given up, purged), the
// single-use links of account mails, and what the user repository gained for them.
interface Adapters { repositories: Repositories; uow: UnitOfWork; close(): Promise<void> }
type Factory = [string, () => Promise<Adapters>];
const factories: Factory[] = [
  ['memory', async () => {
    const store = new MemoryStore();
    return { repositories: memoryRepositories(store), uow: new MemoryUnitOfWork(store), close: async () => {} };
  }],
  ['Kysely on PGlite', async () => kysely(await createTestDatabase({ kind: 'pglite' }))],
  ...(process.env.TEST_DATABASE_URL ? [['Kysely on PostgreSQL', async () => kysely(await createTestDatabase({ kind: 'postgres' }))] as Factory] : []),
];
function kysely(database: Awaited<ReturnType<typeof createTestDatabase>>): Adapters {
  return { repositories: kyselyRepositories(database.kysely), uow: new KyselyUnitOfWork(database.kysely), close: () => database.close() };
}

const T0 = new Date('2026-12-01T10:00:00Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000);
const MINUTE = 60_000;

describe.each(factories)('account mail storage on %s', (_name, open) => {
  let a: Adapters;
  beforeAll(async () => { a = await open(); });
  afterAll(() => a.close());

  const repos = () => a.repositories;
  const user = async (verified = false) => {
    const username = `u${randomBytes(5).toString('hex')}`;
    const id = await repos().users.create({
      username, email: `${username}@Example.org`, passwordHash: 'h', name: null, avatarHash: 'x', emailVerifiedAt: verified ? T0 : null,
    }, T0);
    return { id, username, email: `${username}@Example.org` };
  };
  const mail = (userId: number | null, over: Partial<OutgoingMail> = {}): OutgoingMail => ({
    to: 'someone@example.org', subject: 'Subject', text: 'Text http://pn.test/x', kind: 'reset-password', userId, ...over,
  });
  /** Everything due far in the future, so the tests of one outbox do not see each other's mails. */
  const drain = async () => {
    for (;;) {
      const left = await repos().mail.claimDue(at(10_000_000), 100, MINUTE);
      if (left.length === 0) return;
      for (const m of left) await repos().mail.markSent(m.id, at(10_000_000));
    }
  };
  beforeEach(drain);

  describe('MailOutbox', () => {
    it('hands a queued mail to one claim, with its text, counting the attempt', async () => {
      const u = await user();
      const id = await repos().mail.enqueue(mail(u.id, { to: 'zoë@example.org', subject: 'Olá', text: 'line 1\nline 2' }), T0);
      const claimed = await repos().mail.claimDue(T0, 10, MINUTE);
      expect(claimed).toEqual([{ id, to: 'zoë@example.org', subject: 'Olá', text: 'line 1\nline 2', kind: 'reset-password', userId: u.id, attempts: 1, createdAt: T0 }]);
      // Leased: no other claim sees it until the lease ends, then it is due again.
      await expect(repos().mail.claimDue(at(59), 10, MINUTE)).resolves.toEqual([]);
      await expect(repos().mail.claimDue(at(60), 10, MINUTE)).resolves.toMatchObject([{ id, attempts: 2 }]);
    });

    it('never hands out a mail again once sent', async () => {
      const id = await repos().mail.enqueue(mail(null), T0);
      await repos().mail.claimDue(T0, 10, MINUTE);
      await repos().mail.markSent(id, at(1));
      await expect(repos().mail.claimDue(at(3600), 10, MINUTE)).resolves.toEqual([]);
    });

    it('tries a failed mail again at its time, and never once given up', async () => {
      const retried = await repos().mail.enqueue(mail(null, { subject: 'retried' }), T0);
      const dropped = await repos().mail.enqueue(mail(null, { subject: 'dropped' }), T0);
      await repos().mail.claimDue(T0, 10, MINUTE);
      await repos().mail.markFailed(retried, '451 try later', at(30), at(1));
      await repos().mail.markFailed(dropped, '550 no such user', null, at(1));
      await expect(repos().mail.claimDue(at(29), 10, MINUTE)).resolves.toEqual([]);
      await expect(repos().mail.claimDue(at(30), 10, MINUTE)).resolves.toMatchObject([{ id: retried, attempts: 2 }]);
      await expect(repos().mail.claimDue(at(100_000), 10, MINUTE)).resolves.toMatchObject([{ id: retried }]);
    });

    it('gives each mail to one of several claims made at once', async () => {
      const ids = [];
      for (let i = 0; i < 12; i += 1) ids.push(await repos().mail.enqueue(mail(null, { subject: `m${i}` }), T0));
      const claims = await Promise.all([1, 2, 3, 4, 5].map(() => repos().mail.claimDue(T0, 3, MINUTE)));
      const claimed = claims.flat().map((m) => m.id);
      expect(new Set(claimed).size).toBe(claimed.length);
      expect(claimed.sort((x, y) => x - y)).toEqual(ids.slice(0, claimed.length).sort((x, y) => x - y));
      expect(claimed.length).toBe(12);
    });

    it('counts an account\'s mails of a kind since a time', async () => {
      const [u, other] = [await user(), await user()];
      await repos().mail.enqueue(mail(u.id), at(0));
      await repos().mail.enqueue(mail(u.id), at(100));
      await repos().mail.enqueue(mail(u.id, { kind: 'verify-email-again' }), at(100));
      await repos().mail.enqueue(mail(other.id), at(100));
      await expect(repos().mail.countSince(u.id, 'reset-password', at(0))).resolves.toBe(2);
      await expect(repos().mail.countSince(u.id, 'reset-password', at(1))).resolves.toBe(1);
      await expect(repos().mail.countSince(u.id, 'verify-email-again', at(0))).resolves.toBe(1);
      await expect(repos().mail.countSince(u.id, 'email-change', at(0))).resolves.toBe(0);
    });

    it('purges what was sent or given up before a time, never what still waits', async () => {
      const u = await user();
      const sent = await repos().mail.enqueue(mail(u.id, { kind: 'email-change-notice' }), at(0));
      const waiting = await repos().mail.enqueue(mail(u.id, { kind: 'email-change-notice' }), at(0));
      await repos().mail.claimDue(at(0), 10, MINUTE);
      await repos().mail.markSent(sent, at(1));
      await repos().mail.markFailed(waiting, 'down', at(7200), at(1));
      expect(await repos().mail.purge(at(3600))).toBeGreaterThanOrEqual(1);
      await expect(repos().mail.countSince(u.id, 'email-change-notice', at(0))).resolves.toBe(1);
      await expect(repos().mail.claimDue(at(7200), 10, MINUTE)).resolves.toMatchObject([{ id: waiting }]);
    });

    it('keeps a queued mail when its account is deleted, about nobody', async () => {
      const u = await user();
      const id = await repos().mail.enqueue(mail(u.id), T0);
      await repos().users.delete(u.id);
      await expect(repos().mail.claimDue(T0, 10, MINUTE)).resolves.toMatchObject([{ id, userId: null }]);
    });
  });

  describe('AccountTokenRepository', () => {
    const token = (userId: number, purpose: 'verify_email' | 'reset_password' = 'verify_email') => ({
      tokenHash: randomBytes(32).toString('hex'), userId, purpose, email: 'x@example.org', expiresAt: at(3600),
    });

    it('finds a link by its hash and purpose only', async () => {
      const u = await user();
      const t = token(u.id);
      const id = await repos().accountTokens.create(t, T0);
      await expect(repos().accountTokens.findByHash(t.tokenHash, 'verify_email')).resolves.toEqual({ ...t, id, usedAt: null, replacedAt: null, createdAt: T0 });
      await expect(repos().accountTokens.findByHash(t.tokenHash, 'reset_password')).resolves.toBeNull();
      await expect(repos().accountTokens.findByHash('0'.repeat(64), 'verify_email')).resolves.toBeNull();
    });

    it('cancels the open links of a purpose, not used ones nor other purposes', async () => {
      const u = await user();
      const [used, open, reset] = [token(u.id), token(u.id), token(u.id, 'reset_password')];
      const usedId = await repos().accountTokens.create(used, T0);
      await repos().accountTokens.create(open, T0);
      await repos().accountTokens.create(reset, T0);
      await repos().accountTokens.markUsed(usedId, at(1));
      await expect(repos().accountTokens.replaceOpen(u.id, 'verify_email', at(2))).resolves.toBe(1);
      await expect(repos().accountTokens.findByHash(used.tokenHash, 'verify_email')).resolves.toMatchObject({ usedAt: at(1), replacedAt: null });
      await expect(repos().accountTokens.findByHash(open.tokenHash, 'verify_email')).resolves.toMatchObject({ usedAt: null, replacedAt: at(2) });
      await expect(repos().accountTokens.findByHash(reset.tokenHash, 'reset_password')).resolves.toMatchObject({ replacedAt: null });
    });

    it('locks an account that exists, and says when none does', async () => {
      const u = await user();
      await expect(a.uow.run(({ accountTokens }) => accountTokens.lockAccount(u.id))).resolves.toBe(true);
      await expect(a.uow.run(({ accountTokens }) => accountTokens.lockAccount(0))).resolves.toBe(false);
    });

    it('goes with the account', async () => {
      const u = await user();
      const t = token(u.id);
      await repos().accountTokens.create(t, T0);
      await repos().users.delete(u.id);
      await expect(repos().accountTokens.findByHash(t.tokenHash, 'verify_email')).resolves.toBeNull();
    });
  });

  describe('ResetRequests', () => {
    it('hands each request, oldest first, to one taker only, even to several at once', async () => {
      while (await repos().resetRequests.takeOne() !== null) { /* left by another test */ }
      const ids = [];
      for (const login of ['a', 'b@example.org', 'c', 'd', 'e', 'f']) ids.push(await repos().resetRequests.add(login, at(ids.length)));
      await expect(repos().resetRequests.takeOne()).resolves.toEqual({ id: ids[0], login: 'a', createdAt: at(0) });
      const taken = await Promise.all([1, 2, 3, 4, 5, 6].map(() => a.uow.run(({ resetRequests }) => resetRequests.takeOne())));
      const got = taken.filter((r) => r !== null).map((r) => r.id).sort((x, y) => x - y);
      expect(got).toEqual(ids.slice(1).sort((x, y) => x - y));
      await expect(repos().resetRequests.takeOne()).resolves.toBeNull();
    });

    it('keeps a request taken in a transaction that fails', async () => {
      const id = await repos().resetRequests.add('kept', T0);
      await expect(a.uow.run(async ({ resetRequests }) => {
        await resetRequests.takeOne();
        throw new Error('the mail could not be queued');
      })).rejects.toThrow('the mail could not be queued');
      await expect(repos().resetRequests.takeOne()).resolves.toMatchObject({ id, login: 'kept' });
    });
  });

  describe('UserRepository for account mail', () => {
    it('finds an account by id, username or address, any case, saying whether it is verified', async () => {
      const [u, v] = [await user(false), await user(true)];
      const expected = { id: u.id, username: u.username, email: u.email, emailVerified: false };
      await expect(repos().users.findContact({ id: u.id })).resolves.toEqual(expected);
      await expect(repos().users.findContact({ login: u.username.toUpperCase() })).resolves.toEqual(expected);
      await expect(repos().users.findContact({ login: u.email.toLowerCase() })).resolves.toEqual(expected);
      await expect(repos().users.findContact({ id: v.id })).resolves.toMatchObject({ emailVerified: true });
      await expect(repos().users.findContact({ login: 'nobody-at-all' })).resolves.toBeNull();
    });

    it('tells whether another account has an address', async () => {
      const [u, v] = [await user(), await user()];
      await expect(repos().users.emailTaken(u.email.toUpperCase(), v.id)).resolves.toBe(true);
      await expect(repos().users.emailTaken(u.email, u.id)).resolves.toBe(false);
      await expect(repos().users.emailTaken('free@example.org', u.id)).resolves.toBe(false);
    });

    it('sets a verified address, refusing one another account has', async () => {
      const [u, v] = [await user(), await user()];
      await repos().users.setVerifiedEmail(u.id, `new-${u.username}@example.org`, 'hash', at(5));
      await expect(repos().users.findContact({ id: u.id })).resolves.toMatchObject({ email: `new-${u.username}@example.org`, emailVerified: true });
      const refused = a.uow.run(({ users }) => users.setVerifiedEmail(v.id, `NEW-${u.username}@example.org`, 'hash', at(6)));
      await expect(refused).rejects.toBeInstanceOf(DomainError);
      await expect(refused).rejects.toMatchObject({ kind: 'conflict' });
    });

    it('replaces the password hash', async () => {
      const u = await user();
      await repos().users.setPasswordHash(u.id, 'new-hash');
      await expect(repos().users.findCredentials(u.username)).resolves.toEqual({ id: u.id, passwordHash: 'new-hash' });
    });
  });

  describe('SignUpLog', () => {
    it("answers an address's sign-ups since a time, oldest first, and forgets those before the given time", async () => {
      const address = randomBytes(8).toString('hex');
      const elsewhere = randomBytes(8).toString('hex');
      await repos().signUps.record(address, at(100), at(0));
      await repos().signUps.record(elsewhere, at(150), at(0));
      await repos().signUps.record(address, at(200), at(0));
      await expect(repos().signUps.since(address, at(50))).resolves.toEqual([at(100), at(200)]);
      await expect(repos().signUps.since(address, at(100))).resolves.toEqual([at(200)]);
      await repos().signUps.record(address, at(300), at(150));
      await expect(repos().signUps.since(address, at(0))).resolves.toEqual([at(200), at(300)]);
      await expect(repos().signUps.since(elsewhere, at(0))).resolves.toEqual([]);
    });

    it('works inside a unit of work, and a rolled-back sign-up is not counted', async () => {
      const address = randomBytes(8).toString('hex');
      await expect(a.uow.run(async ({ signUps }) => {
        await signUps.since(address, at(0));
        await signUps.record(address, at(400), at(0));
        throw new Error('refused after counting');
      })).rejects.toThrow('refused after counting');
      await expect(a.uow.run(({ signUps }) => signUps.since(address, at(0)))).resolves.toEqual([]);
    });
  });
});

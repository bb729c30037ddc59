import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { MailKind, MailOutbox, OutgoingMail, QueuedMail } from '../../../application/ports/mail-outbox';
import { KYSELY } from './database';
import type { Schema } from './schema';

type Timestamp = ColumnType<Date, Date, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** The table of migration 0021, typed here so the shared schema file stays as it is. */
interface MailOutboxTable {
  id: Generated<string>;
  recipient: string;
  subject: string;
  body: string;
  kind: MailKind;
  user_id: number | null;
  created_at: Timestamp;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  leased_until: NullableTimestamp;
  sent_at: NullableTimestamp;
  given_up_at: NullableTimestamp;
  last_error: string | null;
}

type Db = Kysely<Schema & { mail_outbox: MailOutboxTable }>;

@injectable()
export class KyselyMailOutbox implements MailOutbox {
  private readonly db: Db;

  constructor(@inject(KYSELY) db: Kysely<Schema>) {
    this.db = db.withTables<{ mail_outbox: MailOutboxTable }>();
  }

  async enqueue(mail: OutgoingMail, now: Date): Promise<number> {
    const row = await this.db.insertInto('mail_outbox').values({
      recipient: mail.to, subject: mail.subject, body: mail.text, kind: mail.kind, user_id: mail.userId, created_at: now, next_attempt_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async countSince(userId: number, kind: MailKind, since: Date): Promise<number> {
    const row = await this.db.selectFrom('mail_outbox').select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId).where('kind', '=', kind).where('created_at', '>=', since).executeTakeFirstOrThrow();
    return row.n;
  }

  async claimDue(now: Date, limit: number, leaseMs: number): Promise<QueuedMail[]> {
    // SKIP LOCKED: instances claiming at once take different mails, and none waits for another's claim.
    const due = this.db.selectFrom('mail_outbox').select('id')
      .where('sent_at', 'is', null).where('given_up_at', 'is', null).where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<=', now)]))
      .orderBy('next_attempt_at').orderBy('id').limit(limit)
      .forUpdate().skipLocked();
    const rows = await this.db.updateTable('mail_outbox')
      .set((eb) => ({ leased_until: new Date(now.getTime() + leaseMs), attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', due)
      .returning(['id', 'recipient', 'subject', 'body', 'kind', 'user_id', 'attempts', 'created_at'])
      .execute();
    return rows
      .map((row) => ({
        id: Number(row.id), to: row.recipient, subject: row.subject, text: row.body, kind: row.kind, userId: row.user_id, attempts: row.attempts, createdAt: row.created_at,
      }))
      .sort((a, b) => a.id - b.id);
  }

  async markSent(id: number, now: Date): Promise<void> {
    await this.db.updateTable('mail_outbox').set({ sent_at: now, leased_until: null, last_error: null }).where('id', '=', String(id)).execute();
  }

  async markFailed(id: number, error: string, retryAt: Date | null, now: Date): Promise<void> {
    await this.db.updateTable('mail_outbox')
      .set(retryAt === null ? { given_up_at: now, leased_until: null, last_error: error } : { next_attempt_at: retryAt, leased_until: null, last_error: error })
      .where('id', '=', String(id)).execute();
  }

  async purge(before: Date): Promise<number> {
    const result = await this.db.deleteFrom('mail_outbox')
      .where((eb) => eb.or([eb('sent_at', 'is not', null), eb('given_up_at', 'is not', null)]))
      .where('created_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

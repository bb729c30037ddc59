import { inject, injectable } from 'tsyringe';
import type { MailKind, MailOutbox, OutgoingMail, QueuedMail } from '../../../application/ports/mail-outbox';
import { MEMORY_STORE, type MemoryStore, type StoredMail } from './memory-store';

const waiting = (mail: StoredMail) => mail.sentAt === null && mail.givenUpAt === null;

@injectable()
export class MemoryMailOutbox implements MailOutbox {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  enqueue(mail: OutgoingMail, now: Date): Promise<number> {
    return this.store.with(({ mailOutbox }) => {
      const id = this.store.nextId('mailOutbox');
      mailOutbox.push({
        to: mail.to, subject: mail.subject, text: mail.text, kind: mail.kind, userId: mail.userId, id, attempts: 0, createdAt: new Date(now),
        nextAttemptAt: new Date(now), leasedUntil: null, sentAt: null, givenUpAt: null, lastError: null,
      });
      return id;
    });
  }

  countSince(userId: number, kind: MailKind, since: Date): Promise<number> {
    return this.store.with(({ mailOutbox }) => mailOutbox.filter((m) => m.userId === userId && m.kind === kind && m.createdAt >= since).length);
  }

  claimDue(now: Date, limit: number, leaseMs: number): Promise<QueuedMail[]> {
    return this.store.with(({ mailOutbox }) => {
      const due = mailOutbox
        .filter((m) => waiting(m) && m.nextAttemptAt <= now && (m.leasedUntil === null || m.leasedUntil <= now))
        .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id)
        .slice(0, limit);
      return due.map((mail) => {
        mail.attempts += 1;
        mail.leasedUntil = new Date(now.getTime() + leaseMs);
        return {
          id: mail.id, to: mail.to, subject: mail.subject, text: mail.text, kind: mail.kind, userId: mail.userId, attempts: mail.attempts, createdAt: new Date(mail.createdAt),
        };
      });
    });
  }

  markSent(id: number, now: Date): Promise<void> {
    return this.store.with(({ mailOutbox }) => {
      const mail = mailOutbox.find((m) => m.id === id);
      if (mail) Object.assign(mail, { sentAt: new Date(now), leasedUntil: null, lastError: null });
    });
  }

  markFailed(id: number, error: string, retryAt: Date | null, now: Date): Promise<void> {
    return this.store.with(({ mailOutbox }) => {
      const mail = mailOutbox.find((m) => m.id === id);
      if (mail === undefined) return;
      Object.assign(mail, retryAt === null
        ? { givenUpAt: new Date(now), leasedUntil: null, lastError: error }
        : { nextAttemptAt: new Date(retryAt), leasedUntil: null, lastError: error });
    });
  }

  purge(before: Date): Promise<number> {
    return this.store.with((state) => {
      const count = state.mailOutbox.length;
      state.mailOutbox = state.mailOutbox.filter((m) => waiting(m) || m.createdAt >= before);
      return count - state.mailOutbox.length;
    });
  }
}

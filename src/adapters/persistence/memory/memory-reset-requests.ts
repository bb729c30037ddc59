import type { ResetRequest, ResetRequests } from '../../../application/ports/reset-requests';
import type { MemoryStore } from './memory-store';

export class MemoryResetRequests implements ResetRequests {
  constructor(private readonly store: MemoryStore) {}

  add(login: string, now: Date): Promise<number> {
    return this.store.with(({ resetRequests }) => {
      const id = this.store.nextId('resetRequests');
      resetRequests.push({ id, login, createdAt: new Date(now) });
      return id;
    });
  }

  takeOne(): Promise<ResetRequest | null> {
    return this.store.with(({ resetRequests }) => {
      const [first] = resetRequests.splice(0, 1);
      return first ?? null;
    });
  }
}

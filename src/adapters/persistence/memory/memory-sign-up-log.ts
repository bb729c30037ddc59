import type { SignUpLog } from '../../../application/ports/sign-up-log';
import type { MemoryStore } from './memory-store';

/** The memory store's units of work run one at a time, so nothing here needs to wait for another sign-up. */
export class MemorySignUpLog implements SignUpLog {
  constructor(private readonly store: MemoryStore) {}

  since(addressHash: string, since: Date): Promise<Date[]> {
    return this.store.with(({ signUps }) => signUps
      .filter((s) => s.addressHash === addressHash && s.createdAt > since)
      .map((s) => new Date(s.createdAt))
      .sort((a, b) => a.getTime() - b.getTime()));
  }

  record(addressHash: string, at: Date, forgetBefore: Date): Promise<void> {
    return this.store.with((state) => {
      state.signUps = state.signUps.filter((s) => s.createdAt > forgetBefore);
      state.signUps.push({ addressHash, createdAt: new Date(at) });
    });
  }
}

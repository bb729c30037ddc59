import { inject, injectable } from 'tsyringe';
import type { SignInChallenge, TwoStepRepository, TwoStepState } from '../../../application/ports/two-step-repository';
import { MEMORY_STORE, type MemoryStore } from './memory-store';

@injectable()
export class MemoryTwoStepRepository implements TwoStepRepository {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  find(userId: number): Promise<TwoStepState | null> {
    return this.store.with(({ twoStep, recoveryCodes }) => {
      const on = twoStep.find((t) => t.userId === userId);
      if (on === undefined) return null;
      return { key: on.key, enabledAt: new Date(on.enabledAt), recoveryCodesLeft: recoveryCodes.filter((c) => c.userId === userId).length };
    });
  }

  turnOn(userId: number, key: string, usedStep: number, recoveryCodeHashes: readonly string[], now: Date): Promise<void> {
    return this.store.with((state) => {
      if (!state.users.some((u) => u.id === userId)) return;
      state.twoStep = state.twoStep.filter((t) => t.userId !== userId);
      state.twoStep.push({ userId, key, enabledAt: new Date(now), lastStep: usedStep });
      state.recoveryCodes = state.recoveryCodes.filter((c) => c.userId !== userId);
      state.recoveryCodes.push(...recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })));
    });
  }

  turnOff(userId: number): Promise<boolean> {
    return this.store.with((state) => {
      const wasOn = state.twoStep.some((t) => t.userId === userId);
      state.twoStep = state.twoStep.filter((t) => t.userId !== userId);
      state.recoveryCodes = state.recoveryCodes.filter((c) => c.userId !== userId);
      return wasOn;
    });
  }

  acceptStep(userId: number, step: number): Promise<boolean> {
    return this.store.with(({ twoStep }) => {
      const on = twoStep.find((t) => t.userId === userId);
      if (on === undefined || on.lastStep >= step) return false;
      on.lastStep = step;
      return true;
    });
  }

  useRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
    return this.store.with((state) => {
      const before = state.recoveryCodes.length;
      state.recoveryCodes = state.recoveryCodes.filter((c) => c.userId !== userId || c.codeHash !== codeHash);
      return state.recoveryCodes.length < before;
    });
  }

  createChallenge(challenge: SignInChallenge, now: Date): Promise<void> {
    return this.store.with((state) => {
      state.signInChallenges = state.signInChallenges.filter((c) => c.expiresAt > now);
      state.signInChallenges.push(structuredClone(challenge));
    });
  }

  findChallenge(tokenHash: string): Promise<SignInChallenge | null> {
    return this.store.with(({ signInChallenges }) => {
      const found = signInChallenges.find((c) => c.tokenHash === tokenHash);
      return found ? structuredClone(found) : null;
    });
  }

  deleteChallenge(tokenHash: string): Promise<void> {
    return this.store.with((state) => {
      state.signInChallenges = state.signInChallenges.filter((c) => c.tokenHash !== tokenHash);
    });
  }
}

import { portToken } from './port-token';

/** A member's two-step sign-in, while it is on. */
export interface TwoStepState {
  /** The TOTP key, base32 (160 bits). */
  key: string;
  enabledAt: Date;
  /** How many unused recovery codes are left. */
  recoveryCodesLeft: number;
}

/** Between the password and the code: names the account for a few minutes; signs nobody in. */
export interface SignInChallenge {
  /** SHA-256 (hex) of the cookie's token. */
  tokenHash: string;
  userId: number;
  expiresAt: Date;
}

/** Two-step sign-in's keys, accepted time steps, recovery codes (as SHA-256 hashes) and pending sign-ins. */
export interface TwoStepRepository {
  /** The member's two-step sign-in, or null when it is off (or there is no such member). */
  find(userId: number): Promise<TwoStepState | null>;
  /** Turns it on with this key, the step of the code that confirmed it taken as used, and these recovery codes only. */
  turnOn(userId: number, key: string, usedStep: number, recoveryCodeHashes: readonly string[], now: Date): Promise<void>;
  /** Turns it off: the key, the last step and the recovery codes go. Answers whether it was on. */
  turnOff(userId: number): Promise<boolean>;
  /** Takes a time step as used if it is later than every step used before; answers whether it was. */
  acceptStep(userId: number, step: number): Promise<boolean>;
  /** Uses up a recovery code; answers whether the member had it unused. */
  useRecoveryCode(userId: number, codeHash: string): Promise<boolean>;
  createChallenge(challenge: SignInChallenge, now: Date): Promise<void>;
  findChallenge(tokenHash: string): Promise<SignInChallenge | null>;
  deleteChallenge(tokenHash: string): Promise<void>;
}
export const TWO_STEP_REPOSITORY = portToken<TwoStepRepository>('TwoStepRepository');

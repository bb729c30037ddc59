import { randomBytes } from 'node:crypto';
import { inject, injectable } from 'tsyringe';
import { sha256Hex } from '../auth/secrets';
import { CLOCK, type Clock } from '../ports/clock';
import { ONE_TIME_CODES, type OneTimeCodes } from '../ports/one-time-codes';
import { TWO_STEP_REPOSITORY, type TwoStepRepository } from '../ports/two-step-repository';

/** How many recovery codes turning two-step sign-in on gives. */
export const RECOVERY_CODES = 10;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A new recovery code: 80 random bits as 16 base32 letters, in groups of four (`abcd-efgh-ijkl-mnop`). */
export function newRecoveryCode(): string {
  const letters = [...randomBytes(16)].map((byte) => BASE32[byte % 32]).join('');
  return letters.match(/.{4}/gu)?.join('-') ?? letters;
}

/** A recovery code as stored: the SHA-256 of its letters, whatever the case, spaces and dashes typed. */
export function recoveryCodeHash(code: string): string {
  return sha256Hex(code.toLowerCase().replace(/[^a-z2-7]/gu, ''));
}

/**
 * Checks the second step of a sign-in (or of turning two-step sign-in off): a 6-digit code of the member's key,
 * whose time step is used up by it (a step's code is accepted once), or one of their unused recovery codes,
 * used up by it.
 */
@injectable()
export class CheckSecondStep {
  constructor(
    @inject(TWO_STEP_REPOSITORY) private readonly twoStep: TwoStepRepository,
    @inject(ONE_TIME_CODES) private readonly codes: OneTimeCodes,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Whether the code lets the member in; a right code is used up by the check. */
  async execute(userId: number, key: string, typed: string): Promise<boolean> {
    const code = typed.replace(/\s/gu, '');
    if (/^\d{6}$/u.test(code)) {
      const step = this.codes.matchingStep(key, code, this.clock.now());
      return step !== null && this.twoStep.acceptStep(userId, step);
    }
    return code !== '' && this.twoStep.useRecoveryCode(userId, recoveryCodeHash(code));
  }
}

import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { CLOCK, type Clock } from '../ports/clock';
import { ONE_TIME_CODES, type OneTimeCodes } from '../ports/one-time-codes';
import { TWO_STEP_REPOSITORY, type TwoStepRepository } from '../ports/two-step-repository';
import { newRecoveryCode, RECOVERY_CODES, recoveryCodeHash } from './second-step';

/** A key as NewTwoStepKey makes it: 160 bits in base32, 32 letters. */
const KEY = /^[A-Z2-7]{32}$/u;

/** A fresh key to show on the page that turns two-step sign-in on; nothing is stored until a code confirms it. */
@injectable()
export class NewTwoStepKey {
  constructor(@inject(ONE_TIME_CODES) private readonly codes: OneTimeCodes) {}

  execute(accountName: string): { key: string; uri: string } {
    const key = this.codes.newKey();
    return { key, uri: this.codes.keyUri(key, accountName) };
  }

  /** The URI of a key shown before, to show it again. */
  uriOf(key: string, accountName: string): string {
    return this.codes.keyUri(key, accountName);
  }
}

/**
 * Turns two-step sign-in on with the key the page showed, once a code of it proves the member's app has it (that
 * code's time step counts as used). Answers the recovery codes, which are stored only as hashes and shown once.
 * A code that does not fit is `invalid` (field `code`); two-step sign-in already on is a `conflict`.
 */
@injectable()
export class TurnOnTwoStep {
  constructor(
    @inject(TWO_STEP_REPOSITORY) private readonly twoStep: TwoStepRepository,
    @inject(ONE_TIME_CODES) private readonly codes: OneTimeCodes,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(userId: number, key: string, code: string): Promise<{ recoveryCodes: string[] }> {
    if (!KEY.test(key)) throw DomainError.invalid([{ name: 'key', problem: 'is not a key this page made' }]);
    if (await this.twoStep.find(userId) !== null) throw new DomainError('conflict', 'Two-step sign-in is on already.');
    const now = this.clock.now();
    const step = this.codes.matchingStep(key, code.replace(/\s/gu, ''), now);
    if (step === null) throw DomainError.invalid([{ name: 'code', problem: 'does not fit the key: check the time of the device' }]);
    const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await this.twoStep.turnOn(userId, key, step, recoveryCodes.map(recoveryCodeHash), now);
    return { recoveryCodes };
  }
}

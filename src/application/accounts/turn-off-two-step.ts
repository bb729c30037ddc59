import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { TWO_STEP_REPOSITORY, type TwoStepRepository } from '../ports/two-step-repository';
import { CheckPassword } from './check-password';
import { accountThrottleKey } from './log-in';
import { LogInThrottle } from './log-in-throttle';
import { CheckSecondStep } from './second-step';

export type TurnOffTwoStepResult = { kind: 'turned_off' } | { kind: 'throttled'; retryAfterS: number };

/**
 * Turns two-step sign-in off: the password and a code (a recovery code will do), so neither a borrowed browser nor
 * a stolen password alone can. Wrong ones count towards the account's log-in throttle and are `invalid`.
 */
@injectable()
export class TurnOffTwoStep {
  constructor(
    @inject(TWO_STEP_REPOSITORY) private readonly twoStep: TwoStepRepository,
    @inject(CheckPassword) private readonly checkPassword: CheckPassword,
    @inject(CheckSecondStep) private readonly checkSecondStep: CheckSecondStep,
    @inject(LogInThrottle) private readonly throttle: LogInThrottle,
  ) {}

  async execute(userId: number, password: string, code: string): Promise<TurnOffTwoStepResult> {
    const state = await this.twoStep.find(userId);
    if (state === null) throw new DomainError('conflict', 'Two-step sign-in is off already.');
    const check = await this.checkPassword.execute(userId, password);
    if (check.kind === 'throttled') return check;
    if (!await this.checkSecondStep.execute(userId, state.key, code)) {
      this.throttle.recordFailure(accountThrottleKey(userId));
      throw DomainError.invalid([{ name: 'code', problem: 'is not a valid code' }]);
    }
    await this.twoStep.turnOff(userId);
    return { kind: 'turned_off' };
  }
}

import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { sha256Hex } from '../auth/secrets';
import { CLOCK, type Clock } from '../ports/clock';
import { TWO_STEP_REPOSITORY, type TwoStepRepository } from '../ports/two-step-repository';
import { accountThrottleKey } from './log-in';
import { LogInThrottle } from './log-in-throttle';
import { CheckSecondStep } from './second-step';
import { StartSession, type SessionOrigin } from './start-session';

export type CompleteSignInResult =
  | { kind: 'signed_in'; userId: number; session: { token: string; expiresAt: Date } }
  /** The challenge is unknown or over: start again with the password. */
  | { kind: 'expired' }
  | { kind: 'throttled'; retryAfterS: number };

/**
 * The second step of a sign-in with two-step sign-in on: the challenge the password opened, and a code of the
 * member's key or a recovery code. A wrong code counts with wrong passwords towards the account's throttle and
 * throws `invalid` (field `code`); a right one ends the challenge and signs the browser in.
 */
@injectable()
export class CompleteSignIn {
  constructor(
    @inject(TWO_STEP_REPOSITORY) private readonly twoStep: TwoStepRepository,
    @inject(CheckSecondStep) private readonly checkSecondStep: CheckSecondStep,
    @inject(StartSession) private readonly startSession: StartSession,
    @inject(LogInThrottle) private readonly throttle: LogInThrottle,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(challengeToken: string, code: string, origin?: SessionOrigin): Promise<CompleteSignInResult> {
    const challenge = challengeToken === '' ? null : await this.twoStep.findChallenge(sha256Hex(challengeToken));
    if (challenge === null || challenge.expiresAt <= this.clock.now()) return { kind: 'expired' };
    const key = accountThrottleKey(challenge.userId);
    const retryAfterS = this.throttle.retryAfterS(key);
    if (retryAfterS !== null) return { kind: 'throttled', retryAfterS };
    const state = await this.twoStep.find(challenge.userId);
    // Turned off since the password (perhaps with a new password): the challenge no longer means anything.
    if (state === null) return { kind: 'expired' };
    if (!await this.checkSecondStep.execute(challenge.userId, state.key, code)) {
      this.throttle.recordFailure(key);
      throw DomainError.invalid([{ name: 'code', problem: 'is not a valid code' }]);
    }
    await this.twoStep.deleteChallenge(challenge.tokenHash);
    this.throttle.reset(key);
    return { kind: 'signed_in', userId: challenge.userId, session: await this.startSession.execute(challenge.userId, origin) };
  }
}

import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../ports/clock';
import { SESSION_REPOSITORY, type SessionRepository, type WebSession } from '../ports/session-repository';
import { TWO_STEP_REPOSITORY, type TwoStepRepository, type TwoStepState } from '../ports/two-step-repository';

export interface SecuritySettings {
  /** The member's signed-in browsers, last seen first. */
  sessions: WebSession[];
  /** Two-step sign-in, or null while it is off. */
  twoStep: Omit<TwoStepState, 'key'> | null;
}

/** What `/settings/security` shows: the signed-in browsers and whether two-step sign-in is on. */
@injectable()
export class ReadSecuritySettings {
  constructor(
    @inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    @inject(TWO_STEP_REPOSITORY) private readonly twoStep: TwoStepRepository,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(userId: number): Promise<SecuritySettings> {
    const [sessions, twoStep] = await Promise.all([this.sessions.listOfUser(userId, this.clock.now()), this.twoStep.find(userId)]);
    return { sessions, twoStep: twoStep === null ? null : { enabledAt: twoStep.enabledAt, recoveryCodesLeft: twoStep.recoveryCodesLeft } };
  }
}

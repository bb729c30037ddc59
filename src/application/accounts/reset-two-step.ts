import { inject, injectable } from 'tsyringe';
import { TWO_STEP_REPOSITORY, type TwoStepRepository } from '../ports/two-step-repository';

/** The operator turns a member's two-step sign-in off (a lost phone and lost recovery codes); answers whether it was on. */
@injectable()
export class ResetTwoStep {
  constructor(@inject(TWO_STEP_REPOSITORY) private readonly twoStep: TwoStepRepository) {}

  execute(userId: number): Promise<boolean> {
    return this.twoStep.turnOff(userId);
  }
}

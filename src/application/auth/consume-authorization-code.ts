import { inject, injectable } from 'tsyringe';
import { AUTHORIZATION_CODE_REPOSITORY, type AuthorizationCodeRepository } from '../ports/authorization-code-repository';
import { CLOCK, type Clock } from '../ports/clock';

/** Marks a code used before tokens are issued; false when another exchange used it first. */
@injectable()
export class ConsumeAuthorizationCode {
  constructor(
    @inject(AUTHORIZATION_CODE_REPOSITORY) private readonly codes: AuthorizationCodeRepository,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute(codeId: number): Promise<boolean> {
    return this.codes.markUsed(codeId, this.clock.now());
  }
}

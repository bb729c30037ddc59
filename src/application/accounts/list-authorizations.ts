import { inject, injectable } from 'tsyringe';
import { AUTHORIZATION_VIEWS, type AuthorizationView, type AuthorizationViews } from '../ports/authorization-views';
import { CLOCK, type Clock } from '../ports/clock';

/** The applications that hold live tokens of a member (`/settings/authorizations`). */
@injectable()
export class ListAuthorizations {
  constructor(
    @inject(AUTHORIZATION_VIEWS) private readonly views: AuthorizationViews,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute(userId: number): Promise<AuthorizationView[]> {
    return this.views.listForUser(userId, this.clock.now());
  }
}

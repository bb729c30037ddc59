import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { USER_VIEWS, type UserView, type UserViews } from '../ports/user-views';
import { viewerOf } from '../viewer';

/** A user's profile, by id or by username, with list sizes as the actor may see them. */
@injectable()
export class GetUser {
  constructor(@inject(USER_VIEWS) private readonly views: UserViews) {}

  async execute(actor: Actor, ref: { id: number } | { username: string }): Promise<UserView> {
    const user = 'id' in ref
      ? await this.views.get(viewerOf(actor), ref.id)
      : await this.views.getByUsername(viewerOf(actor), ref.username);
    if (user === null) throw DomainError.notFound('user', 'id' in ref ? ref.id : ref.username);
    return user;
  }
}

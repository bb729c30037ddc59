import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { NOTEMAP_VIEWS, type NotemapView, type NotemapViews } from '../ports/notemap-views';
import type { Page, PageRequest } from '../ports/paging';
import { USER_REPOSITORY, type UserRepository } from '../ports/user-repository';
import { viewerOf } from '../viewer';

/** The notemaps a user made (`created`) or follows (`followed`), newest first; 404 for a user that does not exist. */
@injectable()
export class ListUserNotemaps {
  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(NOTEMAP_VIEWS) private readonly views: NotemapViews,
  ) {}

  async execute(actor: Actor, userId: number, relation: 'created' | 'followed', page: PageRequest): Promise<Page<NotemapView>> {
    if ((await this.users.findById(userId)) === null) throw DomainError.notFound('user', userId);
    const filter = relation === 'created' ? { ownerId: userId } : { followedBy: userId };
    return this.views.list(viewerOf(actor), filter, page);
  }
}

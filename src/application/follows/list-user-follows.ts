import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { FOLLOW_VIEWS, type FollowViews } from '../ports/follow-views';
import type { UserSummaryView } from '../ports/note-views';
import type { Page, PageRequest } from '../ports/paging';
import { USER_REPOSITORY, type UserRepository } from '../ports/user-repository';
import { viewerOf } from '../viewer';

/** The users following a user, or those it follows, most recent first; 404 for a user that does not exist. */
@injectable()
export class ListUserFollows {
  constructor(@inject(USER_REPOSITORY) private readonly users: UserRepository, @inject(FOLLOW_VIEWS) private readonly views: FollowViews) {}

  // Follows are public: every actor sees the same list, but for the users a block stands between them and.
  async execute(actor: Actor, userId: number, relation: 'followers' | 'following', page: PageRequest): Promise<Page<UserSummaryView>> {
    if ((await this.users.findById(userId)) === null) throw DomainError.notFound('user', userId);
    const viewer = viewerOf(actor);
    return relation === 'followers' ? this.views.followersOf(userId, page, viewer) : this.views.followedBy(userId, page, viewer);
  }
}

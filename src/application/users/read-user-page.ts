import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { BLOCK_VIEWS, type BlockViews } from '../ports/block-views';
import { FOLLOW_VIEWS, type FollowViews } from '../ports/follow-views';
import { NOTE_VIEWS, type NotePage, type NoteViews } from '../ports/note-views';
import type { PageRequest } from '../ports/paging';
import { USER_VIEWS, type UserView, type UserViews } from '../ports/user-views';
import { viewerOf } from '../viewer';

/** What a user's web page shows: the profile, a page of their notes the actor may read, and whether the actor follows or blocks them. */
export interface UserPageView {
  profile: UserView;
  notes: NotePage;
  /** null for an anonymous actor and on one's own page. */
  following: boolean | null;
  /** Whether the actor blocks this user; null for an anonymous actor and on one's own page. */
  blocking: boolean | null;
}

/** Reads a user's page by username: the profile first, then their notes and the follow together. */
@injectable()
export class ReadUserPage {
  constructor(
    @inject(USER_VIEWS) private readonly users: UserViews,
    @inject(NOTE_VIEWS) private readonly notes: NoteViews,
    @inject(FOLLOW_VIEWS) private readonly follows: FollowViews,
    @inject(BLOCK_VIEWS) private readonly blocks: BlockViews,
  ) {}

  async execute(actor: Actor, username: string, page: PageRequest): Promise<UserPageView> {
    const viewer = viewerOf(actor);
    const profile = await this.users.getByUsername(viewer, username);
    if (profile === null) throw DomainError.notFound('user', username);
    const own = actor.userId === null || actor.userId === profile.id;
    const [notes, following, blocking] = await Promise.all([
      this.notes.list(viewer, { authorId: profile.id }, page),
      own || actor.userId === null ? null : this.follows.follows(actor.userId, profile.id),
      own || actor.userId === null ? null : this.blocks.blocks(actor.userId, profile.id),
    ]);
    return { profile, notes, following, blocking };
  }
}

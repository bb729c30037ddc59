import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { NOTE_VIEWS, type NoteFilter, type NotePage, type NoteViews } from '../ports/note-views';
import type { PageRequest } from '../ports/paging';
import { USER_REPOSITORY, type UserRepository } from '../ports/user-repository';
import { viewerOf } from '../viewer';

/** The notes a user wrote, or those they favorited, that the actor may read; 404 for a user that does not exist. */
@injectable()
export class ListUserNotes {
  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(NOTE_VIEWS) private readonly views: NoteViews,
  ) {}

  async execute(actor: Actor, userId: number, notes: 'written' | 'favorites', filter: NoteFilter, page: PageRequest): Promise<NotePage> {
    if ((await this.users.findById(userId)) === null) throw DomainError.notFound('user', userId);
    return this.views.list(viewerOf(actor), { ...filter, ...(notes === 'written' ? { authorId: userId } : { favoritedBy: userId }) }, page);
  }
}

import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { NOTE_USER_LIST_VIEWS, type NoteUserListViews } from '../ports/note-user-list-views';
import { NOTE_VIEWS, type NoteViews, type UserSummaryView } from '../ports/note-views';
import type { Page, PageRequest } from '../ports/paging';
import { viewerOf } from '../viewer';

/** The users who favorited a note the actor may read, newest favorite first; 404 otherwise. */
@injectable()
export class ListFavoriters {
  constructor(
    @inject(NOTE_VIEWS) private readonly notes: NoteViews,
    @inject(NOTE_USER_LIST_VIEWS) private readonly users: NoteUserListViews,
  ) {}

  async execute(actor: Actor, noteId: number, page: PageRequest): Promise<Page<UserSummaryView>> {
    const viewer = viewerOf(actor);
    if ((await this.notes.get(viewer, noteId)) === null) throw DomainError.notFound('note', noteId);
    return this.users.favoritersOf(viewer, noteId, page);
  }
}

import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { NOTE_USER_LIST_VIEWS, type NoteUserListViews } from '../ports/note-user-list-views';
import { NOTE_VIEWS, type NoteViews, type UserSummaryView } from '../ports/note-views';
import type { Page, PageRequest } from '../ports/paging';
import { viewerOf } from '../viewer';

/** The users who favorited, or who marked found, a note the actor may read, newest first; 404 otherwise. */
@injectable()
export class ListNoteUsers {
  constructor(@inject(NOTE_VIEWS) private readonly notes: NoteViews, @inject(NOTE_USER_LIST_VIEWS) private readonly users: NoteUserListViews) {}

  async execute(actor: Actor, noteId: number, relation: 'favoriters' | 'finders', page: PageRequest): Promise<Page<UserSummaryView>> {
    const viewer = viewerOf(actor);
    if ((await this.notes.get(viewer, noteId)) === null) throw DomainError.notFound('note', noteId);
    return relation === 'favoriters' ? this.users.favoritersOf(viewer, noteId, page) : this.users.findersOf(viewer, noteId, page);
  }
}

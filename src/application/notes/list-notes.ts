import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { NOTE_VIEWS, type NoteFilter, type NotePage, type NoteViews } from '../ports/note-views';
import type { PageRequest } from '../ports/paging';
import { viewerOf } from '../viewer';

/** A page of the notes the actor may read, newest first. */
@injectable()
export class ListNotes {
  constructor(@inject(NOTE_VIEWS) private readonly views: NoteViews) {}

  execute(actor: Actor, filter: NoteFilter, page: PageRequest): Promise<NotePage> {
    return this.views.list(viewerOf(actor), filter, page);
  }
}

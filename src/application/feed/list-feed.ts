import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { NOTE_VIEWS, type NoteFilter, type NotePage, type NoteViews } from '../ports/note-views';
import type { PageRequest } from '../ports/paging';
import { viewerOf } from '../viewer';

/**
 * The signed-in actor's feed (scope `read`): notes by the users they follow and in the notemaps they
 * follow, that they may read, newest first.
 */
@injectable()
export class ListFeed {
  constructor(@inject(NOTE_VIEWS) private readonly views: NoteViews) {}

  execute(actor: Actor, filter: NoteFilter, page: PageRequest): Promise<NotePage> {
    const userId = requireScope(actor, 'read');
    return this.views.list(viewerOf(actor), { ...filter, feedOf: userId }, page);
  }
}

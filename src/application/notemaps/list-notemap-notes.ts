import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { NOTE_VIEWS, type NoteFilter, type NotePage, type NoteViews } from '../ports/note-views';
import { NOTEMAP_VIEWS, type NotemapViews } from '../ports/notemap-views';
import type { PageRequest } from '../ports/paging';
import { viewerOf } from '../viewer';
import { requireVisibleNotemap } from './find-own-notemap';

/**
 * The notes a notemap holds that the actor may read (with `withImage`, only those with an image); 404 for no notemap.
 * Whether the notemap exists is asked only when the list is empty: a notemap that does not exist holds no notes (its
 * rows reference it), so a list with notes in its total proves it, and a page costs its two statements alone.
 */
@injectable()
export class ListNotemapNotes {
  constructor(
    @inject(NOTEMAP_VIEWS) private readonly notemaps: NotemapViews,
    @inject(NOTE_VIEWS) private readonly views: NoteViews,
  ) {}

  async execute(actor: Actor, notemapId: number, filter: NoteFilter, page: PageRequest): Promise<NotePage> {
    const notes = await this.views.list(viewerOf(actor), { ...filter, notemapId }, page);
    if (notes.total === 0) await requireVisibleNotemap(this.notemaps, viewerOf(actor), notemapId);
    return notes;
  }
}

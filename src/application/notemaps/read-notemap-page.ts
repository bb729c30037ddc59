import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { NOTE_VIEWS, type NotePage, type NoteViews, type UserSummaryView } from '../ports/note-views';
import { NOTEMAP_USER_VIEWS, type NotemapUserViews } from '../ports/notemap-user-views';
import { NOTEMAP_VIEWS, type NotemapView, type NotemapViews } from '../ports/notemap-views';
import type { PageRequest } from '../ports/paging';
import { viewerOf } from '../viewer';

/** What a notemap's web page shows: the notemap, a page of its notes the actor may read, and its authors. */
export interface NotemapPageView {
  notemap: NotemapView;
  notes: NotePage;
  authors: UserSummaryView[];
}

/** The authors a notemap's page names (the API pages through the rest). */
export const NOTEMAP_PAGE_AUTHORS = 50;

/**
 * Reads a notemap's page. The three reads go out together: a notemap that does not exist has no notes and no
 * authors, and its view being null is what makes the page a 404.
 */
@injectable()
export class ReadNotemapPage {
  constructor(
    @inject(NOTEMAP_VIEWS) private readonly notemaps: NotemapViews,
    @inject(NOTE_VIEWS) private readonly notes: NoteViews,
    @inject(NOTEMAP_USER_VIEWS) private readonly users: NotemapUserViews,
  ) {}

  async execute(actor: Actor, id: number, page: PageRequest): Promise<NotemapPageView> {
    const viewer = viewerOf(actor);
    const [notemap, notes, authors] = await Promise.all([
      this.notemaps.get(viewer, id),
      this.notes.list(viewer, { notemapId: id }, page),
      this.users.authors(viewer, id, { offset: 0, limit: NOTEMAP_PAGE_AUTHORS }),
    ]);
    if (notemap === null) throw DomainError.notFound('notemap', id);
    return { notemap, notes, authors: authors.items };
  }
}

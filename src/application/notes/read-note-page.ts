import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { countsAsView } from '../../domain/note';
import type { CommentView } from '../ports/comment-views';
import { NOTE_PAGE_VIEWS, type NotePageViews } from '../ports/note-page-views';
import type { NoteView } from '../ports/note-views';
import type { Page, PageRequest } from '../ports/paging';
import { VIEW_COUNTER, type ViewCounter } from '../ports/view-counter';
import { viewerOf } from '../viewer';

/** What a note's web page shows: the note, a page of its comments (oldest first) and the names of its tags. */
export interface NotePageView {
  note: NoteView;
  comments: Page<CommentView>;
  tags: string[];
}

/** Reads a note's page for the actor in one read, counting the view as GetNote does. */
@injectable()
export class ReadNotePage {
  constructor(
    @inject(NOTE_PAGE_VIEWS) private readonly views: NotePageViews,
    @inject(VIEW_COUNTER) private readonly viewCounter: ViewCounter,
  ) {}

  async execute(actor: Actor, id: number, comments: PageRequest): Promise<NotePageView> {
    const found = await this.views.get(viewerOf(actor), id, comments);
    if (found === null) throw DomainError.notFound('note', id);
    const { note } = found;
    if (countsAsView({ visibility: note.visibility, authorId: note.author.id }, actor.userId)) this.viewCounter.record(id);
    // Whoever may read a note reads all its comments: their number is the note's own count.
    return { note, comments: { items: found.comments, total: note.counts.comments }, tags: found.tags };
  }
}

import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { COMMENT_VIEWS, type CommentView, type CommentViews } from '../ports/comment-views';
import { NOTE_VIEWS, type NoteView, type NoteViews } from '../ports/note-views';
import type { Page, PageRequest } from '../ports/paging';
import { TAG_VIEWS, type TagViews } from '../ports/tag-views';
import { VIEW_COUNTER, type ViewCounter } from '../ports/view-counter';
import { viewerOf } from '../viewer';

/** What a note's web page shows: the note, a page of its comments (oldest first) and the names of its tags. */
export interface NotePageView {
  note: NoteView;
  comments: Page<CommentView>;
  tags: string[];
}

/**
 * Reads a note's page for the actor, counting the view as GetNote does. The three reads go out together:
 * the comment and tag views answer only for notes the viewer may read, so none of them waits for the note's.
 */
@injectable()
export class ReadNotePage {
  constructor(
    @inject(NOTE_VIEWS) private readonly notes: NoteViews,
    @inject(COMMENT_VIEWS) private readonly comments: CommentViews,
    @inject(TAG_VIEWS) private readonly tags: TagViews,
    @inject(VIEW_COUNTER) private readonly viewCounter: ViewCounter,
  ) {}

  async execute(actor: Actor, id: number, comments: PageRequest): Promise<NotePageView> {
    const viewer = viewerOf(actor);
    const [note, commentPage, tags] = await Promise.all([
      this.notes.get(viewer, id),
      this.comments.pageOfNote(viewer, id, comments),
      this.tags.namesOfNote(viewer, id),
    ]);
    if (note === null) throw DomainError.notFound('note', id);
    if (note.visibility === 'public' && note.author.id !== actor.userId) this.viewCounter.record(id);
    // Whoever may read a note reads all its comments: their number is the note's own count.
    return { note, comments: { items: commentPage, total: note.counts.comments }, tags };
  }
}

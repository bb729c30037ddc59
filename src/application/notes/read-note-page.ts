import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { COMMENT_VIEWS, type CommentView, type CommentViews } from '../ports/comment-views';
import { NOTE_VIEWS, type NoteView, type NoteViews } from '../ports/note-views';
import type { Page, PageRequest } from '../ports/paging';
import { TAG_VIEWS, type TagView, type TagViews } from '../ports/tag-views';
import { VIEW_COUNTER, type ViewCounter } from '../ports/view-counter';
import { viewerOf } from '../viewer';

/** What a note's web page shows: the note, a page of its comments (oldest first) and its tags. */
export interface NotePageView {
  note: NoteView;
  comments: Page<CommentView>;
  tags: TagView[];
}

/** A note has at most this many tags worth showing on its page (the API pages through the rest). */
export const NOTE_PAGE_TAGS = 100;

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
    const [note, commentPage, tagPage] = await Promise.all([
      this.notes.get(viewer, id),
      this.comments.ofNote(viewer, id, comments),
      this.tags.ofNote(viewer, id, { offset: 0, limit: NOTE_PAGE_TAGS }),
    ]);
    if (note === null) throw DomainError.notFound('note', id);
    if (note.visibility === 'public' && note.author.id !== actor.userId) this.viewCounter.record(id);
    return { note, comments: commentPage, tags: tagPage.items };
  }
}

import { inject, injectable } from 'tsyringe';
import type { CommentView, CommentViews } from '../../../application/ports/comment-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { Viewer } from '../../../application/ports/viewer';
import { COMMENT_PAGE_TEXT_MAX_BYTES } from '../../../domain/comment';
import { canSeeUser } from '../../../domain/visibility';
import { isReadable, noteReaderOf } from './memory-readable-notes';
import { MEMORY_STORE, type MemoryState, type MemoryStore, type StoredComment } from './memory-store';
import { userSummary } from './memory-user-summary';
import { unixSeconds } from './unix-seconds';

function commentView(state: MemoryState, comment: StoredComment, viewer: Viewer): CommentView {
  const author = state.users.find((u) => u.id === comment.authorId);
  if (!author) throw new Error(`comment ${comment.id} has no author ${comment.authorId}`);
  const favorites = state.commentFavorites.filter((f) => f.commentId === comment.id);
  return {
    id: comment.id,
    noteId: comment.noteId,
    author: userSummary(author),
    title: comment.title,
    comment: comment.comment,
    createdAt: unixSeconds(comment.createdAt),
    updatedAt: unixSeconds(comment.updatedAt),
    favoritersCount: favorites.length,
    viewer: { isFavorited: viewer.userId !== null && favorites.some((f) => f.userId === viewer.userId) },
  };
}

/** Oldest first: by `createdAt`, then by `id`, as the SQL list orders them. */
function oldestFirst(a: StoredComment, b: StoredComment): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id;
}

/** The comments of a note, none when the viewer may not read the note; none by a user a block stands between them and. */
function commentsOf(state: MemoryState, viewer: Viewer, noteId: number): StoredComment[] {
  const note = state.notes.find((n) => n.id === noteId);
  const reader = noteReaderOf(state, viewer);
  if (!note || !isReadable(state, note, reader)) return [];
  return state.comments.filter((c) => c.noteId === noteId && canSeeUser(c.authorId, reader));
}

@injectable()
export class MemoryCommentViews implements CommentViews {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  get(viewer: Viewer, noteId: number, id: number): Promise<CommentView | null> {
    return this.store.with((state) => {
      const comment = commentsOf(state, viewer, noteId).find((c) => c.id === id);
      return comment ? commentView(state, comment, viewer) : null;
    });
  }

  async pageOfNote(viewer: Viewer, noteId: number, page: PageRequest): Promise<CommentView[]> {
    return (await this.ofNote(viewer, noteId, page)).items;
  }

  ofNote(viewer: Viewer, noteId: number, page: PageRequest): Promise<Page<CommentView>> {
    return this.store.with((state) => {
      const comments = commentsOf(state, viewer, noteId).sort(oldestFirst);
      const kept: StoredComment[] = [];
      let bytes = 0;
      for (const comment of comments.slice(page.offset, page.offset + page.limit)) {
        bytes += Buffer.byteLength(comment.comment);
        if (kept.length > 0 && bytes > COMMENT_PAGE_TEXT_MAX_BYTES) break;
        kept.push(comment);
      }
      return { items: kept.map((c) => commentView(state, c, viewer)), total: comments.length };
    });
  }
}

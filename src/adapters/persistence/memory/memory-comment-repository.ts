import { inject, injectable } from 'tsyringe';
import type { CommentRepository } from '../../../application/ports/comment-repository';
import type { Comment, CommentContent } from '../../../domain/comment';
import { DomainError } from '../../../domain/domain-error';
import { addRelationRow, removeRelationRow } from './memory-relation-rows';
import { MEMORY_STORE, type MemoryStore } from './memory-store';

/** Comments and their favorites; counts are computed from these rows when read, so none is kept. */
@injectable()
export class MemoryCommentRepository implements CommentRepository {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  create(noteId: number, authorId: number, content: CommentContent, now: Date): Promise<number | null> {
    return this.store.with((state) => {
      if (!state.notes.some((n) => n.id === noteId)) return null;
      const id = this.store.nextId('comments');
      state.comments.push({
        id, noteId, authorId, title: content.title, comment: content.comment, createdAt: new Date(now), updatedAt: new Date(now),
      });
      this.store.recordWebhookEvent(state, { type: 'comment.created', noteId, commentId: id });
      return id;
    });
  }

  /** A unit of work on the store runs alone: nothing to hold. */
  async lock(): Promise<void> {}

  findById(id: number): Promise<Comment | null> {
    return this.store.with(({ comments }) => {
      const comment = comments.find((c) => c.id === id);
      return comment ? structuredClone(comment) : null;
    });
  }

  update(id: number, content: CommentContent, now: Date): Promise<void> {
    return this.store.with(({ comments }) => {
      const comment = comments.find((c) => c.id === id);
      if (comment) Object.assign(comment, { title: content.title, comment: content.comment, updatedAt: new Date(now) });
    });
  }

  delete(id: number): Promise<boolean> {
    return this.store.with((state) => {
      if (!state.comments.some((c) => c.id === id)) return false;
      state.comments = state.comments.filter((c) => c.id !== id);
      state.commentFavorites = state.commentFavorites.filter((f) => f.commentId !== id);
      return true;
    });
  }

  favorite(commentId: number, userId: number, now: Date): Promise<boolean> {
    return this.store.with(({ comments, commentFavorites }) => {
      if (!comments.some((c) => c.id === commentId)) throw DomainError.notFound('comment', commentId);
      return addRelationRow(commentFavorites, { commentId, userId }, now);
    });
  }

  unfavorite(commentId: number, userId: number): Promise<boolean> {
    return this.store.with(({ commentFavorites }) => removeRelationRow(commentFavorites, { commentId, userId }));
  }
}

import { sql, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { CommentRepository } from '../../../application/ports/comment-repository';
import type { Comment, CommentContent } from '../../../domain/comment';
import { DomainError } from '../../../domain/domain-error';
import { KYSELY } from './database';
import { deleteRelationRow, insertRelationRow, type RelationTable } from './relation-rows';
import type { Schema } from './schema';

const COMMENT_FAVORITES: RelationTable = { table: 'comment_favorites', subject: 'comment_id', user: 'user_id' };

/**
 * Comments with the counters that mirror them: `notes.comments_count` and `comments.favoriters_count`.
 * Every write locks the parent row first (the note, or the comment for favorites), the order a note's
 * deletion takes too, so concurrent writes queue up instead of deadlocking, and the counter moves
 * only when a row was really inserted or deleted.
 */
@injectable()
export class KyselyCommentRepository implements CommentRepository {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async create(noteId: number, authorId: number, content: CommentContent, now: Date): Promise<number | null> {
    // Counting first locks the note, so it cannot be deleted before the comment lands.
    const counted = await this.db
      .updateTable('notes')
      .set('comments_count', sql<number>`comments_count + 1`)
      .where('id', '=', noteId)
      .returning('id')
      .executeTakeFirst();
    if (counted === undefined) return null;
    const { id } = await this.db
      .insertInto('comments')
      .values({ note_id: noteId, author_id: authorId, title: content.title, body: content.comment, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async lock(id: number): Promise<void> {
    await this.lockRow(id);
  }

  async findById(id: number): Promise<Comment | null> {
    const row = await this.db
      .selectFrom('comments')
      .select(['id', 'note_id', 'author_id', 'title', 'body', 'created_at', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      noteId: row.note_id,
      authorId: row.author_id,
      title: row.title,
      comment: row.body,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async update(id: number, content: CommentContent, now: Date): Promise<void> {
    await this.db.updateTable('comments').set({ title: content.title, body: content.comment, updated_at: now }).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<boolean> {
    const owner = await this.db.selectFrom('comments').select('note_id').where('id', '=', id).executeTakeFirst();
    if (owner === undefined) return false;
    await this.db.selectFrom('notes').select('id').where('id', '=', owner.note_id).forUpdate().execute();
    // Its favorites go by ON DELETE CASCADE.
    const removed = await this.db.deleteFrom('comments').where('id', '=', id).returning('note_id').executeTakeFirst();
    if (removed === undefined) return false;
    await this.db
      .updateTable('notes')
      .set('comments_count', sql<number>`comments_count - 1`)
      .where('id', '=', removed.note_id)
      .execute();
    return true;
  }

  async favorite(commentId: number, userId: number, now: Date): Promise<boolean> {
    if (!(await this.lockRow(commentId))) throw DomainError.notFound('comment', commentId);
    if (!(await insertRelationRow(this.db, COMMENT_FAVORITES, commentId, userId, now))) return false;
    await this.count(commentId, +1);
    return true;
  }

  async unfavorite(commentId: number, userId: number): Promise<boolean> {
    if (!(await this.lockRow(commentId))) return false;
    if (!(await deleteRelationRow(this.db, COMMENT_FAVORITES, commentId, userId))) return false;
    await this.count(commentId, -1);
    return true;
  }

  /** Locks a comment's row for the rest of the transaction; false when there is none. */
  private async lockRow(commentId: number): Promise<boolean> {
    const row = await this.db.selectFrom('comments').select('id').where('id', '=', commentId).forNoKeyUpdate().executeTakeFirst();
    return row !== undefined;
  }

  private async count(commentId: number, step: 1 | -1): Promise<void> {
    await this.db
      .updateTable('comments')
      .set('favoriters_count', sql<number>`favoriters_count + ${step}`)
      .where('id', '=', commentId)
      .execute();
  }
}

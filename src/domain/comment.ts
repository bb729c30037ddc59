import { DomainError, type FieldProblem } from './domain-error';
import { longerThan } from './text';

/** The API's limits (docs/api.md, Notes), counted in Unicode code points. */
export const COMMENT_MAX = 16_777_215;
export const COMMENT_TITLE_MAX = 50;

/**
 * A page of comments ends early once its comments' text (UTF-8 bytes) would pass this, so no answer grows
 * with the page size times the largest comment; a page always holds at least one comment.
 */
export const COMMENT_PAGE_TEXT_MAX_BYTES = 4 * 1024 * 1024;

/** A stored comment, as the write side sees it. */
export interface Comment {
  id: number;
  noteId: number;
  authorId: number;
  title: string | null;
  comment: string;
  createdAt: Date;
  updatedAt: Date;
}

/** What a client sends to write or edit a comment, already in its JSON types. */
export interface CommentFields {
  comment?: string;
  title?: string | null;
}

export type CommentContent = Pick<Comment, 'title' | 'comment'>;

// PostgreSQL text cannot hold U+0000, and a lone surrogate (a JSON `\ud800`) is no character:
// both would be stored altered or not at all, so they are refused.
function storable(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/**
 * Checks a comment's fields and returns its content; `previous` is the comment being edited, whose
 * title is kept when no `title` is sent. The text is stored exactly as sent; a blank title is none.
 */
export function applyCommentFields(previous: CommentContent | null, fields: CommentFields): CommentContent {
  const problems: FieldProblem[] = [];
  const comment = fields.comment;
  if (comment === undefined) problems.push({ name: 'comment', problem: 'is required' });
  else if (comment.trim() === '') problems.push({ name: 'comment', problem: 'must not be empty' });
  else if (longerThan(comment, COMMENT_MAX)) problems.push({ name: 'comment', problem: `must be at most ${COMMENT_MAX} characters` });
  else if (!storable(comment)) problems.push({ name: 'comment', problem: 'must not contain NUL or unpaired surrogate characters' });

  const sent = fields.title;
  const title = sent === undefined ? (previous?.title ?? null) : sent === null || sent.trim() === '' ? null : sent.trim();
  if (title !== null && longerThan(title, COMMENT_TITLE_MAX)) {
    problems.push({ name: 'title', problem: `must be at most ${COMMENT_TITLE_MAX} characters` });
  } else if (title !== null && !storable(title)) {
    problems.push({ name: 'title', problem: 'must not contain NUL or unpaired surrogate characters' });
  }

  if (problems.length > 0 || comment === undefined) throw DomainError.invalid(problems);
  return { title, comment };
}

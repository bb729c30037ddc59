import { applyCommentFields, COMMENT_MAX, COMMENT_TITLE_MAX, type CommentFields } from '../../../src/domain/comment';
import { problemsOf } from './domain-error-of';

const problems = (fields: CommentFields, previous: { title: string | null; comment: string } | null = null) =>
  problemsOf(() => applyCommentFields(previous, fields));

describe('applyCommentFields', () => {
  it('keeps the text exactly as sent and trims the title', () => {
    expect(applyCommentFields(null, { comment: '  Nice\r\n spot \u{1F600} ', title: '  Wow  ' }))
      .toEqual({ comment: '  Nice\r\n spot \u{1F600} ', title: 'Wow' });
  });

  it('has no title when none, null or a blank one is sent', () => {
    for (const title of [undefined, null, '', '   ']) {
      expect(applyCommentFields(null, { comment: 'x', title })).toEqual({ comment: 'x', title: null });
    }
  });

  it('keeps the previous title on an edit that sends none, and clears it with null or blank', () => {
    const previous = { title: 'Old', comment: 'old text' };
    expect(applyCommentFields(previous, { comment: 'new' })).toEqual({ comment: 'new', title: 'Old' });
    expect(applyCommentFields(previous, { comment: 'new', title: null })).toEqual({ comment: 'new', title: null });
    expect(applyCommentFields(previous, { comment: 'new', title: ' ' })).toEqual({ comment: 'new', title: null });
  });

  it('requires a comment that is not blank, on create and on edit', () => {
    expect(problems({})).toEqual([{ name: 'comment', problem: 'is required' }]);
    expect(problems({ title: 'x' }, { title: null, comment: 'kept?' })).toEqual([{ name: 'comment', problem: 'is required' }]);
    expect(problems({ comment: ' \n\t ' })).toEqual([{ name: 'comment', problem: 'must not be empty' }]);
  });

  it(`accepts ${COMMENT_MAX} characters counted as code points, and refuses one more`, () => {
    // Astral characters are two UTF-16 units each: the limit is on code points, not on length.
    const astral = '\u{1F600}'.repeat(1000);
    const atLimit = astral + 'x'.repeat(COMMENT_MAX - 1000);
    expect(applyCommentFields(null, { comment: atLimit }).comment).toBe(atLimit);
    expect(problems({ comment: `${atLimit}y` })).toEqual([{ name: 'comment', problem: `must be at most ${COMMENT_MAX} characters` }]);
  });

  it(`accepts a title of ${COMMENT_TITLE_MAX} characters and refuses ${COMMENT_TITLE_MAX + 1}`, () => {
    const fifty = '\u{1F600}'.repeat(COMMENT_TITLE_MAX);
    expect(applyCommentFields(null, { comment: 'x', title: fifty }).title).toBe(fifty);
    expect(problems({ comment: 'x', title: 't'.repeat(COMMENT_TITLE_MAX + 1) }))
      .toEqual([{ name: 'title', problem: `must be at most ${COMMENT_TITLE_MAX} characters` }]);
  });

  it('refuses NUL characters and unpaired surrogates, which cannot be stored as sent', () => {
    expect(problems({ comment: 'a\u0000b' }).map((p) => p.name)).toEqual(['comment']);
    expect(problems({ comment: 'a\ud800b' }).map((p) => p.name)).toEqual(['comment']);
    expect(problems({ comment: 'ok', title: '\udc00' }).map((p) => p.name)).toEqual(['title']);
  });

  it('names every bad field at once', () => {
    expect(problems({ comment: '', title: 't'.repeat(51) }).map((p) => p.name)).toEqual(['comment', 'title']);
  });
});

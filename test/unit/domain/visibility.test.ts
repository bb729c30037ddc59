import { canRead, NOBODY_APART, parseVisibility, VISIBILITIES, type Visibility } from '../../../src/domain/visibility';
import { problemsOf } from './domain-error-of';

const AUTHOR = 1;
const RECIPIENT = 2;
const STRANGER = 3;
const note = (visibility: Visibility) => ({ authorId: AUTHOR, visibility, recipientIds: [RECIPIENT] });

describe('canRead', () => {
  // readerId is the user reading with `readall`, or null (anonymous, or a token without readall).
  it.each<[Visibility, number | null, boolean]>([
    ['public', null, true],
    ['public', AUTHOR, true],
    ['public', RECIPIENT, true],
    ['public', STRANGER, true],
    ['recipients', null, false],
    ['recipients', AUTHOR, true],
    ['recipients', RECIPIENT, true],
    ['recipients', STRANGER, false],
    ['self', null, false],
    ['self', AUTHOR, true],
    ['self', RECIPIENT, false],
    ['self', STRANGER, false],
  ])('a %s note, read by %p: %p', (visibility, readerId, expected) => {
    expect(canRead(note(visibility), { readerId, apart: NOBODY_APART })).toBe(expected);
  });

  it('lets the author read a recipients note that names nobody', () => {
    expect(canRead({ authorId: AUTHOR, visibility: 'recipients', recipientIds: [] }, { readerId: AUTHOR, apart: NOBODY_APART })).toBe(true);
    expect(canRead({ authorId: AUTHOR, visibility: 'recipients', recipientIds: [] }, { readerId: STRANGER, apart: NOBODY_APART })).toBe(false);
  });

  it.each(['public', 'recipients', 'self'] as const)('hides a %s note from a reader a block stands between them and its author', (visibility) => {
    expect(canRead(note(visibility), { readerId: RECIPIENT, apart: new Set([AUTHOR]) })).toBe(false);
    expect(canRead(note(visibility), { readerId: null, apart: new Set([AUTHOR]) })).toBe(false);
    expect(canRead(note(visibility), { readerId: RECIPIENT, apart: new Set([STRANGER]) })).toBe(visibility !== 'self');
  });
});

describe('parseVisibility', () => {
  it.each(VISIBILITIES)('accepts %s', (value) => {
    expect(parseVisibility(value)).toBe(value);
  });

  it('accepts private as self', () => {
    expect(parseVisibility('private')).toBe('self');
  });

  it('ignores case and surrounding white space', () => {
    expect(parseVisibility(' Public ')).toBe('public');
    expect(parseVisibility('PRIVATE')).toBe('self');
    expect(parseVisibility('Recipients')).toBe('recipients');
  });

  it.each(['', 'friends', 'hidden', 'publicly'])('refuses %j on the visibility field', (value) => {
    expect(problemsOf(() => parseVisibility(value))).toEqual([
      { name: 'visibility', problem: 'must be one of public, recipients, self' },
    ]);
  });
});

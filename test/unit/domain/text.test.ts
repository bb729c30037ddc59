import { codePointLength, firstLine, longerThan, shorten, TITLE_MAX } from '../../../src/domain/text';

const ELLIPSIS = '\u2026';
const words = (count: number, word = 'word') => Array.from({ length: count }, () => word).join(' ');

describe('codePointLength', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['\u{1F600}', 1],
    ['e\u0301', 2],
    ['\u{1F468}\u200D\u{1F469}\u200D\u{1F467}', 5],
    ['日本語', 3],
  ])('%j has %i code points', (text, length) => {
    expect(codePointLength(text)).toBe(length);
  });
});

describe('longerThan', () => {
  // Astral characters are two UTF-16 units each: a text of `max` of them is `2 × max` units long and still within it.
  it.each([
    ['a'.repeat(5), 5, false],
    ['a'.repeat(6), 5, true],
    ['\u{1F600}'.repeat(5), 5, false],
    ['\u{1F600}'.repeat(6), 5, true],
    ['\u{1F600}'.repeat(3) + 'ab', 5, false],
    ['\u{1F600}'.repeat(3) + 'abc', 5, true],
    ['', 0, false],
  ])('%j is longer than %i code points: %s', (text, max, expected) => {
    expect(longerThan(text, max)).toBe(expected);
  });
});

describe('shorten', () => {
  it('cuts at 60 code points by default', () => {
    expect(TITLE_MAX).toBe(60);
  });

  it('keeps a short text as it is', () => {
    expect(shorten('A walk by the river')).toBe('A walk by the river');
  });

  it('keeps a text of exactly 60 characters whole, without an ellipsis', () => {
    const sixty = 'a'.repeat(29) + ' ' + 'b'.repeat(30);
    expect(sixty).toHaveLength(60);
    expect(shorten(sixty)).toBe(sixty);
  });

  it('cuts a text of 61 characters at the last word boundary and appends the ellipsis', () => {
    const text = 'a'.repeat(29) + ' ' + 'b'.repeat(31);
    expect(shorten(text)).toBe('a'.repeat(29) + ELLIPSIS);
  });

  it('keeps the first 60 characters when the 61st is the space between two words', () => {
    const sixty = 'a'.repeat(29) + ' ' + 'b'.repeat(30);
    expect(shorten(sixty + ' tail')).toBe(sixty + ELLIPSIS);
  });

  it('never cuts inside a word when there is a boundary', () => {
    const text = words(20);
    const result = shorten(text);
    expect(result.endsWith('word' + ELLIPSIS)).toBe(true);
    expect(codePointLength(result)).toBeLessThanOrEqual(61);
    expect(result).toBe(words(12) + ELLIPSIS);
  });

  it('cuts a single word longer than 60 characters at 60', () => {
    expect(shorten('x'.repeat(61))).toBe('x'.repeat(60) + ELLIPSIS);
    expect(shorten('x'.repeat(200))).toBe('x'.repeat(60) + ELLIPSIS);
  });

  it('does not count the ellipsis in the 60', () => {
    const result = shorten('y'.repeat(100));
    expect(codePointLength(result)).toBe(61);
    expect(result.at(-1)).toBe(ELLIPSIS);
  });

  it('collapses runs of white space, tabs, newlines and no-break spaces into one space', () => {
    expect(shorten('  hello \n\t  world\r\n again\u00A0now  ')).toBe('hello world again now');
  });

  // Every white space character of \s, alone and in runs, between words: each becomes exactly one space.
  it('turns each run of any white space, and each lone white space character, into one space', () => {
    const spaces = [' ', '\t', '\n', '\v', '\f', '\r', '\u00A0', '\u1680', '\u2000', '\u200A', '\u2028', '\u2029', '\u202F', '\u205F', '\u3000', '\uFEFF'];
    for (const a of spaces) {
      expect(shorten(`one${a}two`)).toBe('one two');
      for (const b of spaces) expect(shorten(`one${a}${b}two${b}three`)).toBe('one two three');
    }
  });

  it('collapses white space before measuring', () => {
    const text = 'start' + ' '.repeat(100) + 'end';
    expect(shorten(text)).toBe('start end');
  });

  it('trims a text that is only white space to the empty string', () => {
    expect(shorten(' \n\t ')).toBe('');
  });

  it('counts an emoji outside the BMP as one character and never splits its surrogates', () => {
    const sixty = '\u{1F600}'.repeat(60);
    expect(shorten(sixty)).toBe(sixty);
    const result = shorten('\u{1F600}'.repeat(61));
    expect(result).toBe(sixty + ELLIPSIS);
    expect(result.isWellFormed()).toBe(true);
  });

  it('counts emoji in words by code points when finding the boundary', () => {
    const text = '\u{1F30D}'.repeat(57) + ' ab cd';
    expect(shorten(text)).toBe('\u{1F30D}'.repeat(57) + ' ab' + ELLIPSIS);
    expect(shorten('\u{1F30D}'.repeat(58) + ' ab cd')).toBe('\u{1F30D}'.repeat(58) + ELLIPSIS);
  });

  it('counts a combining mark as a code point of its own', () => {
    const accented = 'e\u0301'.repeat(30);
    expect(shorten(accented)).toBe(accented);
    expect(shorten(accented + 'e\u0301')).toBe(accented + ELLIPSIS);
  });

  it('keeps a decomposed word whole when the boundary falls after it', () => {
    const text = 'cafe\u0301 '.repeat(12).trim();
    expect(codePointLength(text)).toBe(71);
    expect(shorten(text)).toBe('cafe\u0301 '.repeat(10).trim() + ELLIPSIS);
  });

  it('takes another maximum', () => {
    expect(shorten('one two three', 7)).toBe('one two' + ELLIPSIS);
    expect(shorten('one two three', 6)).toBe('one' + ELLIPSIS);
  });
});

describe('firstLine', () => {
  it('is the first line of a message', () => {
    expect(firstLine('Title\nbody text')).toBe('Title');
  });

  it('skips leading blank lines', () => {
    expect(firstLine('\n   \n\t\nFirst real line\nsecond')).toBe('First real line');
  });

  it('splits at CRLF and at a lone CR', () => {
    expect(firstLine('one\r\ntwo')).toBe('one');
    expect(firstLine('one\rtwo')).toBe('one');
  });

  it('keeps the line as written; shorten does the trimming', () => {
    expect(firstLine('  padded  \nnext')).toBe('  padded  ');
  });

  it('is empty when no line has text', () => {
    expect(firstLine('')).toBe('');
    expect(firstLine('\n \r\n\t')).toBe('');
  });

  it('is the whole message when it has one line', () => {
    expect(firstLine('just one line')).toBe('just one line');
  });
});

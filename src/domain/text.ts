/** Length in Unicode code points, the unit every limit of the service counts in. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Whether `text` is more than `max` code points long; counted only when its UTF-16 length could exceed it. */
export function longerThan(text: string, max: number): boolean {
  return text.length > max && codePointLength(text) > max;
}

export const TITLE_MAX = 60;
const ELLIPSIS = '\u2026';
/** What `shorten` turns into one space: a run of white space, or a single white space character that is not a space. */
const COLLAPSIBLE_SPACE = /\s{2,}|[^\S ]/g;

/** White space collapsed, then cut at a word boundary to at most `max` code points, with `…` when cut. */
export function shorten(text: string, max = TITLE_MAX): string {
  // \s is the same set with or without the u flag (every white space character is in the BMP); without it is faster.
  // Only runs and white space other than a plain space are replaced: most text has neither, and is kept as it is
  // instead of being rebuilt around each of its spaces.
  const collapsed = text.replace(COLLAPSIBLE_SPACE, ' ').trim();
  // At most `max` UTF-16 units are at most `max` code points: nothing to cut, nothing to count.
  if (collapsed.length <= max) return collapsed;
  // The UTF-16 lengths of the first `max` and `max + 1` code points, counted only that far.
  let count = 0;
  let unitsOfMax = 0;
  let unitsOfHead = 0;
  for (const char of collapsed) {
    if (count === max) unitsOfMax = unitsOfHead;
    if (count === max + 1) break;
    unitsOfHead += char.length;
    count++;
  }
  if (count <= max) return collapsed;
  // The cut falls on a word boundary when the character just past it is a space.
  const head = collapsed.slice(0, unitsOfHead);
  const lastSpace = head.lastIndexOf(' ');
  const cut = lastSpace > 0 ? head.slice(0, lastSpace) : collapsed.slice(0, unitsOfMax);
  return cut.trimEnd() + ELLIPSIS;
}

const LF = 10;
const CR = 13;

/** The first line of a message that has any text on it. */
export function firstLine(message: string): string {
  // Line by line from the start: a long message is not split whole to find its first line.
  let start = 0;
  while (start < message.length) {
    let end = start;
    while (end < message.length && message.charCodeAt(end) !== LF && message.charCodeAt(end) !== CR) end++;
    const line = message.slice(start, end);
    if (line.trim().length > 0) return line;
    start = end + 1;
  }
  return '';
}

/** Length in Unicode code points, the unit every limit of the service counts in. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export const TITLE_MAX = 60;
const ELLIPSIS = '\u2026';

/** White space collapsed, then cut at a word boundary to at most `max` code points, with `…` when cut. */
export function shorten(text: string, max = TITLE_MAX): string {
  const collapsed = text.replace(/\s+/gu, ' ').trim();
  // At most `max` UTF-16 units are at most `max` code points: nothing to cut, nothing to count.
  if (collapsed.length <= max) return collapsed;
  const chars = [...collapsed];
  if (chars.length <= max) return collapsed;
  // The cut falls on a word boundary when the character just past it is a space.
  const head = chars.slice(0, max + 1).join('');
  const lastSpace = head.lastIndexOf(' ');
  const cut = lastSpace > 0 ? head.slice(0, lastSpace) : chars.slice(0, max).join('');
  return cut.trimEnd() + ELLIPSIS;
}

/** The first line of a message that has any text on it. */
export function firstLine(message: string): string {
  // Line by line from the start: a long message is not split whole to find its first line.
  for (const [line] of message.matchAll(/[^\r\n]*/gu)) {
    if (line.trim().length > 0) return line;
  }
  return '';
}

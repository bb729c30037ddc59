import { DomainError } from './domain-error';

export const TAG_MAX = 50;
// Letters include their combining marks (\p{M}): Devanagari, or `i̇` from lowercasing `İ`.
const TAG_PATTERN = /^[\p{L}\p{M}\p{N}_-]{1,50}$/u;
// A hashtag starts a word: not after a letter, digit, `&` (entities) or `/` (URL fragments).
const HASHTAG = /(?<![\p{L}\p{N}_&/#])#([\p{L}\p{M}\p{N}_-]+)/gu;

/** The canonical form of a tag name: trimmed, NFC, lowercase, without a leading `#`; null if not a valid tag. */
export function normalizeTag(raw: string): string | null {
  const name = raw.trim().normalize('NFC').replace(/^#/u, '').toLowerCase();
  return TAG_PATTERN.test(name) ? name : null;
}

/** Tags given by a client; any invalid one fails validation, naming it. */
export function parseTagList(raw: readonly string[]): string[] {
  const names: string[] = [];
  for (const item of raw) {
    if (item.trim() === '') continue;
    const name = normalizeTag(item);
    if (name === null) {
      throw DomainError.invalid([
        { name: 'tags', problem: `"${item}" is not a tag: 1-50 letters, digits, "_" or "-"` },
      ]);
    }
    names.push(name);
  }
  return names;
}

/** The `#hashtags` of a message, normalised; those too long to be tags are passed over. */
export function hashtagsOf(message: string): string[] {
  const names: string[] = [];
  for (const match of message.normalize('NFC').matchAll(HASHTAG)) {
    const name = normalizeTag(match[1] ?? '');
    if (name !== null) names.push(name);
  }
  return names;
}

/** A note's tags: the given list plus its message's hashtags, without duplicates, in first-seen order. */
export function noteTags(given: readonly string[], message: string): string[] {
  return [...new Set([...parseTagList(given), ...hashtagsOf(message)])];
}

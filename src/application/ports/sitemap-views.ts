import { portToken } from './port-token';

/** What a sitemap lists: public notes, notemaps and users (every notemap and profile is public). */
export type SitemapKind = 'notes' | 'notemaps' | 'users';

/** One page of the sitemap's: the id that orders it, the username for users, and when it last changed. */
export interface SitemapEntry {
  id: number;
  /** The username (users only). */
  username?: string;
  /** Unix seconds; null when the storage does not know (users). */
  lastModified: number | null;
}

/** Where a batch starts: right after an id (keyset), or at an offset from the start (the first batch of a part). */
export type SitemapStart = { afterId: number } | { offset: number };

/**
 * The public pages a search engine may index, in id order, read in batches so that a sitemap of any size
 * streams in bounded memory.
 */
export interface SitemapViews {
  /** How many entries each kind holds. */
  counts(): Promise<Record<SitemapKind, number>>;
  /** At most `limit` entries of a kind, in ascending id order, from `start`. */
  entries(kind: SitemapKind, start: SitemapStart, limit: number): Promise<SitemapEntry[]>;
}
export const SITEMAP_VIEWS = portToken<SitemapViews>('SitemapViews');

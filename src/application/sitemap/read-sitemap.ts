import { inject, injectable } from 'tsyringe';
import { SITEMAP_VIEWS, type SitemapEntry, type SitemapKind, type SitemapViews } from '../ports/sitemap-views';

/** A sitemap file holds at most 50,000 URLs (sitemaps.org); a larger site is an index of parts. */
export const SITEMAP_PART_SIZE = 50_000;
/** Entries read from storage at a time while a part streams. */
const BATCH = 1_000;

export const SITEMAP_KINDS: readonly SitemapKind[] = ['notes', 'notemaps', 'users'];

/** One file of the sitemap: a kind and its 1-based part. */
export interface SitemapPart {
  kind: SitemapKind;
  part: number;
}

/** Either one file listing everything, or an index of parts. */
export type SitemapPlan = { kind: 'single' } | { kind: 'index'; parts: SitemapPart[] };

/** The sitemap of the public pages: what it holds, and its entries as a stream of batches. */
@injectable()
export class ReadSitemap {
  /** Entries per file (tests make it small to see an index without 50,000 rows). */
  partSize = SITEMAP_PART_SIZE;
  /** Entries read from storage at a time. */
  batchSize = BATCH;

  constructor(@inject(SITEMAP_VIEWS) private readonly views: SitemapViews) {}

  /** One file when everything fits in one, else the parts of each kind, `partSize` entries each. */
  async plan(): Promise<SitemapPlan> {
    const counts = await this.views.counts();
    const total = SITEMAP_KINDS.reduce((sum, kind) => sum + counts[kind], 0);
    if (total <= this.partSize) return { kind: 'single' };
    return {
      kind: 'index',
      parts: SITEMAP_KINDS.flatMap((kind) => Array.from({ length: Math.ceil(counts[kind] / this.partSize) }, (_, i) => ({ kind, part: i + 1 }))),
    };
  }

  /** The entries of one part, in batches; `part` null streams every entry of the kind. */
  async *entries(kind: SitemapKind, part: number | null): AsyncGenerator<SitemapEntry[]> {
    let left = part === null ? Number.POSITIVE_INFINITY : this.partSize;
    let batch = await this.views.entries(kind, { offset: part === null ? 0 : (part - 1) * this.partSize }, Math.min(this.batchSize, left));
    while (batch.length > 0) {
      yield batch;
      left -= batch.length;
      const last = batch[batch.length - 1];
      if (left <= 0 || last === undefined || batch.length < this.batchSize) return;
      batch = await this.views.entries(kind, { afterId: last.id }, Math.min(this.batchSize, left));
    }
  }
}

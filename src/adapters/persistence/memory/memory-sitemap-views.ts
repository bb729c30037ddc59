import { inject, injectable } from 'tsyringe';
import type { SitemapEntry, SitemapKind, SitemapStart, SitemapViews } from '../../../application/ports/sitemap-views';
import { MEMORY_STORE, type MemoryState, type MemoryStore } from './memory-store';

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

function all(state: MemoryState, kind: SitemapKind): SitemapEntry[] {
  switch (kind) {
    case 'notes':
      return state.notes.filter((n) => n.visibility === 'public').map((n) => ({ id: n.id, lastModified: seconds(n.updatedAt) }));
    case 'notemaps':
      return state.notemaps.map((m) => ({ id: m.id, lastModified: seconds(m.updatedAt) }));
    case 'users':
      return state.users.map((u) => ({ id: u.id, username: u.username, lastModified: null }));
  }
}

@injectable()
export class MemorySitemapViews implements SitemapViews {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  counts(): Promise<Record<SitemapKind, number>> {
    return this.store.with((state) => ({ notes: all(state, 'notes').length, notemaps: all(state, 'notemaps').length, users: all(state, 'users').length }));
  }

  entries(kind: SitemapKind, start: SitemapStart, limit: number): Promise<SitemapEntry[]> {
    return this.store.with((state) => {
      const sorted = all(state, kind).sort((a, b) => a.id - b.id);
      const from = 'offset' in start ? start.offset : 0;
      const after = 'afterId' in start ? start.afterId : 0;
      return sorted.filter((entry) => entry.id > after).slice(from, from + limit);
    });
  }
}

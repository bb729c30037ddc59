import { inject, injectable } from 'tsyringe';
import type { UserSummaryView } from '../../../application/ports/note-views';
import type { NotemapUserViews } from '../../../application/ports/notemap-user-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { Viewer } from '../../../application/ports/viewer';
import { apartFrom, readableNoteIds } from './memory-readable-notes';
import { MEMORY_STORE, type MemoryState, type MemoryStore } from './memory-store';
import { userSummary } from './memory-user-summary';

function pageOf(state: MemoryState, userIds: number[], page: PageRequest): Page<UserSummaryView> {
  const users = userIds.map((id) => state.users.find((u) => u.id === id)).filter((u) => u !== undefined);
  return { items: users.slice(page.offset, page.offset + page.limit).map(userSummary), total: users.length };
}

@injectable()
export class MemoryNotemapUserViews implements NotemapUserViews {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  authors(viewer: Viewer, notemapId: number, page: PageRequest): Promise<Page<UserSummaryView>> {
    return this.store.with((state) => {
      const notemap = state.notemaps.find((m) => m.id === notemapId);
      if (!notemap) return { items: [], total: 0 };
      const readable = readableNoteIds(state, viewer);
      const held = new Set(state.notemapNotes.filter((mn) => mn.notemapId === notemapId && readable.has(mn.noteId)).map((mn) => mn.noteId));
      const others = [...new Set(state.notes.filter((n) => held.has(n.id)).map((n) => n.authorId))]
        .filter((id) => id !== notemap.ownerId)
        .sort((a, b) => a - b);
      return pageOf(state, [notemap.ownerId, ...others], page);
    });
  }

  followers(notemapId: number, page: PageRequest, viewer?: Viewer): Promise<Page<UserSummaryView>> {
    return this.store.with((state) => {
      const apart = apartFrom(state, viewer?.userId ?? null);
      const follows = state.notemapFollows
        .filter((f) => f.notemapId === notemapId && !apart.has(f.userId))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.userId - a.userId);
      return pageOf(state, follows.map((f) => f.userId), page);
    });
  }
}

import { inject, injectable } from 'tsyringe';
import type { UserSummaryView } from '../../../application/ports/note-views';
import type { NoteUserListViews } from '../../../application/ports/note-user-list-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { Viewer } from '../../../application/ports/viewer';
import { apartFrom, isReadable } from './memory-readable-notes';
import { MEMORY_STORE, type MemoryState, type MemoryStore, type StoredNoteMark } from './memory-store';
import { userSummary } from './memory-user-summary';

// Newest mark first, then the higher user id, as the SQL lists order them.
const newestMarkFirst = (a: StoredNoteMark, b: StoredNoteMark): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || b.userId - a.userId;

function usersOf(state: MemoryState, rows: StoredNoteMark[], viewer: Viewer, noteId: number, page: PageRequest): Page<UserSummaryView> {
  const note = state.notes.find((n) => n.id === noteId);
  if (!note || !isReadable(state, note, viewer)) return { items: [], total: 0 };
  // The users a block stands between the viewer and are left out of the viewer's lists.
  const apart = apartFrom(state, viewer.userId);
  const marks = rows.filter((r) => r.noteId === noteId && !apart.has(r.userId)).sort(newestMarkFirst);
  const items = marks.slice(page.offset, page.offset + page.limit).map((mark) => {
    const user = state.users.find((u) => u.id === mark.userId);
    if (!user) throw new Error(`a mark on note ${noteId} names no user ${mark.userId}`);
    return userSummary(user);
  });
  return { items, total: marks.length };
}

@injectable()
export class MemoryNoteUserListViews implements NoteUserListViews {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  favoritersOf(viewer: Viewer, noteId: number, page: PageRequest): Promise<Page<UserSummaryView>> {
    return this.store.with((state) => usersOf(state, state.favorites, viewer, noteId, page));
  }

  findersOf(viewer: Viewer, noteId: number, page: PageRequest): Promise<Page<UserSummaryView>> {
    return this.store.with((state) => usersOf(state, state.finds, viewer, noteId, page));
  }
}

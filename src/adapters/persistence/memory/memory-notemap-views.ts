import { inject, injectable } from 'tsyringe';
import { NOTEMAP_TAGS_MAX, type NotemapFilter, type NotemapView, type NotemapViews } from '../../../application/ports/notemap-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { Viewer } from '../../../application/ports/viewer';
import { canSeeUser } from '../../../domain/visibility';
import { noteReaderOf, readableNoteIds } from './memory-readable-notes';
import { MEMORY_STORE, type MemoryState, type MemoryStore, type StoredNotemap } from './memory-store';
import { userSummary } from './memory-user-summary';
import { newestFirst } from './newest-first';
import { unixSeconds } from './unix-seconds';

function notemapView(state: MemoryState, notemap: StoredNotemap, viewer: Viewer, readable: ReadonlySet<number>): NotemapView {
  const owner = state.users.find((u) => u.id === notemap.ownerId);
  if (!owner) throw new Error(`notemap ${notemap.id} has no creator ${notemap.ownerId}`);
  const memberships = state.notemapNotes
    .filter((mn) => mn.notemapId === notemap.id && readable.has(mn.noteId))
    .sort((a, b) => b.addedAt.getTime() - a.addedAt.getTime() || b.noteId - a.noteId);
  const notes = memberships.map((mn) => state.notes.find((n) => n.id === mn.noteId)).filter((n) => n !== undefined);
  const withImages = notes.filter((n) => n.image !== null);
  const noteIds = new Set(notes.map((n) => n.id));
  const tagIds = new Set(state.noteTags.filter((nt) => noteIds.has(nt.noteId)).map((nt) => nt.tagId));
  const follows = state.notemapFollows.filter((f) => f.notemapId === notemap.id);
  return {
    id: notemap.id,
    owner: userSummary(owner),
    name: notemap.name,
    description: notemap.description,
    createdAt: unixSeconds(notemap.createdAt),
    lastNoteAddedAt: notemap.lastNoteAddedAt === null ? null : unixSeconds(notemap.lastNoteAddedAt),
    image: withImages[0]?.image ? { ...withImages[0].image } : null,
    counts: {
      authors: new Set([notemap.ownerId, ...notes.map((n) => n.authorId)]).size,
      followers: follows.length,
      notes: notes.length,
      notesWithImages: withImages.length,
      tags: Math.min(NOTEMAP_TAGS_MAX, tagIds.size),
    },
    viewer: { isFollowing: viewer.userId !== null && follows.some((f) => f.userId === viewer.userId) },
  };
}

function matches(state: MemoryState, notemap: StoredNotemap, filter: NotemapFilter, viewer: Viewer): boolean {
  // None made by, nor followed by, a user a block stands between a signed-in viewer and.
  const reader = noteReaderOf(state, viewer);
  if (!canSeeUser(notemap.ownerId, reader)) return false;
  if (filter.followedBy !== undefined && !canSeeUser(filter.followedBy, reader)) return false;
  if (filter.ownerId !== undefined && notemap.ownerId !== filter.ownerId) return false;
  if (filter.followedBy !== undefined
    && !state.notemapFollows.some((f) => f.notemapId === notemap.id && f.userId === filter.followedBy)) return false;
  if (filter.holdingNote !== undefined
    && !state.notemapNotes.some((mn) => mn.notemapId === notemap.id && mn.noteId === filter.holdingNote)) return false;
  return true;
}

@injectable()
export class MemoryNotemapViews implements NotemapViews {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  get(viewer: Viewer, id: number): Promise<NotemapView | null> {
    return this.store.with((state) => {
      const notemap = state.notemaps.find((m) => m.id === id && matches(state, m, {}, viewer));
      return notemap ? notemapView(state, notemap, viewer, readableNoteIds(state, viewer)) : null;
    });
  }

  visible(viewer: Viewer, id: number): Promise<boolean> {
    return this.store.with((state) => state.notemaps.some((m) => m.id === id && matches(state, m, {}, viewer)));
  }

  list(viewer: Viewer, filter: NotemapFilter, page: PageRequest): Promise<Page<NotemapView>> {
    return this.store.with((state) => {
      const readable = readableNoteIds(state, viewer);
      const listed = state.notemaps.filter((m) => matches(state, m, filter, viewer)).sort(newestFirst);
      return {
        items: listed.slice(page.offset, page.offset + page.limit).map((m) => notemapView(state, m, viewer, readable)),
        total: listed.length,
      };
    });
  }
}

import { inject, injectable } from 'tsyringe';
import type { NoteFilter, NoteView, NoteViews } from '../../../application/ports/note-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { Viewer } from '../../../application/ports/viewer';
import { isReadable } from './memory-readable-notes';
import { MEMORY_STORE, type MemoryState, type MemoryStore, type StoredNote } from './memory-store';
import { userSummary } from './memory-user-summary';
import { newestFirst } from './newest-first';
import { unixSeconds } from './unix-seconds';

function noteView(state: MemoryState, note: StoredNote, viewer: Viewer): NoteView {
  const author = state.users.find((u) => u.id === note.authorId);
  if (!author) throw new Error(`note ${note.id} has no author ${note.authorId}`);
  const ofNote = <R extends { noteId: number }>(rows: R[]): R[] => rows.filter((r) => r.noteId === note.id);
  const marked = (rows: { userId: number; noteId: number }[]) =>
    viewer.userId !== null && ofNote(rows).some((r) => r.userId === viewer.userId);
  return {
    id: note.id,
    author: userSummary(author),
    title: note.title,
    message: note.message,
    visibility: note.visibility,
    location: { ...note.location },
    createdAt: unixSeconds(note.createdAt),
    updatedAt: unixSeconds(note.updatedAt),
    publicViewsCount: note.publicViewsCount,
    counts: {
      comments: ofNote(state.comments).length,
      favoriters: ofNote(state.favorites).length,
      finders: ofNote(state.finds).length,
      notemaps: ofNote(state.notemapNotes).length,
      tags: ofNote(state.noteTags).length,
    },
    viewer: { isFavorited: marked(state.favorites), isFound: marked(state.finds) },
    image: note.image ? { ...note.image } : null,
  };
}

@injectable()
export class MemoryNoteViews implements NoteViews {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  get(viewer: Viewer, id: number): Promise<NoteView | null> {
    return this.store.with((state) => {
      const note = state.notes.find((n) => n.id === id);
      return note && isReadable(state, note, viewer.readerId) ? noteView(state, note, viewer) : null;
    });
  }

  list(viewer: Viewer, filter: NoteFilter, page: PageRequest): Promise<Page<NoteView>> {
    return this.store.with((state) => listNotes(state, viewer, filter, page));
  }
}

/** Whether a note is by a user `userId` follows, or held by a notemap they follow. */
function inFeedOf(state: MemoryState, userId: number, note: StoredNote): boolean {
  if (state.userFollows.some((f) => f.followerId === userId && f.followedId === note.authorId)) return true;
  const followed = new Set(state.notemapFollows.filter((f) => f.userId === userId).map((f) => f.notemapId));
  return state.notemapNotes.some((mn) => mn.noteId === note.id && followed.has(mn.notemapId));
}

function listNotes(state: MemoryState, viewer: Viewer, filter: NoteFilter, page: PageRequest): Page<NoteView> {
  const tagId = filter.tag === undefined ? undefined : state.tags.find((t) => t.name === filter.tag)?.id;
  const tagged = new Set(state.noteTags.filter((nt) => nt.tagId === tagId).map((nt) => nt.noteId));
  const inNotemap = new Set(state.notemapNotes.filter((mn) => mn.notemapId === filter.notemapId).map((mn) => mn.noteId));
  const favorited = new Set(state.favorites.filter((f) => f.userId === filter.favoritedBy).map((f) => f.noteId));
  const matches = state.notes
    .filter((n) => filter.authorId === undefined || n.authorId === filter.authorId)
    .filter((n) => filter.tag === undefined || tagged.has(n.id))
    .filter((n) => filter.notemapId === undefined || inNotemap.has(n.id))
    .filter((n) => filter.favoritedBy === undefined || favorited.has(n.id))
    .filter((n) => filter.placeId === undefined || n.placeId === filter.placeId)
    .filter((n) => filter.withImage !== true || n.image !== null)
    .filter((n) => filter.feedOf === undefined || inFeedOf(state, filter.feedOf, n))
    .filter((n) => isReadable(state, n, viewer.readerId))
    .sort(newestFirst);
  return {
    items: matches.slice(page.offset, page.offset + page.limit).map((n) => noteView(state, n, viewer)),
    total: matches.length,
  };
}

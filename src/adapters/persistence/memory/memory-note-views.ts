import { inject, injectable } from 'tsyringe';
import type { NoteFilter, NotePage, NoteView, NoteViews } from '../../../application/ports/note-views';
import type { PageRequest } from '../../../application/ports/paging';
import type { Viewer } from '../../../application/ports/viewer';
import { areaContains, distanceMetres } from '../../../domain/geo';
import { locationSeenBy, snapToCell, type SeenLocation } from '../../../domain/location-precision';
import { placeName } from '../../../domain/place';
import { compareNotePositions, noteOrderOf, type NoteOrder, type NotePosition, type NoteQuery } from '../../../domain/note-query';
import { canSeeUser } from '../../../domain/visibility';
import { isReadable, noteReaderOf } from './memory-readable-notes';
import { MEMORY_STORE, type MemoryState, type MemoryStore, type StoredNote } from './memory-store';
import { userSummary } from './memory-user-summary';
import { unixSeconds } from './unix-seconds';
import { textRank } from './memory-text-search';

/** Where the viewer sees the note: exactly for its author, else as others do (the store snaps as it reads). */
function seenLocation(note: StoredNote, viewer: Viewer): SeenLocation {
  const isAuthor = viewer.userId !== null && viewer.userId === note.authorId;
  return locationSeenBy(note.location, note.locationPrecision, snapToCell(note.location, note.locationPrecision), isAuthor);
}

function noteView(state: MemoryState, note: StoredNote, viewer: Viewer): NoteView {
  const author = state.users.find((u) => u.id === note.authorId);
  if (!author) throw new Error(`note ${note.id} has no author ${note.authorId}`);
  const ofNote = <R extends { noteId: number }>(rows: R[]): R[] => rows.filter((r) => r.noteId === note.id);
  const marked = (rows: { userId: number; noteId: number }[]) =>
    viewer.userId !== null && ofNote(rows).some((r) => r.userId === viewer.userId);
  const seen = seenLocation(note, viewer);
  return {
    id: note.id,
    author: userSummary(author),
    title: note.title,
    message: note.message,
    visibility: note.visibility,
    location: { ...seen.location },
    hiddenAddressFields: seen.hidden,
    ...(viewer.userId !== null && viewer.userId === note.authorId ? { locationPrecision: note.locationPrecision } : {}),
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
    place: placeOf(state, note),
  };
}

/** The note's place, named by its own parts as the place views name it. */
function placeOf(state: MemoryState, note: StoredNote): NoteView['place'] {
  if (note.placeId === null) return null;
  const place = state.places.find((p) => p.id === note.placeId);
  if (!place) throw new Error(`note ${note.id} has no place ${note.placeId}`);
  return { id: place.id, name: placeName(place) };
}

@injectable()
export class MemoryNoteViews implements NoteViews {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  get(viewer: Viewer, id: number): Promise<NoteView | null> {
    return this.store.with((state) => {
      const note = state.notes.find((n) => n.id === id);
      return note && isReadable(state, note, viewer) ? noteView(state, note, viewer) : null;
    });
  }

  list(viewer: Viewer, filter: NoteFilter, page: PageRequest): Promise<NotePage> {
    return this.store.with((state) => listNotes(state, viewer, filter, page));
  }

  listItems(viewer: Viewer, filter: NoteFilter, page: PageRequest): Promise<NoteView[]> {
    return this.store.with((state) => listNotes(state, viewer, filter, page).items);
  }
}

/** Whether a note is by a user `userId` follows, or held by a notemap they follow. */
function inFeedOf(state: MemoryState, userId: number, note: StoredNote): boolean {
  if (state.userFollows.some((f) => f.followerId === userId && f.followedId === note.authorId)) return true;
  const followed = new Set(state.notemapFollows.filter((f) => f.userId === userId).map((f) => f.notemapId));
  return state.notemapNotes.some((mn) => mn.noteId === note.id && followed.has(mn.notemapId));
}

function listNotes(state: MemoryState, viewer: Viewer, filter: NoteFilter, page: PageRequest): NotePage {
  const tagId = filter.tag === undefined ? undefined : state.tags.find((t) => t.name === filter.tag)?.id;
  const tagged = new Set(state.noteTags.filter((nt) => nt.tagId === tagId).map((nt) => nt.noteId));
  const inNotemap = new Set(state.notemapNotes.filter((mn) => mn.notemapId === filter.notemapId).map((mn) => mn.noteId));
  const favorited = new Set(state.favorites.filter((f) => f.userId === filter.favoritedBy).map((f) => f.noteId));
  const query = filter.query;
  const only = filter.ids === undefined ? null : new Set(filter.ids);
  // The lists of a notemap or of a member's favorites are empty for a viewer a block stands between them and its user.
  const reader = noteReaderOf(state, viewer);
  const notemapOwner = state.notemaps.find((m) => m.id === filter.notemapId)?.ownerId;
  const seen = (notemapOwner === undefined || canSeeUser(notemapOwner, reader))
    && (filter.favoritedBy === undefined || canSeeUser(filter.favoritedBy, reader));
  const matches = state.notes
    .filter(() => seen)
    .filter((n) => only === null || only.has(n.id))
    .filter((n) => filter.authorId === undefined || n.authorId === filter.authorId)
    .filter((n) => filter.tag === undefined || tagged.has(n.id))
    .filter((n) => filter.notemapId === undefined || inNotemap.has(n.id))
    .filter((n) => filter.favoritedBy === undefined || favorited.has(n.id))
    .filter((n) => filter.placeId === undefined || n.placeId === filter.placeId)
    .filter((n) => filter.withImage !== true || n.image !== null)
    .filter((n) => filter.feedOf === undefined || inFeedOf(state, filter.feedOf, n))
    .filter((n) => isReadable(state, n, reader));
  const listed: Listed[] = query === undefined ? matches.map((note) => ({ note })) : queried(state, matches, query, viewer);
  const order = noteOrderOf(query);
  const positioned = listed.map((item) => ({ ...item, position: positionOf(item, order) }));
  positioned.sort((a, b) => compareNotePositions(a.position, b.position));
  // A cursor starts the page right after its position, as the SQL adapter's row-value comparison does.
  const after = query?.after;
  const start = after === undefined ? page.offset : positioned.filter((item) => compareNotePositions(item.position, after) <= 0).length;
  const window = positioned.slice(start, start + page.limit);
  const last = window.at(-1);
  return {
    items: window.map(({ note, distance }) => ({
      ...noteView(state, note, viewer),
      ...(distance === undefined ? {} : { distance }),
    })),
    total: listed.length,
    ...(last ? { last: last.position } : {}),
  };
}

interface Listed {
  note: StoredNote;
  distance?: number;
  rank?: number;
  favoriters?: number;
}

/** The notes that pass the caller's query, with what its order needs (distance, text rank, favoriters). */
function queried(state: MemoryState, notes: StoredNote[], query: NoteQuery, viewer: Viewer): Listed[] {
  const tagId = query.tag === undefined ? undefined : state.tags.find((t) => t.name === query.tag)?.id;
  const tagged = new Set(state.noteTags.filter((nt) => nt.tagId === tagId).map((nt) => nt.noteId));
  const authorId = query.author === undefined ? undefined : 'id' in query.author ? query.author.id : authorIdOf(state, query.author.username);
  const listed: Listed[] = [];
  for (const note of notes) {
    if (query.tag !== undefined && !tagged.has(note.id)) continue;
    if (query.author !== undefined && note.authorId !== authorId) continue;
    const createdAt = unixSeconds(note.createdAt);
    if (query.since !== undefined && createdAt < query.since) continue;
    if (query.until !== undefined && createdAt > query.until) continue;
    const seen = seenLocation(note, viewer).location;
    if (query.bbox !== undefined && !areaContains(query.bbox, seen)) continue;
    const distance = query.near === undefined ? undefined : distanceMetres(query.near.center, seen);
    if (query.near !== undefined && distance !== undefined && distance > query.near.radius) continue;
    const rank = query.text === undefined ? undefined : textRank(`${note.title ?? ''} ${note.message}`, query.text);
    if (rank === null) continue;
    const favoriters = state.favorites.filter((f) => f.noteId === note.id).length;
    listed.push({ note, distance, rank, favoriters });
  }
  return listed;
}

function authorIdOf(state: MemoryState, username: string): number | undefined {
  return state.users.find((u) => u.username.toLowerCase() === username.toLowerCase())?.id;
}

/** The key of the SQL adapter's ORDER BY (note-conditions-query.ts): the order's own key, then newest first, then id. */
function positionOf(item: Listed, order: NoteOrder): NotePosition {
  const lead = order === 'nearest' ? [item.distance ?? 0]
    : order === 'relevance' ? [item.rank ?? 0]
      : order === 'popular' ? [item.favoriters ?? 0, item.note.publicViewsCount]
        : [];
  return { order, lead, createdAtUs: item.note.createdAt.getTime() * 1000, id: item.note.id };
}

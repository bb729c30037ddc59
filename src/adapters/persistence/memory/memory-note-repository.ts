import { inject, injectable } from 'tsyringe';
import type { NoteRepository } from '../../../application/ports/note-repository';
import type { Note, NoteContent, NoteImage } from '../../../domain/note';
import { placeIdOf } from './memory-places';
import { recipientIdsOf } from './memory-readable-notes';
import { deletedNoteSnapshot, MEMORY_STORE, type MemoryState, type MemoryStore, type StoredNoteTag } from './memory-store';

@injectable()
export class MemoryNoteRepository implements NoteRepository {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  /** A unit of work on the store runs alone: nothing to hold. */
  async lock(): Promise<void> {}

  findById(id: number): Promise<Note | null> {
    return this.store.with((state) => {
      const note = state.notes.find((n) => n.id === id);
      if (!note) return null;
      const tags = state.noteTags
        .filter((nt) => nt.noteId === id)
        .map((nt) => ({ explicit: nt.explicit, name: state.tags.find((t) => t.id === nt.tagId)?.name ?? '' }));
      return {
        id: note.id,
        authorId: note.authorId,
        title: note.title,
        message: note.message,
        visibility: note.visibility,
        location: { ...note.location },
        locationPrecision: note.locationPrecision,
        explicitTags: tags.filter((t) => t.explicit).map((t) => t.name),
        tags: tags.map((t) => t.name),
        recipientIds: recipientIdsOf(state, id),
        image: note.image ? { ...note.image } : null,
        createdAt: new Date(note.createdAt),
        updatedAt: new Date(note.updatedAt),
      };
    });
  }

  update(id: number, content: NoteContent, recipientIds: readonly number[] | null, now: Date): Promise<void> {
    return this.store.with((state) => {
      const note = state.notes.find((n) => n.id === id);
      if (!note) return;
      Object.assign(note, storedContent(this.store, state, content), { updatedAt: new Date(now) });
      replaceNoteTags(this.store, state, id, content);
      if (recipientIds !== null) replaceRecipients(state, id, recipientIds);
      this.store.recordNoteChanges(state, [id]);
      this.store.recordWebhookEvent(state, { type: 'note.updated', noteId: id });
    });
  }

  setImage(id: number, image: NoteImage | null): Promise<string | null> {
    return this.store.with((state) => {
      const note = state.notes.find((n) => n.id === id);
      if (!note) return null;
      const previous = note.image?.key ?? null;
      note.image = image ? { ...image } : null;
      this.store.recordNoteChanges(state, [id]);
      this.store.recordWebhookEvent(state, { type: 'note.updated', noteId: id });
      return previous;
    });
  }

  delete(id: number): Promise<boolean> {
    return this.store.with((state) => {
      const deleted = state.notes.find((n) => n.id === id);
      if (deleted === undefined) return false;
      this.store.recordNoteChanges(state, [id]);
      this.store.recordWebhookEvent(state, { type: 'note.deleted', noteId: id, note: deletedNoteSnapshot(state, deleted) });
      const commentIds = new Set(state.comments.filter((c) => c.noteId === id).map((c) => c.id));
      state.notes = state.notes.filter((n) => n.id !== id);
      state.noteTags = state.noteTags.filter((nt) => nt.noteId !== id);
      state.recipients = state.recipients.filter((r) => r.noteId !== id);
      state.favorites = state.favorites.filter((f) => f.noteId !== id);
      state.finds = state.finds.filter((f) => f.noteId !== id);
      state.comments = state.comments.filter((c) => c.noteId !== id);
      state.commentFavorites = state.commentFavorites.filter((f) => !commentIds.has(f.commentId));
      state.notemapNotes = state.notemapNotes.filter((nn) => nn.noteId !== id);
      return true;
    });
  }
}

/** Every tag once, in the note's order; an explicit tag is kept even if `tags` left it out. */
export function replaceNoteTags(store: MemoryStore, state: MemoryState, noteId: number, content: NoteContent): void {
  const explicit = new Set(content.explicitTags);
  const rows: StoredNoteTag[] = [...new Set([...content.tags, ...content.explicitTags])].map((name) => ({
    noteId,
    tagId: tagId(store, state, name),
    explicit: explicit.has(name),
  }));
  state.noteTags = [...state.noteTags.filter((nt) => nt.noteId !== noteId), ...rows];
}

/** The id of the note's place, created on first use (none when the note names no city, state or country). */
/** What a stored note keeps of its content: its place (found or made), texts, visibility and location. */
export function storedContent(store: MemoryStore, state: MemoryState, content: NoteContent) {
  return {
    placeId: notePlaceId(store, state, content),
    title: content.title,
    message: content.message,
    visibility: content.visibility,
    location: { ...content.location },
    locationPrecision: content.locationPrecision,
  };
}

export function notePlaceId(store: MemoryStore, state: MemoryState, content: NoteContent): number | null {
  return placeIdOf(state, content.location, () => store.nextId('places'));
}

/** The id of a tag, created on first use; a tag keeps its id even when no note carries it any more. */
function tagId(store: MemoryStore, state: MemoryState, name: string): number {
  const existing = state.tags.find((t) => t.name === name);
  if (existing) return existing.id;
  const id = store.nextId('tags');
  state.tags.push({ id, name });
  return id;
}

export function replaceRecipients(state: MemoryState, noteId: number, userIds: readonly number[]): void {
  const rows = [...new Set(userIds)].map((userId) => ({ noteId, userId }));
  state.recipients = [...state.recipients.filter((r) => r.noteId !== noteId), ...rows];
}

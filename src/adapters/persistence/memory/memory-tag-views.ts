import { inject, injectable } from 'tsyringe';
import { NOTEMAP_TAGS_MAX } from '../../../application/ports/notemap-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { TagView, TagViews } from '../../../application/ports/tag-views';
import type { Viewer } from '../../../application/ports/viewer';
import { isReadable, readableNoteIds } from './memory-readable-notes';
import { MEMORY_STORE, type MemoryState, type MemoryStore, type StoredTag } from './memory-store';

function tagView(state: MemoryState, tag: StoredTag, readable: ReadonlySet<number>): TagView {
  const notesCount = state.noteTags.filter((nt) => nt.tagId === tag.id && readable.has(nt.noteId)).length;
  return { id: tag.id, name: tag.name, notesCount };
}

@injectable()
export class MemoryTagViews implements TagViews {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  ofNote(viewer: Viewer, noteId: number, page: PageRequest): Promise<Page<TagView>> {
    return this.store.with((state) => tagsOfNote(state, viewer, noteId, page));
  }

  namesOfNote(viewer: Viewer, noteId: number): Promise<string[]> {
    return this.store.with((state) => tagsOfNote(state, viewer, noteId, { offset: 0, limit: Number.MAX_SAFE_INTEGER }).items.map((t) => t.name));
  }

  ofNotemap(viewer: Viewer, notemapId: number, page: PageRequest): Promise<Page<TagView>> {
    return this.store.with((state) => tagsOfNotemap(state, viewer, notemapId, page));
  }

  byName(viewer: Viewer, name: string): Promise<TagView | null> {
    return this.store.with((state) => {
      const tag = state.tags.find((t) => t.name === name);
      return tag ? tagView(state, tag, readableNoteIds(state, viewer)) : null;
    });
  }
}

/** Empty when the note does not exist or the viewer may not read it. */
function tagsOfNote(state: MemoryState, viewer: Viewer, noteId: number, page: PageRequest): Page<TagView> {
  const note = state.notes.find((n) => n.id === noteId);
  if (!note || !isReadable(state, note, viewer)) return { items: [], total: 0 };
  const tagIds = new Set(state.noteTags.filter((nt) => nt.noteId === noteId).map((nt) => nt.tagId));
  const tags = state.tags.filter((t) => tagIds.has(t.id)).sort((a, b) => compareNames(a.name, b.name));
  const readable = readableNoteIds(state, viewer);
  return {
    items: tags.slice(page.offset, page.offset + page.limit).map((t) => tagView(state, t, readable)),
    total: tags.length,
  };
}

/** The most used tags among the readable notes of a notemap, at most NOTEMAP_TAGS_MAX, then by name. */
function tagsOfNotemap(state: MemoryState, viewer: Viewer, notemapId: number, page: PageRequest): Page<TagView> {
  const readable = readableNoteIds(state, viewer);
  const held = new Set(state.notemapNotes.filter((mn) => mn.notemapId === notemapId && readable.has(mn.noteId)).map((mn) => mn.noteId));
  const uses = new Map<number, number>();
  for (const nt of state.noteTags) if (held.has(nt.noteId)) uses.set(nt.tagId, (uses.get(nt.tagId) ?? 0) + 1);
  const tags = state.tags
    .filter((t) => uses.has(t.id))
    .sort((a, b) => (uses.get(b.id) ?? 0) - (uses.get(a.id) ?? 0) || compareNames(a.name, b.name))
    .slice(0, NOTEMAP_TAGS_MAX);
  return {
    items: tags.slice(page.offset, page.offset + page.limit).map((t) => tagView(state, t, readable)),
    total: tags.length,
  };
}

// Code-point order, as PostgreSQL sorts under the C collation; locale order would differ between hosts.
function compareNames(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const difference = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return x.length - y.length;
}

import { inject, injectable } from 'tsyringe';
import type {
  AccountExportViews, ExportCursor, ExportedComment, ExportedImage, ExportedNote, ExportedNotemap, ExportedProfile,
  ExportedRelation, RelationKind,
} from '../../../application/ports/account-export';
import { MEMORY_STORE, type MemoryState, type MemoryStore } from './memory-store';

interface Dated {
  id: number;
  createdAt: Date;
}

/** Up to `limit` of `items` after the cursor, newest first (then the higher id), as the SQL pages run. */
function pageOf<T extends Dated>(items: T[], cursor: ExportCursor | null, limit: number): T[] {
  const at = cursor?.at.getTime();
  return items
    .filter((item) => cursor === null || item.createdAt.getTime() < at! || (item.createdAt.getTime() === at && item.id < cursor.id))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(0, limit);
}

function relationsOf(state: MemoryState, userId: number, kind: RelationKind): ExportedRelation[] {
  switch (kind) {
    case 'favoriteNotes':
      return state.favorites.filter((f) => f.userId === userId).map((f) => ({ id: f.noteId, createdAt: f.createdAt, about: {} }));
    case 'favoriteComments':
      return state.commentFavorites.filter((f) => f.userId === userId).map((f) => ({ id: f.commentId, createdAt: f.createdAt, about: {} }));
    case 'finds':
      return state.finds.filter((f) => f.userId === userId).map((f) => ({ id: f.noteId, createdAt: f.createdAt, about: {} }));
    case 'followedUsers':
      return state.userFollows.filter((f) => f.followerId === userId).map((f) => ({
        id: f.followedId, createdAt: f.createdAt, about: { username: state.users.find((u) => u.id === f.followedId)?.username ?? null },
      }));
    case 'followedNotemaps':
      return state.notemapFollows.filter((f) => f.userId === userId).map((f) => ({
        id: f.notemapId, createdAt: f.createdAt, about: { name: state.notemaps.find((m) => m.id === f.notemapId)?.name ?? null },
      }));
    case 'followedPlaces':
      return state.placeFollows.filter((f) => f.userId === userId).map((f) => {
        const place = state.places.find((p) => p.id === f.placeId);
        return { id: f.placeId, createdAt: f.createdAt, about: { city: place?.city ?? null, state: place?.state ?? null, country: place?.country ?? null } };
      });
  }
}

@injectable()
export class MemoryAccountExportViews implements AccountExportViews {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  profile(userId: number): Promise<ExportedProfile | null> {
    return this.store.with((state) => {
      const user = state.users.find((u) => u.id === userId);
      if (user === undefined) return null;
      const { id, username, email, name, description, blogUrl, hometown, twitter, createdAt, avatarKey } = user;
      return { id, username, email, name, description, blogUrl, hometown, twitter, createdAt, avatarKey };
    });
  }

  notes(userId: number, cursor: ExportCursor | null, limit: number): Promise<ExportedNote[]> {
    return this.store.with((state) => pageOf(state.notes.filter((n) => n.authorId === userId), cursor, limit).map((note) => ({
      id: note.id,
      title: note.title,
      message: note.message,
      visibility: note.visibility,
      locationPrecision: note.locationPrecision,
      location: { ...note.location },
      tags: state.noteTags.filter((nt) => nt.noteId === note.id)
        .map((nt) => state.tags.find((t) => t.id === nt.tagId)?.name)
        .filter((name): name is string => name !== undefined),
      recipients: state.recipients.filter((r) => r.noteId === note.id)
        .map((r) => state.users.find((u) => u.id === r.userId)?.username)
        .filter((name): name is string => name !== undefined)
        .sort(),
      image: note.image === null ? null : { ...note.image },
      createdAt: note.createdAt,
      updatedAt: note.updatedAt,
    })));
  }

  noteImages(userId: number, cursor: ExportCursor | null, limit: number): Promise<ExportedImage[]> {
    return this.store.with((state) => pageOf(state.notes.filter((n) => n.authorId === userId && n.image !== null), cursor, limit)
      .map((note) => ({ id: note.id, key: note.image!.key, createdAt: note.createdAt })));
  }

  comments(userId: number, cursor: ExportCursor | null, limit: number): Promise<ExportedComment[]> {
    return this.store.with((state) => pageOf(state.comments.filter((c) => c.authorId === userId), cursor, limit)
      .map(({ id, noteId, title, comment, createdAt, updatedAt }) => ({ id, noteId, title, comment, createdAt, updatedAt })));
  }

  notemaps(userId: number, cursor: ExportCursor | null, limit: number): Promise<ExportedNotemap[]> {
    return this.store.with((state) => pageOf(state.notemaps.filter((m) => m.ownerId === userId), cursor, limit).map((m) => ({
      id: m.id,
      name: m.name,
      description: m.description,
      noteIds: state.notemapNotes.filter((mn) => mn.notemapId === m.id)
        .sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime() || a.noteId - b.noteId)
        .map((mn) => mn.noteId),
      createdAt: m.createdAt,
      updatedAt: m.updatedAt,
    })));
  }

  relations(userId: number, kind: RelationKind, cursor: ExportCursor | null, limit: number): Promise<ExportedRelation[]> {
    return this.store.with((state) => pageOf(relationsOf(state, userId, kind), cursor, limit));
  }
}

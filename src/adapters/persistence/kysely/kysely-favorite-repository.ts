import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { FavoriteRepository } from '../../../application/ports/favorite-repository';
import { KYSELY } from './database';
import { addNoteMark, removeNoteMark, type NoteMarkTable } from './note-marks';
import type { Schema } from './schema';

const FAVORITES: NoteMarkTable = { table: 'note_favorites', counter: 'favoriters_count' };

@injectable()
export class KyselyFavoriteRepository implements FavoriteRepository {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  add(noteId: number, userId: number, now: Date): Promise<boolean> {
    return addNoteMark(this.db, FAVORITES, noteId, userId, now);
  }

  remove(noteId: number, userId: number): Promise<boolean> {
    return removeNoteMark(this.db, FAVORITES, noteId, userId);
  }
}

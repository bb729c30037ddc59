import type { Kysely } from 'kysely';
import type { FavoriteRepository } from '../../../application/ports/favorite-repository';
import type { FindRepository } from '../../../application/ports/find-repository';
import { addNoteMark, removeNoteMark, type NoteMarkTable } from './note-marks';
import type { Schema } from './schema';

/** The favorites or the finds of notes: one mark table and the counter on `notes` that mirrors it. */
export class KyselyNoteMarkRepository implements FavoriteRepository, FindRepository {
  constructor(private readonly db: Kysely<Schema>, private readonly mark: NoteMarkTable) {}

  add(noteId: number, userId: number, now: Date): Promise<boolean> {
    return addNoteMark(this.db, this.mark, noteId, userId, now);
  }

  remove(noteId: number, userId: number): Promise<boolean> {
    return removeNoteMark(this.db, this.mark, noteId, userId);
  }
}

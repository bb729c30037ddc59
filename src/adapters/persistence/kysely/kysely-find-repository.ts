import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { FindRepository } from '../../../application/ports/find-repository';
import { KYSELY } from './database';
import { addNoteMark, removeNoteMark, type NoteMarkTable } from './note-marks';
import type { Schema } from './schema';

const FINDS: NoteMarkTable = { table: 'note_finds', counter: 'finders_count' };

@injectable()
export class KyselyFindRepository implements FindRepository {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  add(noteId: number, userId: number, now: Date): Promise<boolean> {
    return addNoteMark(this.db, FINDS, noteId, userId, now);
  }

  remove(noteId: number, userId: number): Promise<boolean> {
    return removeNoteMark(this.db, FINDS, noteId, userId);
  }
}

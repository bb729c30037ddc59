import { sql, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { UserSummaryView } from '../../../application/ports/note-views';
import type { NoteUserListViews } from '../../../application/ports/note-user-list-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { Viewer } from '../../../application/ports/viewer';
import { KYSELY } from './database';
import { notApart, readableNote } from './readable-note';
import { relationUserPage } from './relation-users';
import type { Schema } from './schema';

/** The users related to a note, a page in two statements (relation-users.ts). */
@injectable()
export class KyselyNoteUserListViews implements NoteUserListViews {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  favoritersOf(viewer: Viewer, noteId: number, page: PageRequest): Promise<Page<UserSummaryView>> {
    return this.usersOf('note_favorites', viewer, noteId, page);
  }

  findersOf(viewer: Viewer, noteId: number, page: PageRequest): Promise<Page<UserSummaryView>> {
    return this.usersOf('note_finds', viewer, noteId, page);
  }

  private usersOf(table: 'note_favorites' | 'note_finds', viewer: Viewer, noteId: number, page: PageRequest): Promise<Page<UserSummaryView>> {
    // The relations of a note the viewer may not read are not theirs to see either.
    // Both tables have the same columns, so typing either as note_favorites is exact.
    const ofReadableNote = this.db
      .selectFrom(`${table} as m` as 'note_favorites as m')
      .innerJoin('notes as n', 'n.id', 'm.note_id')
      .select(['m.user_id', 'm.created_at'])
      .where('m.note_id', '=', noteId)
      .where(readableNote('n', viewer))
      // The users a block stands between the viewer and are left out of the viewer's lists.
      .$if(viewer.userId !== null, (qb) => qb.where(notApart(sql.ref('m.user_id'), viewer.userId as number)));
    return relationUserPage(this.db, ofReadableNote.as('r'), page);
  }
}

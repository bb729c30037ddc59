import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { UserSummaryView } from '../../../application/ports/note-views';
import type { NoteUserListViews } from '../../../application/ports/note-user-list-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { Viewer } from '../../../application/ports/viewer';
import { KYSELY } from './database';
import { readableNote } from './readable-note';
import type { Schema } from './schema';
import { toUserSummary } from './user-summary-row';

/** The users related to a note, a page in two statements: the rows with their users joined, and the total. */
@injectable()
export class KyselyNoteUserListViews implements NoteUserListViews {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  favoritersOf(viewer: Viewer, noteId: number, page: PageRequest): Promise<Page<UserSummaryView>> {
    return this.usersOf('note_favorites', viewer, noteId, page);
  }

  findersOf(viewer: Viewer, noteId: number, page: PageRequest): Promise<Page<UserSummaryView>> {
    return this.usersOf('note_finds', viewer, noteId, page);
  }

  private async usersOf(table: 'note_favorites' | 'note_finds', viewer: Viewer, noteId: number, page: PageRequest): Promise<Page<UserSummaryView>> {
    // The relations of a note the viewer may not read are not theirs to see either.
    // Both tables have the same columns, so typing either as note_favorites is exact.
    const ofReadableNote = this.db
      .selectFrom(`${table} as r` as 'note_favorites as r')
      .innerJoin('notes as n', 'n.id', 'r.note_id')
      .where('r.note_id', '=', noteId)
      .where(readableNote('n', viewer.readerId));
    const [rows, count] = await Promise.all([
      ofReadableNote
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['u.id', 'u.username', 'u.name', 'u.description', 'u.avatar_hash', 'u.has_avatar'])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.user_id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      ofReadableNote.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toUserSummary), total: count.total };
  }
}

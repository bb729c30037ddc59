import { sql, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import { NOTEMAP_TAGS_MAX } from '../../../application/ports/notemap-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { TagView, TagViews } from '../../../application/ports/tag-views';
import type { Viewer } from '../../../application/ports/viewer';
import { KYSELY } from './database';
import { readableNote } from './readable-note';
import { compiledPerViewer, type CompiledPerViewer } from './compiled-queries';
import type { Schema } from './schema';

/** How many notes the reader may read carry the tag aliased `t`. */
function visibleNotesCount(viewer: Viewer) {
  return sql<number>`(select count(*) from note_tags tn join notes n on n.id = tn.note_id
    where tn.tag_id = t.id and ${readableNote('n', viewer)})`;
}

/** Tags with the number of notes the viewer may read carrying each; a page is two statements. */
@injectable()
export class KyselyTagViews implements TagViews {
  /** The names of a note's tags, compiled once per form of viewer (a note's web page reads them on every view). */
  private readonly namesQuery: CompiledPerViewer<{ noteId: number }, { name: string }>;

  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {
    this.namesQuery = compiledPerViewer((p: { noteId: number }, viewer) => db
      .selectFrom('note_tags as nt')
      .innerJoin('notes as n', 'n.id', 'nt.note_id')
      .innerJoin('tags as t', 't.id', 'nt.tag_id')
      .where('nt.note_id', '=', p.noteId)
      .where(readableNote('n', viewer))
      .select('t.name')
      .orderBy(sql`t.name collate "C"`));
  }

  async ofNote(viewer: Viewer, noteId: number, page: PageRequest): Promise<Page<TagView>> {
    // The tags of a note the viewer may not read are not theirs to see either.
    const ofReadableNote = this.db
      .selectFrom('note_tags as nt')
      .innerJoin('notes as n', 'n.id', 'nt.note_id')
      .where('nt.note_id', '=', noteId)
      .where(readableNote('n', viewer));
    const [rows, count] = await Promise.all([
      ofReadableNote
        .innerJoin('tags as t', 't.id', 'nt.tag_id')
        .select(['t.id', 't.name', visibleNotesCount(viewer).as('notes_count')])
        // Code point order, the same on every server whatever its default collation.
        .orderBy(sql`t.name collate "C"`)
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      ofReadableNote.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map((row) => ({ id: row.id, name: row.name, notesCount: row.notes_count })), total: count.total };
  }

  async namesOfNote(viewer: Viewer, noteId: number): Promise<string[]> {
    const { rows } = await this.db.executeQuery(this.namesQuery.bind({ noteId, userId: viewer.userId, readerId: viewer.readerId }));
    return rows.map((row) => row.name);
  }

  async ofNotemap(viewer: Viewer, notemapId: number, page: PageRequest): Promise<Page<TagView>> {
    // The short list is at most NOTEMAP_TAGS_MAX rows: one statement fetches it whole, paging slices it.
    const rows = await this.db
      .selectFrom('notemap_notes as mn')
      .innerJoin('notes as n', 'n.id', 'mn.note_id')
      .innerJoin('note_tags as nt', 'nt.note_id', 'n.id')
      .innerJoin('tags as t', 't.id', 'nt.tag_id')
      .where('mn.notemap_id', '=', notemapId)
      .where(readableNote('n', viewer))
      .groupBy(['t.id', 't.name'])
      .select(['t.id', 't.name', visibleNotesCount(viewer).as('notes_count')])
      .orderBy(sql`count(*)`, 'desc')
      .orderBy(sql`t.name collate "C"`)
      .limit(NOTEMAP_TAGS_MAX)
      .execute();
    const items = rows.map((row) => ({ id: row.id, name: row.name, notesCount: row.notes_count }));
    return { items: items.slice(page.offset, page.offset + page.limit), total: items.length };
  }

  async byName(viewer: Viewer, name: string): Promise<TagView | null> {
    // Tags are never deleted, so a tag row means some note carried it once.
    const row = await this.db
      .selectFrom('tags as t')
      .select(['t.id', 't.name', visibleNotesCount(viewer).as('notes_count')])
      .where('t.name', '=', name)
      .executeTakeFirst();
    return row ? { id: row.id, name: row.name, notesCount: row.notes_count } : null;
  }
}

import { sql, type Kysely, type RawBuilder } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { CommentView, CommentViews } from '../../../application/ports/comment-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { Viewer } from '../../../application/ports/viewer';
import { COMMENT_PAGE_TEXT_MAX_BYTES } from '../../../domain/comment';
import { KYSELY } from './database';
import { notApart, readableNote } from './readable-note';
import { compiledPerViewer, type CompiledPerViewer } from './compiled-queries';
import type { Schema } from './schema';
import { unixSeconds } from './unix-seconds';
import { toUserSummary } from './user-summary-row';

/** Whether the viewer favorited the comment aliased `c`; false for nobody. */
function viewerFavorited(userId: number | null): RawBuilder<boolean> {
  if (userId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from comment_favorites cf where cf.comment_id = c.id and cf.user_id = ${userId})`;
}

/**
 * Comments shaped for pages: a page is two statements whatever its size (the rows, with author,
 * favorite count and the viewer's flag; and the total), on the (note_id, created_at, id) index.
 */
@injectable()
export class KyselyCommentViews implements CommentViews {
  /** A page of a note's comments, compiled once per form of viewer (a note's web page reads one on every view). */
  private readonly pageQuery: CompiledPerViewer<{ noteId: number } & PageRequest, CommentViewRow>;

  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {
    this.pageQuery = compiledPerViewer((p: { noteId: number } & PageRequest, viewer) => this.pageOf(viewer, p.noteId, p));
  }

  async get(viewer: Viewer, noteId: number, id: number): Promise<CommentView | null> {
    const row = await this.select(viewer, noteId).where('c.id', '=', id).executeTakeFirst();
    return row ? toCommentView(row) : null;
  }

  async ofNote(viewer: Viewer, noteId: number, page: PageRequest): Promise<Page<CommentView>> {
    const [items, count] = await Promise.all([
      this.pageOfNote(viewer, noteId, page),
      this.onReadableNote(viewer, noteId).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: count.total };
  }

  async pageOfNote(viewer: Viewer, noteId: number, page: PageRequest): Promise<CommentView[]> {
    const values = { noteId, limit: page.limit, offset: page.offset, userId: viewer.userId, readerId: viewer.readerId };
    const { rows } = await this.db.executeQuery(this.pageQuery.bind(values));
    return rows.map(toCommentView);
  }

  private pageOf(viewer: Viewer, noteId: number, page: PageRequest) {
    // The page's ids and sizes first (octet_length reads a stored value's size without decompressing it),
    // then only the comments that fit in COMMENT_PAGE_TEXT_MAX_BYTES: no statement fetches text it drops.
    const sized = this.onReadableNote(viewer, noteId)
      .select(['c.id', 'c.created_at', sql<number>`octet_length(c.body)`.as('bytes')])
      .orderBy('c.created_at', 'asc').orderBy('c.id', 'asc').limit(page.limit).offset(page.offset);
    const fitting = this.db
      .selectFrom(sized.as('p'))
      .select(['p.id', sql<number>`sum(p.bytes) over (order by p.created_at, p.id)`.as('upto'), sql<number>`row_number() over (order by p.created_at, p.id)`.as('position')]);
    return this.select(viewer, noteId)
      .where('c.id', 'in', this.db.selectFrom(fitting.as('f')).select('f.id')
        .where((eb) => eb.or([eb('f.position', '=', 1), eb('f.upto', '<=', COMMENT_PAGE_TEXT_MAX_BYTES)])))
      .orderBy('c.created_at', 'asc').orderBy('c.id', 'asc');
  }

  /** The comments of a note, none when the viewer may not read the note; none by a user a block stands between them and. */
  private onReadableNote(viewer: Viewer, noteId: number) {
    return this.db
      .selectFrom('comments as c')
      .innerJoin('notes as n', 'n.id', 'c.note_id')
      .where('c.note_id', '=', noteId)
      .where(readableNote('n', viewer))
      .$if(viewer.userId !== null, (qb) => qb.where(notApart(sql.ref('c.author_id'), viewer.userId as number)));
  }

  private select(viewer: Viewer, noteId: number) {
    return this.onReadableNote(viewer, noteId)
      .innerJoin('users as u', 'u.id', 'c.author_id')
      .select([
        'c.id', 'c.note_id', 'c.title', 'c.body', 'c.favoriters_count',
        'u.id as author_id', 'u.username', 'u.name', 'u.description', 'u.avatar_hash', 'u.has_avatar',
      ])
      .select([unixSeconds('c.created_at').as('created_at'), unixSeconds('c.updated_at').as('updated_at')])
      .select(viewerFavorited(viewer.userId).as('is_favorited'));
  }
}

export type CommentViewRow = Awaited<ReturnType<ReturnType<KyselyCommentViews['select']>['executeTakeFirstOrThrow']>>;

export function toCommentView(row: CommentViewRow): CommentView {
  return {
    id: row.id,
    noteId: row.note_id,
    author: toUserSummary({ ...row, id: row.author_id }),
    title: row.title,
    comment: row.body,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    favoritersCount: row.favoriters_count,
    viewer: { isFavorited: row.is_favorited },
  };
}

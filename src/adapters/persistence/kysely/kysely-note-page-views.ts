import { sql, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { NotePageViews, NoteWithDiscussion } from '../../../application/ports/note-page-views';
import type { PageRequest } from '../../../application/ports/paging';
import type { Viewer } from '../../../application/ports/viewer';
import { COMMENT_PAGE_TEXT_MAX_BYTES } from '../../../domain/comment';
import { KYSELY } from './database';
import { toCommentView, type CommentViewRow } from './kysely-comment-views';
import { selectNoteViews, toNoteView, type NoteViewRow } from './kysely-note-views';
import { readableNote } from './readable-note';
import type { Schema } from './schema';
import { compiledPerViewer, type CompiledPerViewer } from './compiled-queries';

/**
 * The page of a note's comments as a JSON array, the same rows as KyselyCommentViews.pageOfNote (oldest first,
 * ending early once their text passes COMMENT_PAGE_TEXT_MAX_BYTES), read inside the note's own statement.
 */
function commentsJson(userId: number | null, page: PageRequest) {
  const favorited = userId === null
    ? sql`false`
    : sql`exists (select 1 from comment_favorites cf where cf.comment_id = c.id and cf.user_id = ${userId})`;
  return sql<CommentViewRow[]>`coalesce((
    select json_agg(json_build_object(
      'id', c.id, 'note_id', c.note_id, 'title', c.title, 'body', c.body, 'favoriters_count', c.favoriters_count,
      'author_id', u.id, 'username', u.username, 'name', u.name, 'description', u.description,
      'avatar_hash', u.avatar_hash, 'has_avatar', u.has_avatar,
      'created_at', floor(extract(epoch from c.created_at))::int8, 'updated_at', floor(extract(epoch from c.updated_at))::int8,
      'is_favorited', ${favorited}
    ) order by c.created_at, c.id)
    from (
      select p.id from (
        select s.id, sum(s.bytes) over (order by s.created_at, s.id) as upto, row_number() over (order by s.created_at, s.id) as position
        from (select c2.id, c2.created_at, octet_length(c2.body) as bytes from comments c2 where c2.note_id = n.id
              order by c2.created_at, c2.id limit ${page.limit} offset ${page.offset}) s
      ) p
      where p.position = 1 or p.upto <= ${COMMENT_PAGE_TEXT_MAX_BYTES}
    ) f
    join comments c on c.id = f.id
    join users u on u.id = c.author_id
  ), '[]'::json)`;
}

/** The names of the note's tags as a JSON array, in code point order. */
const tagNamesJson = sql<string[]>`coalesce((
  select json_agg(t.name order by t.name collate "C") from note_tags nt join tags t on t.id = nt.tag_id where nt.note_id = n.id
), '[]'::json)`;

type PageRow = NoteViewRow & { comments: CommentViewRow[]; tag_names: string[] };

/**
 * A note's page in one statement: the note's own read, with its page of comments and its tags' names as two JSON
 * columns. Compiled once per form of viewer; the note's visibility gates the whole row, so a note the viewer may
 * not read gives no row and no comments.
 */
@injectable()
export class KyselyNotePageViews implements NotePageViews {
  private readonly query: CompiledPerViewer<{ id: number } & PageRequest, PageRow>;

  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {
    this.query = compiledPerViewer((p: { id: number } & PageRequest, viewer) => selectNoteViews(db, viewer)
      .select([commentsJson(viewer.userId, p).as('comments'), tagNamesJson.as('tag_names')])
      .where('n.id', '=', p.id)
      .where(readableNote('n', viewer)));
  }

  async get(viewer: Viewer, id: number, comments: PageRequest): Promise<NoteWithDiscussion | null> {
    const values = { id, limit: comments.limit, offset: comments.offset, userId: viewer.userId, readerId: viewer.readerId };
    const { rows } = await this.db.executeQuery(this.query.bind(values));
    const row = rows[0];
    if (row === undefined) return null;
    return { note: toNoteView(row, viewer.userId), comments: row.comments.map(toCommentView), tags: row.tag_names };
  }
}

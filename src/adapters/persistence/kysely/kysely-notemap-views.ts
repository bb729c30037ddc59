import { sql, type Kysely, type RawBuilder } from 'kysely';
import { inject, injectable } from 'tsyringe';
import { NOTEMAP_TAGS_MAX, type NotemapFilter, type NotemapView, type NotemapViews } from '../../../application/ports/notemap-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { Viewer } from '../../../application/ports/viewer';
import { KYSELY } from './database';
import { listedNotemaps } from './notemap-conditions';
import { readableNote } from './readable-note';
import type { Schema } from './schema';
import { unixSeconds } from './unix-seconds';
import { toUserSummary } from './user-summary-row';

/** The notes of notemap `m` the reader may read, aliased `n`, for the counting subselects. */
function heldNotes(viewer: Viewer): RawBuilder<unknown> {
  return sql`notemap_notes mn join notes n on n.id = mn.note_id where mn.notemap_id = m.id and ${readableNote('n', viewer)}`;
}

function isFollowing(userId: number | null): RawBuilder<boolean> {
  if (userId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from notemap_follows f where f.notemap_id = m.id and f.user_id = ${userId})`;
}

/**
 * Notemaps shaped for pages. A page is two statements whatever its size: the rows, with the creator
 * joined, the image laterally joined and every count a subselect, and the total.
 */
@injectable()
export class KyselyNotemapViews implements NotemapViews {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async get(viewer: Viewer, id: number): Promise<NotemapView | null> {
    const row = await this.select(viewer).where('m.id', '=', id).where(listedNotemaps({}, viewer)).executeTakeFirst();
    return row ? toNotemapView(row) : null;
  }

  async visible(viewer: Viewer, id: number): Promise<boolean> {
    const row = await this.db.selectFrom('notemaps as m').select('m.id').where('m.id', '=', id).where(listedNotemaps({}, viewer)).executeTakeFirst();
    return row !== undefined;
  }

  async list(viewer: Viewer, filter: NotemapFilter, page: PageRequest): Promise<Page<NotemapView>> {
    const where = listedNotemaps(filter, viewer);
    const [rows, count] = await Promise.all([
      this.select(viewer)
        .where(where)
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      this.db.selectFrom('notemaps as m').select((eb) => eb.fn.countAll<number>().as('total')).where(where).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toNotemapView), total: count.total };
  }

  private select(viewer: Viewer) {
    const held = heldNotes(viewer);
    return this.db
      .selectFrom('notemaps as m')
      .innerJoin('users as u', 'u.id', 'm.owner_id')
      .leftJoinLateral(
        (eb) => eb
          .selectFrom('notemap_notes as mn')
          .innerJoin('notes as n', 'n.id', 'mn.note_id')
          .select(['n.image_key', 'n.image_width', 'n.image_height'])
          .whereRef('mn.notemap_id', '=', 'm.id')
          .where('n.image_key', 'is not', null)
          .where(readableNote('n', viewer))
          .orderBy('mn.added_at', 'desc')
          .orderBy('mn.note_id', 'desc')
          .limit(1)
          .as('img'),
        (join) => join.onTrue(),
      )
      .select([
        'm.id', 'm.name', 'm.description', 'img.image_key', 'img.image_width', 'img.image_height',
        'u.id as owner_id', 'u.username', 'u.name as owner_name', 'u.description as owner_description', 'u.avatar_hash', 'u.has_avatar',
      ])
      .select([unixSeconds('m.created_at').as('created_at'), unixSeconds('m.last_note_added_at').$castTo<number | null>().as('last_note_added_at')])
      .select([
        sql<number>`(select count(*) from ${held})`.as('notes_count'),
        sql<number>`(select count(*) from ${held} and n.image_key is not null)`.as('notes_with_images_count'),
        sql<number>`(select count(*) from notemap_follows f where f.notemap_id = m.id)`.as('followers_count'),
        // The creator is an author even of an empty notemap; `union` keeps each author once.
        sql<number>`(select count(*) from (select m.owner_id union select n.author_id from ${held}) a)`.as('authors_count'),
        // The tags list is cut at NOTEMAP_TAGS_MAX, so its count is too.
        sql<number>`(select least(${NOTEMAP_TAGS_MAX}, count(distinct nt.tag_id))
          from notemap_notes mn join notes n on n.id = mn.note_id join note_tags nt on nt.note_id = n.id
          where mn.notemap_id = m.id and ${readableNote('n', viewer)})`.as('tags_count'),
        isFollowing(viewer.userId).as('is_following'),
      ]);
  }
}

type NotemapViewRow = Awaited<ReturnType<ReturnType<KyselyNotemapViews['select']>['executeTakeFirstOrThrow']>>;

function toNotemapView(row: NotemapViewRow): NotemapView {
  return {
    id: row.id,
    owner: toUserSummary({ ...row, id: row.owner_id, name: row.owner_name, description: row.owner_description }),
    name: row.name,
    description: row.description,
    createdAt: row.created_at,
    lastNoteAddedAt: row.last_note_added_at,
    image: row.image_key !== null && row.image_width !== null && row.image_height !== null
      ? { key: row.image_key, width: row.image_width, height: row.image_height }
      : null,
    counts: {
      authors: row.authors_count,
      followers: row.followers_count,
      notes: row.notes_count,
      notesWithImages: row.notes_with_images_count,
      tags: row.tags_count,
    },
    viewer: { isFollowing: row.is_following },
  };
}

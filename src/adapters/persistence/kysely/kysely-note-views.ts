import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { NoteFilter, NotePage, NoteView, NoteViews } from '../../../application/ports/note-views';
import type { PageRequest } from '../../../application/ports/paging';
import type { Viewer } from '../../../application/ports/viewer';
import { KYSELY } from './database';
import { LOCATION_COLUMNS, toLocation } from './location-row';
import type { LatLon } from '../../../domain/geo';
import { noteOrderOf, type NotePosition, type NoteQuery } from '../../../domain/note-query';
import { locationSeenBy } from '../../../domain/location-precision';
import { placeName } from '../../../domain/place';
import { listedNotes } from './note-conditions';
import { CREATED_AT_US, NOTEMAP_NEWEST, distanceFrom, orderOf, seekAfter, seekAfterInNotemap, seenPosition, textRank } from './note-conditions-query';
import { apartUsers, notApart, readableNote, seenNotemap } from './readable-note';
import type { Schema } from './schema';
import { unixSeconds } from './unix-seconds';
import { compiledAlone, compiledPerViewer, type CompiledPerViewer } from './compiled-queries';
import { toUserSummary } from './user-summary-row';

/** Whether the viewer has a row in a per-user relation of the note (favorite, find); false for nobody. */
function viewerHas(table: 'note_favorites' | 'note_finds', userId: number | null): RawBuilder<boolean> {
  if (userId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${sql.table(table)} x where x.note_id = n.id and x.user_id = ${userId})`;
}

/** The whole list's values beyond the viewer's: the page, and where a cursor's page starts (0 for none, unread). */
type WholeListParameters = { limit: number; offset: number; afterUs: number; afterId: number; lead0: number; lead1: number };
/** A whole notemap's values beyond the viewer's: the notemap, the page, and where a cursor's page starts (0 for none, unread). */
type NotemapParameters = { notemapId: number; limit: number; offset: number; afterUs: number; afterId: number };

/**
 * Notes shaped for pages. A page is two statements whatever its size: the rows, with author, place,
 * counts and the viewer's flags joined or subselected, and the total.
 */
@injectable()
export class KyselyNoteViews implements NoteViews {
  /**
   * The note read, compiled once per form of viewer: building and compiling it per request cost more than
   * PostgreSQL's own work on its prepared statement.
   */
  private readonly noteRead: CompiledPerViewer<{ id: number }, NoteViewRow>;
  /** The whole list's page and total, compiled once per order and start, each per form of viewer (see wholeList). */
  private readonly wholeListQueries = new Map<string, {
    rows: CompiledPerViewer<WholeListParameters, ListedRow>;
    total: CompiledPerViewer<WholeListParameters, { total: number }>;
  }>();
  /** A whole notemap's page and total, compiled once per start, each per form of viewer (see wholeNotemap). */
  private readonly notemapQueries = new Map<string, {
    rows: CompiledPerViewer<NotemapParameters, ListedRow>;
    total: CompiledPerViewer<NotemapParameters, { total: number }>;
  }>();

  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {
    this.noteRead = compiledPerViewer((p: { id: number }, viewer) =>
      selectNoteViews(db, viewer).where('n.id', '=', p.id).where(readableNote('n', viewer)));
  }

  async get(viewer: Viewer, id: number): Promise<NoteView | null> {
    const { rows } = await this.db.executeQuery(this.noteRead.bind({ id, userId: viewer.userId, readerId: viewer.readerId }));
    const row = rows[0];
    return row ? toNoteView(row, viewer.userId) : null;
  }

  async list(viewer: Viewer, filter: NoteFilter, page: PageRequest): Promise<NotePage> {
    if (isWholeList(filter)) return this.wholeList(viewer, filter.query, page);
    const notemapId = wholeNotemapOf(filter);
    if (notemapId !== undefined) return this.wholeNotemap(viewer, notemapId, filter.query, page);
    const where = listedNotes(viewer, filter);
    const [rows, count] = await Promise.all([
      this.db.executeQuery(compiledAlone(this.pageRows(viewer, where, filter.query, page))),
      this.db.executeQuery(compiledAlone(this.db.selectFrom('notes as n').select((eb) => eb.fn.countAll<number>().as('total')).where(where))),
    ]);
    return toNotePage(rows.rows, count.rows[0]?.total ?? 0, filter.query, viewer.userId);
  }

  /** One statement: the page's rows, without the count `list` runs beside them. */
  async listItems(viewer: Viewer, filter: NoteFilter, page: PageRequest): Promise<NoteView[]> {
    const { rows } = await this.db.executeQuery(compiledAlone(this.pageRows(viewer, listedNotes(viewer, filter), filter.query, page)));
    return rows.map((row) => toNoteView(row, viewer.userId));
  }

  /**
   * Every note the viewer may read (the first page of `GET /v2/notes`, and every page after it): its two statements
   * are compiled once per shape (viewer, order, how the page starts) and run with the request's values, as the
   * note read is.
   */
  private async wholeList(viewer: Viewer, query: NoteQuery | undefined, page: PageRequest): Promise<NotePage> {
    const after = query?.after;
    const order = noteOrderOf(query);
    const start = after ? `after:${after.order}:${after.lead.length}` : page.offset === 0 ? 'first' : 'offset';
    const shape = `${order}|${start}`;
    let compiled = this.wholeListQueries.get(shape);
    if (compiled === undefined) {
      // Each form is compiled at its first binding, from the shape alone (none of this request's values).
      const seekOrder = after?.order;
      const leadLength = after?.lead.length ?? 0;
      const firstOrSeek = page.offset === 0 || after !== undefined;
      compiled = {
        rows: compiledPerViewer((p: WholeListParameters, stand) => {
          const standQuery: NoteQuery = {
            order,
            // The whole list has no centre and no words: only the popular order seeks by its lead (seekAfter).
            ...(seekOrder ? { after: { order: seekOrder, lead: seekOrder === 'popular' ? [p.lead0, p.lead1] : Array<number>(leadLength).fill(0), createdAtUs: p.afterUs, id: p.afterId } } : {}),
          };
          // The page is the parameters' limit and offset, each read only where used (a cursor seeks, skipping none). The
          // first page is compiled with the offset a parameter too (it is 0), so the starts differ only in their form.
          return this.pageRows(stand, listedNotes(stand, {}), standQuery, p, firstOrSeek);
        }),
        total: compiledPerViewer((_p: WholeListParameters, stand) => this.wholeListTotal(stand)),
      };
      this.wholeListQueries.set(shape, compiled);
    }
    const values = {
      userId: viewer.userId, readerId: viewer.readerId, limit: page.limit, offset: page.offset,
      afterUs: after?.createdAtUs ?? 0, afterId: after?.id ?? 0, lead0: after?.lead[0] ?? 0, lead1: after?.lead[1] ?? 0,
    };
    const [rows, count] = await Promise.all([
      this.db.executeQuery(compiled.rows.bind(values)),
      this.db.executeQuery(compiled.total.bind(values)),
    ]);
    return toNotePage(rows.rows, count.rows[0]?.total ?? 0, query, viewer.userId);
  }

  /**
   * A page's rows. A page that skips nothing in an order the indexes keep (the first page, or one a cursor seeks to)
   * is read at once: PostgreSQL stops after `limit` rows and computes the author, counts and flags for those alone.
   * Any other page picks its ids first, from `notes` alone, and decorates those rows only (not every row an OFFSET
   * skips or a computed order sorts). A cursor seeks by the ORDER BY columns instead of skipping `offset` rows
   * (docs/api.md, Conventions).
   */
  private pageRows(viewer: Viewer, where: RawBuilder<SqlBool>, query: NoteQuery | undefined, page: PageRequest, firstOrSeek = page.offset === 0 || query?.after !== undefined) {
    const after = query?.after;
    const order = noteOrderOf(query);
    const seek = <DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> =>
      (after && query ? qb.where(seekAfter(query, after, viewer.userId)) : qb.offset(page.offset));
    const rowsQuery = selectNoteViews(this.db, viewer, query?.near?.center)
      .select([CREATED_AT_US.as('created_us'), (query?.text !== undefined && order === 'relevance' ? textRank(query.text) : sql<number | null>`null::float4`).as('rank')]);
    const computedOrder = (order === 'nearest' && query?.near !== undefined) || (order === 'relevance' && query?.text !== undefined);
    if (!computedOrder && firstOrSeek) return rowsQuery.where(where).$call(seek).orderBy(orderOf(query, viewer.userId)).limit(page.limit);
    return rowsQuery.where('n.id', 'in', this.db.selectFrom('notes as n').select('n.id').where(where).$call(seek).orderBy(orderOf(query, viewer.userId)).limit(page.limit))
      .orderBy(orderOf(query, viewer.userId));
  }

  /**
   * Every note of a notemap the viewer may read, newest first (decision `notemap-note-counts`): the page's ids come
   * from the notemap's rows alone, walked in that order by their own index (skipping an offset there), then its notes
   * by key; the total comes from the notemap's counter of public notes. Both statements are compiled once per start
   * and form of viewer, as the whole list's are. As ids first, PostgreSQL keeps one generic plan of the page; joined
   * to the rows, it planned each execution again (0.46 ms, more than the page's execution).
   */
  private async wholeNotemap(viewer: Viewer, notemapId: number, query: NoteQuery | undefined, page: PageRequest): Promise<NotePage> {
    const after = query?.after;
    const start = after ? 'after' : page.offset === 0 ? 'first' : 'offset';
    let compiled = this.notemapQueries.get(start);
    if (compiled === undefined) {
      compiled = {
        rows: compiledPerViewer((p: NotemapParameters, stand) => {
          const seek: NotePosition | undefined = start === 'after' ? { order: 'recent', lead: [], createdAtUs: p.afterUs, id: p.afterId } : undefined;
          // The rows a reader may see, told by the row itself when its note is public, else by the note.
          const shown = stand.readerId === null ? sql<SqlBool>`mn.note_public`
            : sql<SqlBool>`(mn.note_public or exists (select 1 from notes o where o.id = mn.note_id and ${readableNote('o', stand)}))`;
          // A signed-in reader's rows leave out the notes of the users a block stands between them and.
          const visible = stand.userId === null ? shown
            : sql<SqlBool>`${shown} and exists (select 1 from notes o where o.id = mn.note_id and ${notApart(sql.ref('o.author_id'), stand.userId)})
              and ${seenNotemap(sql`${p.notemapId}`, stand.userId)}`;
          const ids = this.db.selectFrom('notemap_notes as mn').select('mn.note_id')
            .where(sql<SqlBool>`mn.notemap_id = ${p.notemapId} and ${visible}${seek ? sql` and ${seekAfterInNotemap(seek)}` : sql``}`)
            .orderBy(NOTEMAP_NEWEST).limit(p.limit).$call((q) => (start === 'offset' ? q.offset(p.offset) : q));
          // The notes are read by key and checked again, whatever the rows say.
          return selectNoteViews(this.db, stand)
            .select([CREATED_AT_US.as('created_us'), sql<number | null>`null::float4`.as('rank')])
            .where(readableNote('n', stand))
            .where(sql<SqlBool>`n.id = any(array(${ids}))`)
            .orderBy(orderOf(undefined, null))
            .limit(p.limit);
        }),
        total: compiledPerViewer((p: NotemapParameters, stand) => this.notemapTotal(stand, p.notemapId)),
      };
      this.notemapQueries.set(start, compiled);
    }
    const values = {
      notemapId, userId: viewer.userId, readerId: viewer.readerId, limit: page.limit, offset: page.offset,
      afterUs: after?.createdAtUs ?? 0, afterId: after?.id ?? 0,
    };
    const [rows, count] = await Promise.all([
      this.db.executeQuery(compiled.rows.bind(values)),
      this.db.executeQuery(compiled.total.bind(values)),
    ]);
    return toNotePage(rows.rows, count.rows[0]?.total ?? 0, query, viewer.userId);
  }

  /**
   * How many of a notemap's notes the reader may read: its public ones from the counter the triggers keep (migration
   * 0020), plus for a reader the non-public ones they wrote or receive, found among the notemap's non-public rows
   * alone (a partial index); less, for a signed-in viewer, the public ones of the users a block stands between them
   * and (found from those users' notes). No row for a notemap that does not exist.
   */
  private notemapTotal({ readerId, userId }: Viewer, notemapId: number) {
    const apart = userId === null ? sql`` : sql` and o.author_id not in ${apartUsers(userId)}`;
    const hidden = readerId === null ? sql<number>`0` : sql<number>`(select count(*) from notemap_notes mn join notes o on o.id = mn.note_id
      where mn.notemap_id = c.notemap_id and not mn.note_public and (o.author_id = ${readerId} or (o.visibility = 'recipients'
        and exists (select 1 from note_recipients nr where nr.note_id = o.id and nr.user_id = ${readerId})))${apart})`;
    // Counted only when a block concerns the viewer (most are concerned by none: then only the blocks' index is read),
    // from those users' notes to the notemap's rows by key.
    const blocked = userId === null ? sql<number>`0` : sql<number>`(case when exists ${apartUsers(userId)} then (select count(*) from notes o
      where o.author_id in ${apartUsers(userId)}
        and exists (select 1 from notemap_notes mn where mn.notemap_id = c.notemap_id and mn.note_id = o.id and mn.note_public)) else 0 end)`;
    // Nothing of a notemap whose creator a block stands between the viewer and.
    const total = userId === null ? sql<number>`c.public_notes + ${hidden}`
      : sql<number>`case when ${seenNotemap(sql.ref('c.notemap_id'), userId)} then c.public_notes + ${hidden} - ${blocked} else 0 end`;
    return this.db.selectFrom('notemap_counters as c').select(total.as('total')).where('c.notemap_id', '=', notemapId);
  }

  /**
   * The total of every note the reader may read, without counting them: the public ones from the counters the
   * triggers keep (migrations 0005 and 0006), plus for a reader their own non-public notes and those addressed to them
   * (two index-backed counts), less for a signed-in viewer the public ones of the users a block stands between them
   * and. One statement, as the counting query it replaces.
   */
  private wholeListTotal({ readerId, userId }: Viewer) {
    const publicNotes = sql<number>`(select sum(c.value)::int8 from note_counters c where c.name = 'public_notes')`;
    const shown = readerId === null ? publicNotes : sql<number>`${publicNotes}
      + (select count(*) from notes o where o.author_id = ${readerId} and o.visibility <> 'public')
      + (select count(*) from note_recipients nr join notes r on r.id = nr.note_id
         where nr.user_id = ${readerId} and r.visibility = 'recipients' and r.author_id <> ${readerId}${userId === null ? sql`` : sql` and r.author_id not in ${apartUsers(userId)}`})`;
    const total = userId === null ? shown
      // Counted only when a block concerns the viewer: for most, the blocks' index is all this part reads.
      : sql<number>`${shown} - (case when exists ${apartUsers(userId)}
          then (select count(*) from notes o where o.visibility = 'public' and o.author_id in ${apartUsers(userId)}) else 0 end)`;
    return this.db.selectNoFrom(total.as('total'));
  }
}

/** A note's columns as NoteView reads them (the note's place joined by its primary key, in the same statement); with `near`, the distance from it too. */
export function selectNoteViews(db: Kysely<Schema>, viewer: Viewer, near?: LatLon) {
  return db
    .selectFrom('notes as n')
    .innerJoin('users as u', 'u.id', 'n.author_id')
    .leftJoin('places as pl', 'pl.id', 'n.place_id')
    .select([
      'n.id', 'n.title', 'n.message', 'n.visibility', 'n.public_views_count', 'n.comments_count',
      'n.favoriters_count', 'n.finders_count', 'n.notemaps_count', 'n.image_key', 'n.image_width', 'n.image_height',
      'u.id as author_id', 'u.username', 'u.name', 'u.description', 'u.avatar_hash', 'u.has_avatar',
      'pl.id as place_id', 'pl.city as place_city', 'pl.state as place_state', 'pl.country as place_country',
    ])
    .select(LOCATION_COLUMNS.map((column) => `n.${column}` as const))
    .select([unixSeconds('n.created_at').as('created_at'), unixSeconds('n.updated_at').as('updated_at')])
    .select((eb) => eb
      .selectFrom('note_tags as nt')
      .select(eb.fn.countAll<number>().as('count'))
      .whereRef('nt.note_id', '=', 'n.id')
      .as('tags_count'))
    .select([viewerHas('note_favorites', viewer.userId).as('is_favorited'), viewerHas('note_finds', viewer.userId).as('is_found')])
    .select(['n.location_precision', 'n.public_latitude', 'n.public_longitude'])
    .select((near ? distanceFrom(near, seenPosition(viewer.userId)) : sql<number | null>`null::float8`).as('distance'));
}

/** Whether the list is every note the viewer may read, which `wholeListTotal` counts from the counters. */
function isWholeList(filter: NoteFilter): boolean {
  const { query, withImage, ...lists } = filter;
  if (withImage === true || Object.values(lists).some((value) => value !== undefined)) return false;
  if (query === undefined) return true;
  const { order: _order, after: _after, ...criteria } = query;
  return Object.values(criteria).every((value) => value === undefined);
}

/** The notemap of a list of every note a notemap holds, in the default order (newest first); else undefined. */
function wholeNotemapOf(filter: NoteFilter): number | undefined {
  const { notemapId, query, withImage, ...lists } = filter;
  if (notemapId === undefined || withImage === true || Object.values(lists).some((value) => value !== undefined)) return undefined;
  if (noteOrderOf(query) !== 'recent' || (query?.after !== undefined && query.after.order !== 'recent')) return undefined;
  const { order: _order, after: _after, ...criteria } = query ?? {};
  return Object.values(criteria).every((value) => value === undefined) ? notemapId : undefined;
}

export type NoteViewRow = Awaited<ReturnType<ReturnType<typeof selectNoteViews>['executeTakeFirstOrThrow']>>;
type ListedRow = NoteViewRow & { created_us: number; rank: number | null };

/** The page of `rows` (the list's total and where its last item stands). */
function toNotePage(rows: readonly ListedRow[], total: number, query: NoteQuery | undefined, userId: number | null): NotePage {
  const lastRow = rows.at(-1);
  return { items: rows.map((row) => toNoteView(row, userId)), total, ...(lastRow ? { last: positionOf(lastRow, query) } : {}) };
}

/** Where a listed row stands in the list's order: the columns `orderOf` sorts by, as `seekAfter` reads them. */
function positionOf(
  row: Pick<NoteViewRow, 'id' | 'favoriters_count' | 'public_views_count' | 'distance'> & { created_us: number; rank: number | null },
  query: NoteQuery | undefined,
): NotePosition {
  const order = noteOrderOf(query);
  const lead = order === 'popular' ? [row.favoriters_count, row.public_views_count]
    : order === 'nearest' ? [row.distance ?? 0]
      : order === 'relevance' ? [row.rank ?? 0]
        : [];
  return { order, lead, createdAtUs: row.created_us, id: row.id };
}

/** The note as the viewer `userId` sees it: where it is exactly, and how precisely others see it, only for its author. */
export function toNoteView(row: NoteViewRow, userId: number | null): NoteView {
  const isAuthor = userId !== null && userId === row.author_id;
  const seen = locationSeenBy(toLocation(row), row.location_precision, { latitude: row.public_latitude, longitude: row.public_longitude }, isAuthor);
  return {
    id: row.id,
    author: toUserSummary({ ...row, id: row.author_id }),
    title: row.title,
    message: row.message,
    visibility: row.visibility,
    location: seen.location,
    hiddenAddressFields: seen.hidden,
    ...(isAuthor ? { locationPrecision: row.location_precision } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publicViewsCount: row.public_views_count,
    counts: {
      comments: row.comments_count,
      favoriters: row.favoriters_count,
      finders: row.finders_count,
      notemaps: row.notemaps_count,
      tags: row.tags_count ?? 0,
    },
    viewer: { isFavorited: row.is_favorited, isFound: row.is_found },
    image: row.image_key !== null && row.image_width !== null && row.image_height !== null
      ? { key: row.image_key, width: row.image_width, height: row.image_height }
      : null,
    place: row.place_id === null
      ? null
      : { id: row.place_id, name: placeName({ city: row.place_city, state: row.place_state, country: row.place_country }) },
    ...(row.distance === null ? {} : { distance: row.distance }),
  };
}

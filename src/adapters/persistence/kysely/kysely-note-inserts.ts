import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { NewNote, NoteInserts } from '../../../application/ports/note-inserts';
import type { NoteView } from '../../../application/ports/note-views';
import { scalarArrayLiteral as numbers, textArrayLiteral as texts } from './array-literals';
import { KYSELY } from './database';
import { toNoteView, type NoteViewRow } from './kysely-note-views';
import { tagsOf } from './kysely-note-repository';
import { noteContentColumns } from './note-columns';
import { hasPlace, placeKey } from './place-key';
import type { Schema } from './schema';
import { AGAIN, StatementBatches } from './statement-batches';

/** Notes in one statement at most. */
const MAX_BATCH = 32;
/**
 * Statements a note may be left out of because it could not see a place or tag that another transaction committed
 * while the statement waited for it (outside its snapshot); the next statement's snapshot sees it.
 */
const MAX_ATTEMPTS = 4;

/**
 * What the statement answers for each note it stored: what only the database knows (the note's id, its author's row
 * and its place's row). The rest of the note as read is what the statement wrote (`readAsStored`).
 */
interface InsertedRow {
  ord: number;
  id: number;
  username: string;
  name: string | null;
  description: string | null;
  avatar_hash: string;
  has_avatar: boolean;
  place_id: number | null;
  place_city: string | null;
  place_state: string | null;
  place_country: string | null;
}

/**
 * New notes over Kysely, written in batches (`StatementBatches`, like a group commit): notes posted while a statement
 * runs go together in the next. One statement (so one transaction, one round trip) writes each note with its place,
 * tags and recipients (created when new, as `KyselyNoteRepository.create` does) and answers each note's id, author and
 * place; with what it wrote, that is the note as `NoteViews.get` reads it for its author, so no read follows.
 * Statements run one at a time, so the statement's own time bounds how fast notes are written: it answers only what
 * the server does not know. Answering every column, as read, cost each statement of five notes about 12 % more
 * time in PostgreSQL and the server (docs/benchmarks.md).
 *
 * A note whose place or tag another transaction committed while this statement waited for it (two notes bringing
 * the same new name at once) is left out by the statement itself and written again.
 */
@injectable()
export class KyselyNoteInserts implements NoteInserts {
  private readonly batches: StatementBatches<NewNote, InsertedRow, NoteView>;
  private compiled: CompiledQuery<InsertedRow> | undefined;

  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {
    this.batches = new StatementBatches({
      write: async (notes) => {
        const byOrd = new Map((await this.statement(notes)).map((row) => [row.ord, row]));
        return notes.map((_, ord) => byOrd.get(ord) ?? AGAIN);
      },
      settle: (note, row) => toNoteView(readAsStored(note, row), note.authorId),
      maxBatch: MAX_BATCH,
      maxAttempts: MAX_ATTEMPTS,
      gaveUp: () => new Error(`the note was not stored after ${MAX_ATTEMPTS} attempts: its place or tags kept changing`),
    });
  }

  insert(note: NewNote): Promise<NoteView> {
    return this.batches.run(note);
  }

  /**
   * One statement for every note of the batch: the notes, places, tags, recipients and each note's tags as columns of
   * arrays (`unnest`), so its text, and thus its prepared statement, is the same whatever the batch holds. A note
   * whose place or tags this statement's snapshot cannot see is not inserted (and has no row in the answer).
   */
  private async statement(notes: readonly NewNote[]): Promise<InsertedRow[]> {
    // Each column's values in one array, filled in one pass over the notes.
    const ords: number[] = [], authorIds: number[] = [], createdAts: string[] = [], titles: (string | null)[] = [];
    const messages: string[] = [], visibilities: string[] = [], latitudes: number[] = [], longitudes: number[] = [];
    const streets: (string | null)[] = [], streetNumbers: (string | null)[] = [], streetAddresses: (string | null)[] = [];
    const neighborhoods: (string | null)[] = [], cities: (string | null)[] = [], states: (string | null)[] = [];
    const postalCodes: (string | null)[] = [], countries: (string | null)[] = [], isoCountryCodes: (string | null)[] = [];
    const zoomLevels: (number | null)[] = [], precisions: string[] = [], publicLatitudes: number[] = [];
    const publicLongitudes: number[] = [], placeKeys: (string | null)[] = [];
    const tagOrds: number[] = [], tagNames: string[] = [], tagExplicit: boolean[] = [], tagPositions: number[] = [];
    const recipientOrds: number[] = [], recipientIds: number[] = [];
    notes.forEach(({ authorId, content, recipientIds: recipients, now }, ord) => {
      const row = noteContentColumns(content);
      ords.push(ord);
      authorIds.push(authorId);
      createdAts.push(now.toISOString());
      titles.push(row.title);
      messages.push(row.message);
      visibilities.push(row.visibility);
      latitudes.push(row.latitude);
      longitudes.push(row.longitude);
      streets.push(row.street);
      streetNumbers.push(row.street_number);
      streetAddresses.push(row.street_address);
      neighborhoods.push(row.neighborhood);
      cities.push(row.city);
      states.push(row.state);
      postalCodes.push(row.postal_code);
      countries.push(row.country);
      isoCountryCodes.push(row.iso_country_code);
      zoomLevels.push(row.zoom_level);
      precisions.push(row.location_precision);
      publicLatitudes.push(row.public_latitude);
      publicLongitudes.push(row.public_longitude);
      placeKeys.push(hasPlace(content.location) ? placeKey(content.location) : null);
      const tags = tagsOf(content);
      tags.names.forEach((name, position) => {
        tagOrds.push(ord);
        tagNames.push(name);
        tagExplicit.push(tags.explicit.has(name));
        tagPositions.push(position);
      });
      for (const userId of new Set(recipients)) {
        recipientOrds.push(ord);
        recipientIds.push(userId);
      }
    });
    const parameters: readonly unknown[] = [
      numbers(ords), numbers(authorIds), texts(createdAts), texts(titles), texts(messages), texts(visibilities),
      numbers(latitudes), numbers(longitudes), texts(streets), texts(streetNumbers), texts(streetAddresses),
      texts(neighborhoods), texts(cities), texts(states), texts(postalCodes), texts(countries), texts(isoCountryCodes),
      numbers(zoomLevels), texts(precisions), numbers(publicLatitudes), numbers(publicLongitudes), texts(placeKeys),
      numbers(tagOrds), texts(tagNames), numbers(tagExplicit), numbers(tagPositions), numbers(recipientOrds), numbers(recipientIds),
    ];
    // Compiled once (Kysely's compiler and pipeline cost a write about 2 % of its CPU): the text never changes, only
    // the arrays bound to it, which must be its parameters in the same order.
    if (this.compiled === undefined) {
      const compiled = insertStatement(parameters).compile(this.db);
      if (compiled.parameters.length !== parameters.length || compiled.parameters.some((value, i) => value !== parameters[i])) {
        throw new Error('the note insert statement does not take its parameters in the order they are built');
      }
      this.compiled = compiled;
    }
    const { rows } = await this.db.executeQuery<InsertedRow>({ ...this.compiled, parameters });
    return rows;
  }
}

/**
 * The statement, with the arrays `KyselyNoteInserts.statement` builds as its parameters in this order: the notes' 22 columns,
 * the tags' 4 and the recipients' 2.
 */
function insertStatement(p: readonly unknown[]): RawBuilder<InsertedRow> {
  return sql<InsertedRow>`
      with input as (
        select * from unnest(
          ${p[0]}::int4[], ${p[1]}::int4[],
          ${p[2]}::timestamptz[], ${p[3]}::text[], ${p[4]}::text[],
          ${p[5]}::text[], ${p[6]}::float8[], ${p[7]}::float8[], ${p[8]}::text[],
          ${p[9]}::text[], ${p[10]}::text[], ${p[11]}::text[],
          ${p[12]}::text[], ${p[13]}::text[], ${p[14]}::text[], ${p[15]}::text[],
          ${p[16]}::text[], ${p[17]}::int4[], ${p[18]}::text[],
          ${p[19]}::float8[], ${p[20]}::float8[], ${p[21]}::text[]
        ) as i (ord, author_id, created_at, title, message, visibility, latitude, longitude, street, street_number,
          street_address, neighborhood, city, state, postal_code, country, iso_country_code, zoom_level, location_precision,
          public_latitude, public_longitude, place_key)),
      tag_input as (
        select * from unnest(${p[22]}::int4[], ${p[23]}::text[], ${p[24]}::bool[], ${p[25]}::int4[])
          as t (ord, name, explicit, position)),
      recipient_input as (
        select * from unnest(${p[26]}::int4[], ${p[27]}::int4[]) as r (ord, user_id)),
      -- A place's parts as the first note naming it writes them; DO NOTHING, so a concurrent writer is never blocked.
      place_input as (
        select distinct on (place_key) place_key as key, city, state, country from input
        where place_key is not null order by place_key, ord),
      created_place as (
        insert into places (city, state, country, key) select city, state, country, key from place_input
        on conflict (key) do nothing
        returning id, key, city, state, country),
      place as (
        select id, key, city, state, country from created_place
        union all
        select p.id, p.key, p.city, p.state, p.country from places p where p.key in (select key from place_input)),
      tag_name as (select distinct name from tag_input),
      created_tag as (
        insert into tags (name) select name from tag_name
        on conflict (name) do nothing
        returning id, name),
      tag as (
        select id, name from created_tag
        union all
        select t.id, t.name from tags t where t.name in (select name from tag_name)),
      -- The identity's sequence by its name, resolved once with the statement (pg_get_serial_sequence ran per note).
      ready as (
        select i.*, nextval('notes_id_seq')::int4 as id,
          (select p.id from place p where p.key = i.place_key) as place_id
        from input i
        where (i.place_key is null or exists (select 1 from place p where p.key = i.place_key))
          and not exists (select 1 from tag_input ti where ti.ord = i.ord and not exists (select 1 from tag t where t.name = ti.name))),
      note as (
        insert into notes (id, author_id, place_id, title, message, visibility, latitude, longitude, street, street_number,
          street_address, neighborhood, city, state, postal_code, country, iso_country_code, zoom_level, location_precision,
          public_latitude, public_longitude, created_at, updated_at)
        select id, author_id, place_id, title, message, visibility, latitude, longitude, street, street_number,
          street_address, neighborhood, city, state, postal_code, country, iso_country_code, zoom_level, location_precision,
          public_latitude, public_longitude, created_at, created_at
        from ready
        returning id, author_id, place_id),
      linked as (
        insert into note_tags (note_id, tag_id, explicit, position)
        select r.id, t.id, ti.explicit, ti.position from tag_input ti join ready r on r.ord = ti.ord join tag t on t.name = ti.name),
      addressed as (
        insert into note_recipients (note_id, user_id)
        select r.id, ri.user_id from recipient_input ri join ready r on r.ord = ri.ord)
      select r.ord, n.id, u.username, u.name, u.description, u.avatar_hash, u.has_avatar,
        p.id as place_id, p.city as place_city, p.state as place_state, p.country as place_country
      from ready r
      join note n on n.id = r.id
      join users u on u.id = n.author_id
      left join place p on p.id = n.place_id`;
}

/**
 * The note's row as `NoteViews` reads it, from what the statement wrote and what it answered: the columns as written
 * (PostgreSQL keeps texts and float8 values exactly, and `created_at` is `now`, whose seconds are read), every count
 * 0 and no image (the columns' defaults), one note tag per tag name (a note is stored with all of its tags or not at
 * all), neither favorited nor found. The contract suite reads every stored note back and compares.
 */
function readAsStored(note: NewNote, row: InsertedRow): NoteViewRow {
  const seconds = Math.floor(note.now.getTime() / 1000);
  return {
    ...noteContentColumns(note.content),
    id: row.id,
    author_id: note.authorId,
    username: row.username,
    name: row.name,
    description: row.description,
    avatar_hash: row.avatar_hash,
    has_avatar: row.has_avatar,
    place_id: row.place_id,
    place_city: row.place_city,
    place_state: row.place_state,
    place_country: row.place_country,
    created_at: seconds,
    updated_at: seconds,
    public_views_count: 0,
    comments_count: 0,
    favoriters_count: 0,
    finders_count: 0,
    notemaps_count: 0,
    image_key: null,
    image_width: null,
    image_height: null,
    tags_count: tagsOf(note.content).names.length,
    is_favorited: false,
    is_found: false,
    distance: null,
  };
}

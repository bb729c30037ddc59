import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { NewNote, NoteInserts } from '../../../application/ports/note-inserts';
import type { NoteView } from '../../../application/ports/note-views';
import { scalarArrayLiteral as numbers, textArrayLiteral as texts } from './array-literals';
import { KYSELY } from './database';
import { toNoteView, type NoteViewRow } from './kysely-note-views';
import { tagsOf } from './kysely-note-repository';
import { noteContentColumns, type ContentColumns } from './note-columns';
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
 * tags (created when new), recipients and image, and answers each note's id, author and place; with what it wrote,
 * that is the note as `NoteViews.get` reads it for its author, so no read follows. Statements run one at a time, so
 * the statement's own time bounds how fast notes are written: it answers only what the server does not know.
 * Answering every column, as read, cost each statement of five notes about 12 % more time in PostgreSQL and the
 * server (docs/benchmarks.md).
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
   * One statement for every note of the batch: the notes, their tags and their recipients as columns of arrays
   * (`unnest`), so its text, and thus its prepared statement, is the same whatever the batch holds. A note whose place
   * or tags this statement's snapshot cannot see is not inserted (and has no row in the answer).
   */
  private async statement(notes: readonly NewNote[]): Promise<InsertedRow[]> {
    // Compiled once (Kysely's compiler and pipeline cost a write about 2 % of its CPU): the text never changes, only
    // the arrays bound to it, which `INPUTS` builds in the order it wrote their placeholders.
    this.compiled ??= INSERT_STATEMENT.compile(this.db);
    const rows = inputRows(notes);
    const { rows: inserted } = await this.db.executeQuery<InsertedRow>({ ...this.compiled, parameters: INPUTS.flatMap((input) => input.bind(rows)) });
    return inserted;
  }
}

/** The values of an array parameter's elements, by the array's SQL type. */
interface ElementTypes {
  int4: number;
  float8: number;
  bool: boolean;
  text: string;
  timestamptz: string;
}

/** A column of an input table: its name, its SQL array type and how to take its value from one row of the input. */
type InputColumn<R> = { [T in keyof ElementTypes]: { name: string; type: T; value(row: R): ElementTypes[T] | null } }[keyof ElementTypes];

/** A note of the batch as its columns read it: `ord` is its position in the batch, which the answer names. */
interface NoteRow {
  ord: number;
  note: NewNote;
  content: ContentColumns;
  placeKey: string | null;
}

interface TagRow {
  ord: number;
  name: string;
  explicit: boolean;
  position: number;
}

interface RecipientRow {
  ord: number;
  userId: number;
}

interface InputRows {
  notes: NoteRow[];
  tags: TagRow[];
  recipients: RecipientRow[];
}

/** The rows of the three input tables, in one pass over the notes. */
function inputRows(notes: readonly NewNote[]): InputRows {
  const rows: InputRows = { notes: [], tags: [], recipients: [] };
  notes.forEach((note, ord) => {
    const { content } = note;
    rows.notes.push({ ord, note, content: noteContentColumns(content), placeKey: hasPlace(content.location) ? placeKey(content.location) : null });
    const tags = tagsOf(content);
    tags.names.forEach((name, position) => rows.tags.push({ ord, name, explicit: tags.explicit.has(name), position }));
    for (const userId of new Set(note.recipientIds)) rows.recipients.push({ ord, userId });
  });
  return rows;
}

const NOTE_COLUMNS: readonly InputColumn<NoteRow>[] = [
  { name: 'ord', type: 'int4', value: (row) => row.ord },
  { name: 'author_id', type: 'int4', value: (row) => row.note.authorId },
  { name: 'created_at', type: 'timestamptz', value: (row) => row.note.now.toISOString() },
  { name: 'title', type: 'text', value: (row) => row.content.title },
  { name: 'message', type: 'text', value: (row) => row.content.message },
  { name: 'visibility', type: 'text', value: (row) => row.content.visibility },
  { name: 'latitude', type: 'float8', value: (row) => row.content.latitude },
  { name: 'longitude', type: 'float8', value: (row) => row.content.longitude },
  { name: 'street', type: 'text', value: (row) => row.content.street },
  { name: 'street_number', type: 'text', value: (row) => row.content.street_number },
  { name: 'street_address', type: 'text', value: (row) => row.content.street_address },
  { name: 'neighborhood', type: 'text', value: (row) => row.content.neighborhood },
  { name: 'city', type: 'text', value: (row) => row.content.city },
  { name: 'state', type: 'text', value: (row) => row.content.state },
  { name: 'postal_code', type: 'text', value: (row) => row.content.postal_code },
  { name: 'country', type: 'text', value: (row) => row.content.country },
  { name: 'iso_country_code', type: 'text', value: (row) => row.content.iso_country_code },
  { name: 'zoom_level', type: 'int4', value: (row) => row.content.zoom_level },
  { name: 'location_precision', type: 'text', value: (row) => row.content.location_precision },
  { name: 'public_latitude', type: 'float8', value: (row) => row.content.public_latitude },
  { name: 'public_longitude', type: 'float8', value: (row) => row.content.public_longitude },
  { name: 'place_key', type: 'text', value: (row) => row.placeKey },
  { name: 'image_key', type: 'text', value: (row) => row.note.image?.key ?? null },
  { name: 'image_width', type: 'int4', value: (row) => row.note.image?.width ?? null },
  { name: 'image_height', type: 'int4', value: (row) => row.note.image?.height ?? null },
];

const TAG_COLUMNS: readonly InputColumn<TagRow>[] = [
  { name: 'ord', type: 'int4', value: (row) => row.ord },
  { name: 'name', type: 'text', value: (row) => row.name },
  { name: 'explicit', type: 'bool', value: (row) => row.explicit },
  { name: 'position', type: 'int4', value: (row) => row.position },
];

const RECIPIENT_COLUMNS: readonly InputColumn<RecipientRow>[] = [
  { name: 'ord', type: 'int4', value: (row) => row.ord },
  { name: 'user_id', type: 'int4', value: (row) => row.userId },
];

/** An input table of the statement: its CTE, one array parameter per column, and the arrays it binds to them. */
interface Input {
  cte: RawBuilder<unknown>;
  bind(rows: InputRows): string[];
}

/**
 * The CTE `name as (select * from unnest($1::type[], …) as name (column, …))` and its arrays, both from `columns`:
 * each column's placeholder, type and alias come from its definition, and its array is bound in the same place.
 */
function input<R>(name: string, columns: readonly InputColumn<R>[], rowsOf: (rows: InputRows) => readonly R[]): Input {
  // The placeholders' values only shape the text; every write binds its own arrays in their place.
  const arrays = sql.join(columns.map((column) => sql`${column.name}::${sql.raw(column.type)}[]`));
  const aliases = sql.join(columns.map((column) => sql.id(column.name)));
  return {
    cte: sql`${sql.id(name)} as (select * from unnest(${arrays}) as ${sql.id(name)} (${aliases}))`,
    bind: (rows) => {
      const from = rowsOf(rows);
      return columns.map((column) => arrayLiteral(column, from));
    },
  };
}

/** The PostgreSQL array literal of a column's values over `rows` (`array-literals.ts`). */
function arrayLiteral<R>(column: InputColumn<R>, rows: readonly R[]): string {
  switch (column.type) {
    case 'text':
    case 'timestamptz':
      return texts(rows.map(column.value));
    case 'int4':
    case 'float8':
      return numbers(rows.map(column.value));
    case 'bool':
      return numbers(rows.map(column.value));
  }
}

/**
 * The statement's input tables: the statement's parameters are their columns', in this order and no other (decision
 * `insert-parameters-by-column`).
 */
const INPUTS: readonly Input[] = [
  input('input', NOTE_COLUMNS, (rows) => rows.notes),
  input('tag_input', TAG_COLUMNS, (rows) => rows.tags),
  input('recipient_input', RECIPIENT_COLUMNS, (rows) => rows.recipients),
];

/** The statement: its only parameters are the arrays of `INPUTS`, all in its first CTEs. */
const INSERT_STATEMENT: RawBuilder<InsertedRow> = sql<InsertedRow>`
      with ${sql.join(INPUTS.map((table) => table.cte))},
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
          public_latitude, public_longitude, image_key, image_width, image_height, created_at, updated_at)
        select id, author_id, place_id, title, message, visibility, latitude, longitude, street, street_number,
          street_address, neighborhood, city, state, postal_code, country, iso_country_code, zoom_level, location_precision,
          public_latitude, public_longitude, image_key, image_width, image_height, created_at, created_at
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

/**
 * The note's row as `NoteViews` reads it, from what the statement wrote and what it answered: the columns as written
 * (PostgreSQL keeps texts and float8 values exactly, and `created_at` is `now`, whose seconds are read), every count
 * 0 (the columns' defaults), the image as written, one note tag per tag name (a note is stored with all of its tags
 * or not at all), neither favorited nor found. The contract suite reads every stored note back and compares.
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
    image_key: note.image?.key ?? null,
    image_width: note.image?.width ?? null,
    image_height: note.image?.height ?? null,
    tags_count: tagsOf(note.content).names.length,
    is_favorited: false,
    is_found: false,
    distance: null,
  };
}

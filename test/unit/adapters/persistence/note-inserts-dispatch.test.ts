import 'reflect-metadata';
import {
  Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult,
} from 'kysely';
import { KyselyNoteInserts } from '../../../../src/adapters/persistence/kysely/kysely-note-inserts';
import type { Schema } from '../../../../src/adapters/persistence/kysely/schema';
import type { NewNote } from '../../../../src/application/ports/note-inserts';
import { applyNoteFields } from '../../../../src/domain/note';

/** A statement the inserts sent, answered when the test says. */
interface Sent {
  /** Notes in it (its first parameter holds their positions, as an array literal: `{0,1,2}`). */
  notes: number;
  answer(rows: Record<string, unknown>[]): void;
}

/** A database that holds every statement until the test answers it, its connections lent as pg's pool lends them. */
function heldDatabase(): { db: Kysely<Schema>; sent: Sent[] } {
  const sent: Sent[] = [];
  const connection: DatabaseConnection = {
    executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      return new Promise((resolve) => {
        sent.push({ notes: (query.parameters[0] as string).slice(1, -1).split(',').filter((ord) => ord !== '').length, answer: (rows) => resolve({ rows: rows as R[] }) });
      });
    },
    // eslint-disable-next-line require-yield
    async *streamQuery() {
      throw new Error('not used');
    },
  };
  const driver: Driver = {
    init: async () => {},
    // As pg's pool hands out an idle connection: in process.nextTick, which runs once no microtask is pending.
    acquireConnection: () => new Promise((resolve) => process.nextTick(() => resolve(connection))),
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const db = new Kysely<Schema>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, sent };
}

const note = (i: number): NewNote => ({
  authorId: 1, content: applyNoteFields(null, { message: `note ${i}`, latitude: 1, longitude: 2 }), recipientIds: [], now: new Date(0),
});

/** The row the statement returns for the note at `ord` of its batch, stored as `id`. */
const row = (ord: number, id: number): Record<string, unknown> => ({
  ord, id, title: null, message: `note ${id}`, visibility: 'public', public_views_count: 0, comments_count: 0,
  favoriters_count: 0, finders_count: 0, notemaps_count: 0, image_key: null, image_width: null, image_height: null,
  author_id: 1, username: 'ana', name: null, description: null, avatar_hash: 'a'.repeat(32), has_avatar: false,
  place_id: null, place_city: null, place_state: null, place_country: null, latitude: 1, longitude: 2, street: null,
  street_number: null, street_address: null, neighborhood: null, city: null, state: null, postal_code: null,
  country: null, iso_country_code: null, zoom_level: null, created_at: 0, updated_at: 0, tags_count: 0,
  is_favorited: false, is_found: false, location_precision: 'exact', public_latitude: 1, public_longitude: 2, distance: null,
});

/** Lets every pending promise and tick run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('KyselyNoteInserts: one statement at a time', () => {
  it('sends the statement of the notes that waited before it answers the notes of the last one', async () => {
    const { db, sent } = heldDatabase();
    const inserts = new KyselyNoteInserts(db);
    const first = inserts.insert(note(0));
    await settle();
    expect(sent.map((s) => s.notes)).toEqual([1]);
    // Posted while the first statement runs: they wait, and go together in the next.
    const others = [inserts.insert(note(1)), inserts.insert(note(2))];
    await settle();
    expect(sent).toHaveLength(1);

    sent[0]?.answer([row(0, 10)]);
    await expect(first).resolves.toMatchObject({ id: 10 });
    // By the time the first post is answered, the next statement is in the database already.
    expect(sent.map((s) => s.notes)).toEqual([1, 2]);

    sent[1]?.answer([row(0, 11), row(1, 12)]);
    await expect(Promise.all(others)).resolves.toEqual([expect.objectContaining({ id: 11 }), expect.objectContaining({ id: 12 })]);
    await db.destroy();
  });

  it('writes a note its statement left out again, in the next statement', async () => {
    const { db, sent } = heldDatabase();
    const inserts = new KyselyNoteInserts(db);
    const posts = [inserts.insert(note(0))];
    await settle();
    posts.push(inserts.insert(note(1)), inserts.insert(note(2)));
    sent[0]?.answer([row(0, 20)]);
    await settle();
    // The second statement, of two notes, writes only the first of them (the other's tag came meanwhile).
    sent[1]?.answer([row(0, 21)]);
    await settle();
    await settle();
    expect(sent.map((s) => s.notes)).toEqual([1, 2, 1]);
    sent[2]?.answer([row(0, 22)]);
    await expect(Promise.all(posts)).resolves.toEqual([20, 21, 22].map((id) => expect.objectContaining({ id })));
    await db.destroy();
  });
});

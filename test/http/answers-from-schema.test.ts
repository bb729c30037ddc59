import { createTestApp, type TestApp } from '../support/test-app';
import { ListedNote } from '../../src/adapters/http/notes/note-list.schemas';
import { Note } from '../../src/adapters/http/notes/note.schemas';

// Every answer is written by the serialiser generated from its route's schema (fast-json-stringify, through Fastify's
// compiler): a presenter may build its fields in any order, and a field the schema does not name is not written.
// Here the note presenter builds every note backwards, with a field of its own; the answers must not change.
jest.mock('../../src/adapters/http/notes/note.presenter', () => {
  const real = jest.requireActual<typeof import('../../src/adapters/http/notes/note.presenter')>('../../src/adapters/http/notes/note.presenter');
  return {
    ...real,
    presentNote: (...args: Parameters<typeof real.presentNote>) => {
      const note = real.presentNote(...args) as unknown as Record<string, unknown>;
      return { notInTheSchema: 'x', ...Object.fromEntries(Object.entries(note).reverse()) };
    },
  };
});

/** The fields of `schema` as its serialiser writes them: required ones in the schema's order, then optional ones. */
function schemaOrder(schema: { properties: object; required?: string[] }, present: Record<string, unknown>): string[] {
  const keys = Object.keys(schema.properties).filter((key) => key in present);
  const required = new Set(schema.required ?? []);
  return [...keys.filter((key) => required.has(key)), ...keys.filter((key) => !required.has(key))];
}

describe('answers written from their schema', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ storage: 'memory' }); });
  afterAll(() => t.close());

  it('writes a posted note, a read note and a page of notes in the schema\'s order, whatever the presenter\'s', async () => {
    const user = await t.createUser('from-schema');
    const token = await t.token(user, 'notes');
    const posted = await t.request({
      method: 'POST', url: '/v2/notes', token,
      payload: { message: 'written from the schema', latitude: 38.7, longitude: -9.1, locationPrecision: 'street' },
    });
    expect(posted.statusCode).toBe(201);
    const data = (posted.json() as { data: Record<string, unknown> }).data;
    expect(Object.keys(data)).toEqual(schemaOrder(Note, data));
    // The author's own view ends with the one optional field.
    expect(Object.keys(data).at(-1)).toBe('locationPrecision');
    expect(data).not.toHaveProperty('notInTheSchema');

    const read = await t.request({ method: 'GET', url: `/v2/notes/${String(data.id)}`, token });
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe(posted.body.replace('"http_status":201', '"http_status":200'));

    const page = await t.request({ method: 'GET', url: '/v2/notes?near=38.7,-9.1&radius=1000', token });
    expect(page.statusCode).toBe(200);
    const listed = (page.json() as { data: Record<string, unknown>[] }).data[0] ?? {};
    expect(Object.keys(listed)).toEqual(schemaOrder(ListedNote, listed));
    expect(Object.keys(listed).slice(-2)).toEqual(['locationPrecision', 'distance']);
    expect(listed).not.toHaveProperty('notInTheSchema');
  });
});

import fastJson from 'fast-json-stringify';
import { Type, type TSchema } from 'typebox';
import { nullableBranches } from '../../../../src/adapters/http/body-validation';
import { Note } from '../../../../src/adapters/http/notes/note.schemas';

/** A JSON copy of a schema: what Fastify hands the serialiser compiler (TypeBox's markers are not enumerable). */
const plain = (schema: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

/** fast-json-stringify's generated source: whether it asks Ajv to pick a branch. */
const usesAjv = (schema: unknown): boolean =>
  String(fastJson(schema as never, { mode: 'standalone' })).includes('getSchemaValidator');

const association = (path: string) => ({ meta: { count: 2, nextUrl: `/v2/notes/3/${path}` } });
/** A note as the presenter writes it (a real answer's shape), each nullable field null or set. */
function note(filled: boolean): Record<string, unknown> {
  return {
    author: { avatar: { hasAvatar: false, hash: 'h', urlRoot: 'http://localhost/avatars/h' }, id: 1, link: 'http://localhost/users/ana', name: filled ? 'Ana' : null, username: 'ana' },
    comments: association('comments'), createdAt: 1795794517,
    currentUserData: { canComment: false, canFavorite: false, isFavorited: false, isFound: false },
    depiction: null, displayAddress: filled ? 'Rua A 4, Lisbon' : '', favoriters: association('favoriters'), finders: association('finders'), id: 3,
    image: filled ? { originalHeight: 10, originalWidth: 20, urlRoot: 'http://localhost/images/3' } : null,
    implicit_title: 'Café… by the tram', link: 'http://localhost/notes/3',
    location: {
      city: 'Lisbon', country: 'Portugal', isoCountryCode: 'PT', latitude: 38.72, longitude: -9.14,
      neighborhood: filled ? 'Alfama' : null, postalCode: null, state: '', street: filled ? 'Rua A' : null,
      streetAddress: filled ? 'Rua A 4' : '', streetNumber: filled ? '4' : null, zoomLevel: 15,
    },
    message: 'Café… by the tram "quoted"', notemaps: association('notemaps'),
    place: filled ? { id: 7, name: 'Lisbon, Portugal', link: 'http://localhost/places/7' } : null,
    publicViewsCount: 5, tags: association('tags'), title: 'Café… by the tram', updatedAt: 1795794517, visibility: 'public',
  };
}

describe('nullableBranches (the answer schemas as the serialiser compiles them)', () => {
  it('writes [X, null] as X with nullable, in either order, and leaves the schema it was given alone', () => {
    const schema = plain(Type.Object({ a: Type.Union([Type.String(), Type.Null()]), b: Type.Union([Type.Null(), Type.Integer()], { description: 'b' }) }));
    const before = JSON.stringify(schema);
    expect(nullableBranches(schema)).toEqual({
      type: 'object', required: ['a', 'b'],
      properties: { a: { type: 'string', nullable: true }, b: { type: 'integer', nullable: true, description: 'b' } },
    });
    expect(JSON.stringify(schema)).toBe(before);
  });

  it('reaches unions inside objects, arrays and nullable objects', () => {
    const inner = Type.Object({ s: Type.Union([Type.String(), Type.Null()]) });
    const schema = plain(Type.Object({ list: Type.Array(Type.Union([inner, Type.Null()])) }));
    expect(nullableBranches(schema)).toEqual({
      type: 'object', required: ['list'],
      properties: { list: { type: 'array', items: { type: 'object', required: ['s'], nullable: true, properties: { s: { type: 'string', nullable: true } } } } },
    });
  });

  it('keeps unions that are not one type or null', () => {
    const twoTypes = plain(Type.Union([Type.Integer(), Type.String()]));
    const threeBranches = plain(Type.Union([Type.Integer(), Type.String(), Type.Null()]));
    const literal = plain(Type.Union([Type.Literal('a'), Type.Null()]));
    const nested = plain(Type.Union([Type.Union([Type.Integer(), Type.String()]), Type.Null()]));
    for (const schema of [twoTypes, threeBranches, literal, nested]) expect(nullableBranches(schema)).toEqual(schema);
  });

  it('gives a note the same JSON as the schema as written, nulls and values alike, without Ajv', () => {
    const page = plain(Type.Object({ data: Type.Array(Note), meta: Type.Object({ count: Type.Integer(), nextUrl: Type.Union([Type.String(), Type.Null()]) }) }));
    const asWritten = fastJson(page as never);
    const rewritten = fastJson(nullableBranches(page) as never);
    for (const value of [
      { data: [note(false), note(true)], meta: { count: 2, nextUrl: null } },
      { data: [note(true)], meta: { count: 1, nextUrl: '/v2/notes?offset=20' } },
    ]) {
      expect(rewritten(value)).toBe(asWritten(value));
      expect(JSON.parse(rewritten(value))).toEqual(value);
    }
    expect(usesAjv(page)).toBe(true);
    expect(usesAjv(nullableBranches(page))).toBe(false);
  });
});

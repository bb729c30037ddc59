import { createHash } from 'node:crypto';
import { entityTag } from '../../../../src/adapters/http/etag';

/** The tag as docs/api.md (Caching) defines it: SHA-256 of the body with every view count read as 0. */
function documentedTag(body: string): string {
  const normalized = body.replace(/"publicViewsCount":\d+/gu, '"publicViewsCount":0');
  return `"${createHash('sha256').update(normalized, 'utf8').digest('base64url').slice(0, 32)}"`;
}

describe('entityTag', () => {
  const note = (id: number, views: number, title: string) =>
    `{"id":${id},"title":${JSON.stringify(title)},"publicViewsCount":${views},"commentsCount":3}`;
  const bodies: Array<[string, string]> = [
    ['a body without view counts', '{"data":[],"meta":{"count":0}}'],
    ['one note', `{"data":${note(1, 17, 'Café by the tram')}}`],
    ['a page of notes, non-ASCII titles', `{"data":[${[1, 2, 3].map((i) => note(i, i * 1000, `Note ${i} — naïve… 東京`)).join(',')}],"meta":{"count":3}}`],
    ['a count at the very end', '{"publicViewsCount":42'],
    ['the key without digits after it', '{"publicViewsCount":null,"x":"y"}'],
    ['keys back to back', '{"publicViewsCount":1,"publicViewsCount":22,"publicViewsCount":333}'],
    // Near misses: parts of the key everywhere, a key that starts too late to end in the text.
    ['a V first', 'V{"publicViewsCount":5}'],
    ['a key cut short at the end', '{"x":"V","publicViewsCount"'],
    ['many Vs before and between the keys', `{"a":"${'V'.repeat(70)}","publicViewsCount":8,"b":"${'ViewsV'.repeat(100)}","publicViewsCount":90}`],
    ['a page whose titles are full of Vs', `{"data":[${[1, 2, 3].map((i) => note(i, i * 11, 'VVV publicViewsCount VVV'.repeat(30))).join(',')}]}`],
  ];

  it.each(bodies)('hashes %s as the documented definition does, from a string and from its bytes', (_name, body) => {
    expect(entityTag(body)).toBe(documentedTag(body));
    expect(entityTag(Buffer.from(body, 'utf8'))).toBe(documentedTag(body));
  });

  it('hashes a short body alike after a longer one, whatever the longer one left behind it', () => {
    const long = `{"data":[${Array.from({ length: 3000 }, (_, i) => note(i, i, `Note ${i}…`)).join(',')}]}`;
    expect(long.length * 3).toBeGreaterThan(1 << 18);
    expect(entityTag(long)).toBe(documentedTag(long));
    const medium = `{"data":[${Array.from({ length: 500 }, (_, i) => note(i, i * 7, `Note ${i}`)).join(',')}]}`;
    expect(entityTag(medium)).toBe(documentedTag(medium));
    for (const body of ['{"data":[]}', '{"x":"ends with the key","publicViewsCount":9', `{"data":${note(1, 123456, 'é')}}`]) {
      expect(entityTag(body)).toBe(documentedTag(body));
    }
  });

  it('does not change when only a view count moves, and changes when anything else does', () => {
    expect(entityTag(note(1, 5, 'x'))).toBe(entityTag(note(1, 5_000_000, 'x')));
    expect(entityTag(note(1, 5, 'x'))).not.toBe(entityTag(note(1, 5, 'y')));
    expect(entityTag(note(1, 5, 'x'))).not.toBe(entityTag(note(2, 5, 'x')));
  });
});

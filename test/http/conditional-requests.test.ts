import { createHash } from 'node:crypto';
import { ALL_STORAGES, createTestApp, type TestApp } from '../support/test-app';

const STRONG_TAG = /^"[A-Za-z0-9_-]{32}"$/u;

/** The tag as docs/api.md (Caching) defines it: SHA-256 of the body with every view count read as 0. */
const documentedTag = (body: string) =>
  `"${createHash('sha256').update(body.replace(/"publicViewsCount":\d+/gu, '"publicViewsCount":0')).digest('base64url').slice(0, 32)}"`;

// Caching and conditional requests (docs/api.md, Caching): ETag, 304, Location, Link.
describe.each(ALL_STORAGES)('conditional requests over %s storage', (storage) => {
  let t: TestApp;
  let token: string;
  let noteId: number;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    const user = await t.createUser('etagger');
    token = await t.token(user, 'notes write');
    for (let i = 0; i < 3; i++) {
      const res = await t.request({ method: 'POST', url: '/v2/notes', token, payload: { message: `note ${i}`, latitude: 1, longitude: i } });
      noteId = res.json().data.id;
    }
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}, withToken = false) =>
    t.request({ method: 'GET', url, headers, ...(withToken ? { token } : {}) });

  describe('ETag and If-None-Match', () => {
    it.each(['/v2/notes', `/v2/notes/{id}`, '/v2/notes/{id}/comments', '/v2/users/by_username/etagger', '/v2/notemaps', '/v2/openapi.json'])(
      'tags %s strongly, the same while nothing changes', async (template) => {
        const url = template.replace('{id}', String(noteId));
        const a = await get(url);
        const b = await get(url);
        expect(a.statusCode).toBe(200);
        expect(a.headers.etag).toMatch(STRONG_TAG);
        expect(b.headers.etag).toBe(a.headers.etag);
      });

    it('answers 304 with no body to a matching If-None-Match, keeping the other headers', async () => {
      const first = await get(`/v2/notes/${noteId}`);
      const again = await get(`/v2/notes/${noteId}`, { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['content-type']).toBeUndefined();
      expect(again.headers['cache-control']).toBe('public, no-cache');
      expect(again.headers.vary).toBe('Authorization, Accept, Accept-Encoding');
      expect(again.headers['x-rate-limit-remaining']).toBeDefined();
    });

    it('matches any tag of a list, a weak form of it, and *; answers 200 to any other', async () => {
      const etag = String((await get(`/v2/notes/${noteId}`)).headers.etag);
      for (const header of [`"nope", ${etag}`, `W/${etag}`, '*']) {
        expect((await get(`/v2/notes/${noteId}`, { 'if-none-match': header })).statusCode).toBe(304);
      }
      const other = await get(`/v2/notes/${noteId}`, { 'if-none-match': '"something-else"' });
      expect(other.statusCode).toBe(200);
      expect(other.json().data.id).toBe(noteId);
    });

    it('leaves view counts out of the tag, and changes it when the note changes', async () => {
      const before = await get(`/v2/notes/${noteId}`);
      // Views by others are counted (and flushed) between the two reads.
      await get(`/v2/notes/${noteId}`);
      await t.flushViews();
      const after = await get(`/v2/notes/${noteId}`);
      expect(after.json().data.publicViewsCount).toBeGreaterThan(before.json().data.publicViewsCount);
      expect(after.headers.etag).toBe(before.headers.etag);
      await t.request({ method: 'PUT', url: `/v2/notes/${noteId}`, token, payload: { message: 'edited' } });
      const edited = await get(`/v2/notes/${noteId}`, { 'if-none-match': String(before.headers.etag) });
      expect(edited.statusCode).toBe(200);
      expect(edited.headers.etag).not.toBe(before.headers.etag);
    });

    it('tags a long page of non-Latin-1 text (sent as the bytes it was hashed over) as it tags a short one', async () => {
      // Long enough (over 4,096 characters) to be encoded once and sent as bytes; `…` and `東京` make it two-byte text.
      for (let i = 0; i < 4; i++) {
        const message = `Long note ${i} 東京 ${'… walk past the market and the tram stop '.repeat(30)}`;
        await t.request({ method: 'POST', url: '/v2/notes', token, payload: { message, latitude: 2, longitude: i } });
      }
      const page = await get('/v2/notes');
      expect(page.body.length).toBeGreaterThan(4_096);
      expect(Number(page.headers['content-length'])).toBe(Buffer.byteLength(page.body));
      expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(page.headers.etag).toBe(documentedTag(page.body));
      expect((await get('/v2/notes', { 'if-none-match': documentedTag(page.body) })).statusCode).toBe(304);
      const short = await get(`/v2/notes/${noteId}`);
      expect(short.body.length).toBeLessThan(4_096);
      expect(short.headers.etag).toBe(documentedTag(short.body));
    });

    it('tags a short note with text outside ASCII as the documented definition does, with its UTF-8 length; 304 on a match', async () => {
      // A title past 60 characters is cut with `…`; with `東京` as well, the body is two-byte text in V8.
      const message = `Café near the station in 東京, worth a detour for the view over the river at dusk\nsecond line`;
      const created = await t.request({ method: 'POST', url: '/v2/notes', token, payload: { message, latitude: 3, longitude: 3 } });
      const id = created.json().data.id as number;
      const note = await get(`/v2/notes/${id}`);
      expect(note.statusCode).toBe(200);
      expect(note.body.length).toBeLessThan(4_096);
      expect(note.json().data.message).toBe(message);
      expect(note.json().data.title).toMatch(/…$/u);
      expect(Number(note.headers['content-length'])).toBe(Buffer.byteLength(note.body));
      expect(note.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(note.headers.etag).toBe(documentedTag(note.body));
      expect((await get(`/v2/notes/${id}`, { 'if-none-match': documentedTag(note.body) })).statusCode).toBe(304);
      // The ASCII note next to it is tagged the same way.
      const ascii = await get(`/v2/notes/${noteId}`);
      expect(ascii.headers.etag).toBe(documentedTag(ascii.body));
    });

    it('tags what a caller sees: a member\'s view of a note differs from an anonymous one', async () => {
      const anonymous = await get(`/v2/notes/${noteId}`);
      const member = await get(`/v2/notes/${noteId}`, {}, true);
      expect(member.headers.etag).not.toBe(anonymous.headers.etag);
      expect((await get(`/v2/notes/${noteId}`, { 'if-none-match': String(member.headers.etag) }, true)).statusCode).toBe(304);
      expect(member.headers['cache-control']).toBe('private, no-cache');
    });

    it('tags no error, and no write', async () => {
      const missing = await get('/v2/notes/99999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers.etag).toBeUndefined();
      const created = await t.request({ method: 'POST', url: '/v2/notes', token, payload: { message: 'x', latitude: 1, longitude: 1 } });
      expect(created.headers.etag).toBeUndefined();
    });
  });

  describe('Location and Link', () => {
    it('gives every creation the /v2 URL of what it made', async () => {
      const note = await t.request({ method: 'POST', url: '/v2/notes', token, payload: { message: 'located', latitude: 1, longitude: 1 } });
      expect(note.statusCode).toBe(201);
      expect(note.headers.location).toBe(`/v2/notes/${note.json().data.id}`);
      expect((await get(String(note.headers.location))).json().data.message).toBe('located');

      const map = await t.request({ method: 'POST', url: '/v2/notemaps', token, payload: { name: 'Located maps' } });
      expect(map.headers.location).toBe(`/v2/notemaps/${map.json().data.id}`);
      expect((await get(String(map.headers.location))).statusCode).toBe(200);

      const comment = await t.request({ method: 'POST', url: `/v2/notes/${noteId}/comments`, token, payload: { comment: 'here' } });
      expect(comment.statusCode).toBe(201);
      expect(comment.headers.location).toBe(`/v2/notes/${noteId}/comments/${comment.json().data.id}`);
      expect((await get(String(comment.headers.location))).json().data.comment).toBe('here');
    });

    it('links a list to its next page, and the last page to none', async () => {
      const first = await get('/v2/notes?limit=2');
      const next = first.json().meta.nextUrl as string;
      expect(next).toMatch(/^\/v2\/notes\?/u);
      expect(first.headers.link).toBe(`<${next}>; rel="next"`);
      let url: string | null = next;
      let last = first;
      while (url !== null) {
        last = await get(url);
        url = last.json().meta.nextUrl;
      }
      expect(last.headers.link).toBeUndefined();
    });
  });
});

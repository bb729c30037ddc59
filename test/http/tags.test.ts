import { createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { TEST_PUBLIC_URL } from '../support/test-config';

describe('tags', () => {
  let t: TestApp;
  let fay: TestUser;
  let fayNotes: string;
  let noteId: number;

  beforeAll(async () => {
    t = await createTestApp();
    fay = await t.createUser('fay');
    fayNotes = await t.token(fay, 'notes');
    const post = (payload: object) => t.request({ method: 'POST', url: '/v2/notes', token: fayNotes, payload: { latitude: 1, longitude: 2, ...payload } });
    noteId = (await post({ message: 'Sunset #Beach #sunset', tags: 'surf, Beach' })).json().data.id;
    await post({ message: 'More #beach' });
    await post({ message: 'Secret #beach', visibility: 'self' });
  });
  afterAll(() => t.close());

  it('GET /v2/notes/:id/tags lists the Tag objects of a note', async () => {
    const res = await t.request({ method: 'GET', url: `/v2/notes/${noteId}/tags` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ http_status: 200, count: 3, nextUrl: null });
    expect(body.data.map((tag: { name: string }) => tag.name)).toEqual(['beach', 'sunset', 'surf']);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      link: `${TEST_PUBLIC_URL}/tags/beach`,
      name: 'beach',
      notes: { meta: { count: 2, nextUrl: '/v2/tags/beach/notes' } },
    });
    const own = (await t.request({ method: 'GET', url: `/v2/notes/${noteId}/tags`, token: fayNotes })).json();
    expect(own.data[0].notes.meta.count).toBe(3);
  });

  it('keeps tag ids stable across notes', async () => {
    const again = (await t.request({ method: 'POST', url: '/v2/notes', token: fayNotes, payload: { message: '#surf', latitude: 0, longitude: 0 } })).json().data;
    const first = (await t.request({ method: 'GET', url: `/v2/notes/${noteId}/tags` })).json().data;
    const second = (await t.request({ method: 'GET', url: `/v2/notes/${again.id}/tags` })).json().data;
    expect(second[0].id).toBe(first.find((tag: { name: string }) => tag.name === 'surf').id);
  });

  it('GET /v2/tags/:tag_name/notes lists the readable notes with the tag, whatever its case or #', async () => {
    const res = await t.request({ method: 'GET', url: '/v2/tags/BEACH/notes' });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.count).toBe(2);
    const hash = await t.request({ method: 'GET', url: `/v2/tags/${encodeURIComponent('#beach')}/notes?limit=1`, token: fayNotes });
    expect(hash.json().meta.count).toBe(3);
    expect(hash.json().data).toHaveLength(1);
    expect(hash.json().meta.nextUrl).toMatch(/^\/v2\/tags\/.+\/notes\?/);
  });

  it('answers 404 for a tag carried only by notes the caller may not read, exactly as for an unknown tag', async () => {
    await t.request({ method: 'POST', url: '/v2/notes', token: fayNotes, payload: { message: 'Door code #hiddenplace', latitude: 1, longitude: 2, visibility: 'self' } });
    const anonymous = await t.request({ method: 'GET', url: '/v2/tags/hiddenplace/notes' });
    const unknown = await t.request({ method: 'GET', url: '/v2/tags/neverusedeither/notes' });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json().meta.error.type).toBe(unknown.json().meta.error.type);
    expect(anonymous.json().meta.error.message.replace('hiddenplace', 'X')).toBe(unknown.json().meta.error.message.replace('neverusedeither', 'X'));
    const author = await t.token(fay, 'readall');
    const own = await t.request({ method: 'GET', url: '/v2/tags/hiddenplace/notes', token: author });
    expect(own.statusCode).toBe(200);
    expect(own.json().meta.count).toBe(1);
  });

  it('answers 404 for an unknown tag, a note that cannot be seen, and a garbage note id', async () => {
    expect((await t.request({ method: 'GET', url: '/v2/tags/neverused/notes' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/v2/tags/not%20a%20tag/notes' })).statusCode).toBe(404);
    const secret = (await t.request({ method: 'GET', url: '/v2/tags/beach/notes', token: fayNotes })).json().data
      .find((n: { visibility: string }) => n.visibility === 'self');
    expect((await t.request({ method: 'GET', url: `/v2/notes/${secret.id}/tags` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/v2/notes/x/tags' })).statusCode).toBe(404);
  });
});

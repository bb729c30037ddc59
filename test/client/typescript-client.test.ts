import { createPlaceNotesClient, nextPage } from '../../clients/typescript/src';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

// The typed client of clients/typescript drives a listening server (docs/api.md: Caching, Safe retries, paging).
describe('the typed TypeScript client against a listening server', () => {
  let t: TestApp;
  let baseUrl: string;
  let author: TestUser;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    author = await t.createUser('clientauthor');
    token = await t.token(author, 'notes delete');
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const client = () => createPlaceNotesClient({ baseUrl, token });
  const post = (key: string, message: string) => client().POST('/v2/notes', {
    params: { header: { 'idempotency-key': key } },
    body: { message, latitude: 52.5, longitude: 13.4, tags: ['client'] },
  });

  it('creates a note with an Idempotency-Key, and a retry gets the same note instead of a second one', async () => {
    const first = await post('client-retry-1', 'made once');
    expect(first.response.status).toBe(201);
    const note = first.data?.data;
    expect(note?.message).toBe('made once');
    expect(first.response.headers.get('location')).toBe(`/v2/notes/${note?.id}`);

    const retry = await post('client-retry-1', 'made once');
    expect(retry.response.status).toBe(201);
    expect(retry.response.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.data?.data.id).toBe(note?.id);

    const mine = await client().GET('/v2/users/{user_id}/notes', { params: { path: { user_id: author.id }, query: { q: 'made once' } } });
    expect(mine.data?.meta.count).toBe(1);

    const other = await post('client-retry-1', 'another body under the same key');
    expect(other.response.status).toBe(422);
    expect(other.error?.meta.error.type).toBe('idempotency_key_reused');
  });

  it('revalidates a note with its ETag: 304 while it is current, 200 with a new ETag once it changed', async () => {
    const created = await post('client-etag-1', 'to revalidate');
    const id = created.data!.data.id;
    const read = await client().GET('/v2/notes/{id}', { params: { path: { id } } });
    const etag = read.response.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/u);

    const again = await client().GET('/v2/notes/{id}', { params: { path: { id }, header: { 'if-none-match': etag! } } });
    expect(again.response.status).toBe(304);
    expect(again.data).toBeUndefined();

    await client().PUT('/v2/notes/{id}', { params: { path: { id } }, body: { message: 'changed meanwhile' } });
    const changed = await client().GET('/v2/notes/{id}', { params: { path: { id }, header: { 'if-none-match': etag! } } });
    expect(changed.response.status).toBe(200);
    expect(changed.data?.data.message).toBe('changed meanwhile');
    expect(changed.response.headers.get('etag')).not.toBe(etag);
  });

  it('edits with If-Match: the first edit on a tag succeeds, a second on the same stale tag is a typed 412', async () => {
    const id = (await post('client-412-1', 'edited twice')).data!.data.id;
    const etag = (await client().GET('/v2/notes/{id}', { params: { path: { id } } })).response.headers.get('etag')!;

    const first = await client().PUT('/v2/notes/{id}', { params: { path: { id }, header: { 'if-match': etag } }, body: { title: 'first' } });
    expect(first.response.status).toBe(200);
    expect(first.data?.data.title).toBe('first');

    const stale = await client().PUT('/v2/notes/{id}', { params: { path: { id }, header: { 'if-match': etag } }, body: { title: 'second' } });
    expect(stale.response.status).toBe(412);
    expect(stale.error?.meta.error.type).toBe('precondition_failed');
    expect(stale.response.headers.get('etag')).toBe(first.response.headers.get('etag'));

    const gone = await client().DELETE('/v2/notes/{id}', { params: { path: { id }, header: { 'if-match': etag } } });
    expect(gone.response.status).toBe(412);
  });

  it('pages through a list by following nextUrl, each note once, the last page with nextUrl null', async () => {
    for (let i = 0; i < 7; i += 1) await post(`client-page-${i}`, `paged note ${i}`);
    const seen: string[] = [];
    let query: Record<string, string> = { tag: 'paged', limit: '3' };
    let pages = 0;
    for (;;) {
      const page = await createPlaceNotesClient({ baseUrl }).GET('/v2/notes', { params: { query: { ...query, tag: undefined, q: 'paged note' } } });
      expect(page.response.status).toBe(200);
      pages += 1;
      seen.push(...page.data!.data.map((note) => note.message));
      expect(page.data!.meta.count).toBe(7);
      if (page.data!.meta.nextUrl === null) break;
      expect(page.data!.meta.nextUrl).toContain('cursor=');
      expect(page.response.headers.get('link')).toContain('rel="next"');
      query = nextPage(page.data!.meta.nextUrl);
    }
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual(Array.from({ length: 7 }, (_, i) => `paged note ${i}`).sort());
  });

  it('reads public content without a token, and a bad token is a typed 401', async () => {
    const anonymous = await createPlaceNotesClient({ baseUrl }).GET('/v2/notes', { params: { query: { limit: 1 } } });
    expect(anonymous.response.status).toBe(200);
    const refused = await createPlaceNotesClient({ baseUrl, token: 'not-a-token' }).GET('/v2/feed');
    expect(refused.response.status).toBe(401);
    expect(refused.error?.meta.error.type).toBe('unauthorized');
  });
});

import { postNote } from '../support/notemap-helpers';
import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { signInAs, WebAgent } from '../support/web-agent';

// Blocking on the pages, without JavaScript: POST forms with the CSRF token on a user's page and at /settings/blocks,
// and the block holding for requests made with a web session (docs/web.md).
describe.each(ALL_STORAGES)('blocking on the web pages (%s)', (storage) => {
  let t: TestApp;
  let ivy: TestUser;
  let jay: TestUser;
  let web: WebAgent;
  let jayNote: number;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    ivy = await t.createUser('ivy');
    jay = await t.createUser('jay');
    jayNote = await postNote(t, await t.token(jay, 'notes'), { message: 'Jay wrote this' });
    web = new WebAgent(t.app);
    await signInAs(web, t.container, ivy.id);
  });
  afterAll(() => t.close());

  it('blocks from the user\'s page and unblocks from /settings/blocks; the session sees the block', async () => {
    const before = await web.get('/users/jay');
    expect(before.body).toContain('Jay wrote this');
    expect(before.body).toContain('action="/users/jay/block"');
    const blocked = await web.post('/users/jay/block', {}, before);
    expect(blocked.statusCode).toBe(303);
    expect(blocked.headers.location).toBe('/users/jay');
    const page = await web.get('/users/jay');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('action="/users/jay/unblock"');
    expect(page.body).not.toContain('Jay wrote this');
    expect((await web.get(`/notes/${jayNote}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/notes/${jayNote}` })).statusCode).toBe(200);
    // The explore page's list of public notes leaves them out too, for her alone.
    expect((await web.get('/')).body).not.toContain('Jay wrote this');
    expect((await t.app.inject({ url: '/' })).body).toContain('Jay wrote this');
    expect((await t.request({ method: 'GET', url: '/v2/users/me/blocks', token: await t.token(ivy, 'read') })).json().data.map((u: { id: number }) => u.id)).toEqual([jay.id]);

    const settings = await web.get('/settings/blocks');
    expect(settings.statusCode).toBe(200);
    expect(settings.body).toContain(`action="/settings/blocks/${jay.id}/unblock"`);
    expect(settings.body).toContain('href="/settings/blocks"');
    const unblocked = await web.post(`/settings/blocks/${jay.id}/unblock`, {}, settings);
    expect(unblocked.statusCode).toBe(303);
    expect(unblocked.headers.location).toBe('/settings/blocks?unblocked=jay');
    expect((await web.get('/settings/blocks?unblocked=jay')).body).toContain('You block nobody.');
    expect((await web.get(`/notes/${jayNote}`)).statusCode).toBe(200);
  });

  it('refuses a form without its CSRF token, and sends anonymous visitors to log in', async () => {
    const res = await web.post('/users/jay/block', {});
    expect(res.statusCode).toBe(403);
    expect((await new WebAgent(t.app).get('/settings/blocks')).statusCode).toBe(303);
    expect((await web.get('/users/jay')).body).toContain('action="/users/jay/block"');
  });
});

import { postNote, postNotemap } from '../support/notemap-helpers';
import { createTestApp, ALL_STORAGES, type TestApp, type TestUser } from '../support/test-app';
import { csrfToken, decodeEntities, signInAs, WebAgent } from '../support/web-agent';

describe.each(ALL_STORAGES)('acting on the web pages (%s)', (storage) => {
  let t: TestApp;
  let ana: TestUser;
  let ben: TestUser;
  let anaNotes: string;
  let web: WebAgent;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    ana = await t.createUser('ana');
    ben = await t.createUser('ben');
    anaNotes = await t.token(ana, 'notes');
    web = new WebAgent(t.app);
    await signInAs(web, t.container, ben.id);
  });
  afterAll(() => t.close());

  const apiNote = async (id: number) => (await t.request({ method: 'GET', url: `/v2/notes/${id}`, token: await t.token(ben, 'readall') })).json().data;

  describe('posting a note', () => {
    it('sends anonymous visitors to log in first, coming back to the form', async () => {
      const res = await new WebAgent(t.app).get('/notes/new');
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/login?next=%2Fnotes%2Fnew');
    });

    it('posts a note from the form (no JavaScript needed) and answers 303 to its page', async () => {
      const form = await web.get('/notes/new');
      expect(form.statusCode).toBe(200);
      for (const field of ['message', 'latitude', 'longitude', 'visibility', 'tags']) expect(form.body).toContain(`<label for="${field}">`);
      expect(form.body).toContain('id="map"');
      const res = await web.post('/notes', {
        message: 'Sunset over the river #sunset', latitude: '38.7071', longitude: '-9.1359', tags: 'view, river', city: 'Lisbon', country: 'Portugal',
      }, form);
      expect(res.statusCode).toBe(303);
      const id = Number(/^\/notes\/(\d+)$/u.exec(res.headers.location as string)?.[1]);
      const note = await apiNote(id);
      expect(note).toMatchObject({ message: 'Sunset over the river #sunset', visibility: 'public', author: { username: 'ben' } });
      expect(note.location).toMatchObject({ latitude: 38.7071, longitude: -9.1359, city: 'Lisbon', country: 'Portugal' });
      const tags = (await t.request({ method: 'GET', url: `/v2/notes/${id}/tags` })).json().data.map((tag: { name: string }) => tag.name);
      expect(tags.sort()).toEqual(['river', 'sunset', 'view']);
      expect((await web.get(`/notes/${id}`)).body).toContain('Sunset over the river');
    });

    it('posts a note only its author may read', async () => {
      const form = await web.get('/notes/new');
      const res = await web.post('/notes', { message: 'Just for me', latitude: '1', longitude: '2', visibility: 'self' }, form);
      const id = Number(/(\d+)$/u.exec(res.headers.location as string)?.[1]);
      expect((await apiNote(id)).visibility).toBe('self');
      expect((await t.app.inject({ url: `/notes/${id}` })).statusCode).toBe(404);
    });

    it('posts a note others see only to its neighbourhood, and the author still exactly', async () => {
      const form = await web.get('/notes/new');
      expect(form.body).toContain('<label for="locationPrecision">');
      const res = await web.post('/notes', { message: 'Near home', latitude: '38.697612', longitude: '-9.203301', locationPrecision: 'neighborhood' }, form);
      expect(res.statusCode).toBe(303);
      const id = Number(/(\d+)$/u.exec(res.headers.location as string)?.[1]);
      const mine = await apiNote(id);
      expect(mine).toMatchObject({ locationPrecision: 'neighborhood', location: { latitude: 38.697612, longitude: -9.203301 } });
      const others = (await t.request({ method: 'GET', url: `/v2/notes/${id}` })).json().data;
      expect(others.location.latitude).not.toBe(38.697612);
      expect(others).not.toHaveProperty('locationPrecision');
      const wrong = await web.post('/notes', { message: 'x', latitude: '1', longitude: '2', locationPrecision: 'house' }, form);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toMatch(/id="locationPrecision"[^>]*aria-invalid="true"/u);
    });

    it('shows the form again with what is wrong, keeping what was typed', async () => {
      const form = await web.get('/notes/new');
      const res = await web.post('/notes', { message: 'Keep <me>', latitude: 'north', longitude: '' }, form);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('role="alert"');
      expect(res.body).toContain('The latitude must be a number in degrees');
      expect(res.body).toContain('Keep &lt;me&gt;</textarea>');
      expect(res.body).toMatch(/id="latitude"[^>]*aria-invalid="true"/u);
      const range = await web.post('/notes', { message: 'x', latitude: '91', longitude: '0' }, res);
      expect(range.statusCode).toBe(400);
      expect(decodeEntities(range.body)).toMatch(/The latitude must be/u);
    });

    it('refuses a form without its CSRF token', async () => {
      const res = await web.post('/notes', { message: 'forged', latitude: '1', longitude: '1' });
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('This form has expired');
    });
  });

  describe('comments, favorites and follows', () => {
    let noteId: number;

    beforeAll(async () => {
      noteId = await postNote(t, anaNotes, { message: 'A bench with a view', latitude: 40, longitude: -3 });
    });

    it('comments and lands on the comment (303), shown on the page', async () => {
      const page = await web.get(`/notes/${noteId}`);
      expect(page.body).toContain('<label for="comment">Your comment</label>');
      const res = await web.post(`/notes/${noteId}/comments`, { comment: 'Lovely spot' }, page);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toMatch(new RegExp(`^/notes/${noteId}#comment-\\d+$`, 'u'));
      expect((await web.get(`/notes/${noteId}`)).body).toContain('Lovely spot');
    });

    it('shows the note again with what is wrong with an empty comment', async () => {
      const page = await web.get(`/notes/${noteId}`);
      const res = await web.post(`/notes/${noteId}/comments`, { comment: '   ' }, page);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('role="alert"');
      expect(res.body).toContain('A bench with a view');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    });

    it('offers anonymous visitors a log-in link instead of the form, and refuses their posts', async () => {
      const anonymous = new WebAgent(t.app);
      const page = await anonymous.get(`/notes/${noteId}`);
      expect(page.body).not.toContain('name="_csrf"');
      expect(page.body).toContain(`href="/login?next=%2Fnotes%2F${noteId}"`);
      expect((await anonymous.post(`/notes/${noteId}/comments`, { comment: 'hi' })).statusCode).toBe(403);
    });

    it('cannot comment on a note the member may not read', async () => {
      const hidden = await postNote(t, anaNotes, { message: 'hidden', latitude: 1, longitude: 1, visibility: 'self' });
      const page = await web.get(`/notes/${noteId}`);
      const res = await web.post(`/notes/${hidden}/comments`, { comment: 'sneaky' }, page);
      expect(res.statusCode).toBe(404);
    });

    it('favorites a note and takes it back', async () => {
      const page = await web.get(`/notes/${noteId}`);
      expect(page.body).toContain(`action="/notes/${noteId}/favorite"`);
      const res = await web.post(`/notes/${noteId}/favorite`, {}, page);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/notes/${noteId}`);
      const after = await web.get(`/notes/${noteId}`);
      expect(after.body).toContain('aria-pressed="true"');
      expect((await apiNote(noteId)).favoriters.meta.count).toBe(1);
      expect((await web.post(`/notes/${noteId}/unfavorite`, {}, after)).statusCode).toBe(303);
      expect((await apiNote(noteId)).favoriters.meta.count).toBe(0);
    });

    it('follows a user and a notemap, and stops', async () => {
      const profile = await web.get('/users/ana');
      expect(profile.body).toContain('action="/users/ana/follow"');
      expect((await web.post('/users/ana/follow', {}, profile)).headers.location).toBe('/users/ana');
      const followers = async () => (await t.request({ method: 'GET', url: `/v2/users/${ana.id}/followers` })).json().data.map((u: { id: number }) => u.id);
      expect(await followers()).toEqual([ben.id]);
      const following = await web.get('/users/ana');
      expect(following.body).toContain('action="/users/ana/unfollow"');
      expect((await web.post('/users/ana/unfollow', {}, following)).statusCode).toBe(303);
      expect(await followers()).toEqual([]);

      const map = await postNotemap(t, anaNotes, 'Benches');
      const mapPage = await web.get(`/notemaps/${map}`);
      expect(mapPage.body).toContain(`action="/notemaps/${map}/follow"`);
      expect((await web.post(`/notemaps/${map}/follow`, {}, mapPage)).statusCode).toBe(303);
      expect((await web.get(`/notemaps/${map}`)).body).toContain(`action="/notemaps/${map}/unfollow"`);
    });

    it('has no follow button on one\'s own page', async () => {
      const own = await web.get('/users/ben');
      expect(own.body).not.toContain('/follow"');
      expect(csrfToken(await web.get('/notes/new'))).toBeTruthy();
    });
  });
});

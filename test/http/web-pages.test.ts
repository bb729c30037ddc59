import type { LightMyRequestResponse } from 'fastify';
import { addToNotemap, postNote, postNotemap } from '../support/notemap-helpers';
import { createTestApp, ALL_STORAGES, type TestApp, type TestUser } from '../support/test-app';
import { decodeEntities, signInAs, WebAgent } from '../support/web-agent';

const HTML = { accept: 'text/html,application/xhtml+xml' };

/** The JSON islands of a page: the map's notes and the JSON-LD. */
function island(page: LightMyRequestResponse, type: string, id?: string): unknown {
  const pattern = new RegExp(`<script type="${type.replace('+', '\\+')}"${id === undefined ? '' : ` id="${id}"`}>([^<]*)</script>`, 'u');
  const match = pattern.exec(page.body);
  if (match?.[1] === undefined) throw new Error(`no ${type} island on the page`);
  return JSON.parse(match[1]);
}

function mapNotes(page: LightMyRequestResponse): { id: number; lat: number; lng: number; title: string; url: string }[] {
  return island(page, 'application/json', 'map-notes') as never;
}

/** Every `<script` of a page: only our own assets and the JSON islands. */
function scriptTags(page: LightMyRequestResponse): string[] {
  return [...page.body.matchAll(/<script[^>]*>/giu)].map((m) => m[0]);
}

function expectOnlyOurScripts(page: LightMyRequestResponse): void {
  for (const tag of scriptTags(page)) {
    expect(tag).toMatch(/^<script (src="\/assets\/[a-z.-]+\.[0-9a-f]{12}\.js" defer|type="application\/(ld\+)?json"( id="map-notes")?)>$/u);
  }
}

describe.each(ALL_STORAGES)('the public web pages (%s)', (storage) => {
  let t: TestApp;
  let ana: TestUser;
  let ben: TestUser;
  let anaNotes: string;
  let benNotes: string;
  let publicNote: number;
  let selfNote: number;
  let forBen: number;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    ana = await t.createUser('ana', { name: 'Ana Lima' });
    ben = await t.createUser('ben');
    anaNotes = await t.token(ana, 'notes');
    benNotes = await t.token(ben, 'notes');
    publicNote = await postNote(t, anaNotes, {
      message: 'Best custard tarts\nOpen from 8. #pastry #lisbon', latitude: 38.6976, longitude: -9.2063,
      street: 'Rua de Belém', streetNumber: '84', city: 'Lisbon', country: 'Portugal', isoCountryCode: 'PT',
    });
    selfNote = await postNote(t, anaNotes, { message: 'My secret spot #hidden', latitude: 38.7, longitude: -9.1, visibility: 'self' });
    forBen = await postNote(t, anaNotes, { message: 'Only for Ben', latitude: 38.71, longitude: -9.12, visibility: 'recipients', recipients: [ben.id] });
    for (const text of ['First!', 'Second comment']) {
      await t.request({ method: 'POST', url: `/v2/notes/${publicNote}/comments`, token: benNotes, payload: { comment: text } });
    }
  });
  afterAll(() => t.close());

  describe('a note page', () => {
    it('shows the note, its author, address, coordinates, tags, counts and comments, oldest first', async () => {
      const page = await t.app.inject({ url: `/notes/${publicNote}`, headers: HTML });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('<h1>Best custard tarts</h1>');
      expect(page.body).toContain('<a href="/users/ana">Ana Lima</a>');
      expect(page.body).toContain('84 Rua de Belém, Lisbon, Portugal');
      expect(page.body).toContain('<span id="coordinates">38.69760, -9.20630</span>');
      const place = (await t.request({ method: 'GET', url: `/v2/notes/${publicNote}` })).json().data.place as { id: number };
      expect(page.body).toContain(`<a href="/places/${place.id}">More notes about Lisbon, Portugal</a>`);
      expect(page.body).toContain('<a href="/tags/pastry">#pastry</a>');
      expect(page.body).toContain('<a href="/tags/lisbon">#lisbon</a>');
      expect(page.body).toContain('2 comments');
      expect(page.body.indexOf('First!')).toBeLessThan(page.body.indexOf('Second comment'));
      expect(page.body).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[\d:.]+Z">/u);
      expect(page.body).toContain('<html lang="en">');
      expect(page.body.match(/<h1[ >]/gu)).toHaveLength(1);
    });

    it('has a map of the note: one marker at its position, from scripts of our own origin', async () => {
      const page = await t.app.inject({ url: `/notes/${publicNote}`, headers: HTML });
      expect(page.body).toContain('id="map"');
      expect(page.body).toContain('data-tiles="http://127.0.0.1:9/tiles/{z}/{x}/{y}.png"');
      expect(mapNotes(page)).toEqual([{ id: publicNote, lat: 38.6976, lng: -9.2063, title: 'Best custard tarts', url: `/notes/${publicNote}` }]);
      expectOnlyOurScripts(page);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['content-security-policy']).toContain("img-src 'self' http://127.0.0.1:9");
      for (const src of page.body.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/gu)) {
        const asset = await t.app.inject({ url: src[1]! });
        expect(asset.statusCode).toBe(200);
        expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    });

    it('tells search engines and link previews what it is', async () => {
      const page = await t.app.inject({ url: `/notes/${publicNote}`, headers: HTML });
      expect(page.body).toContain('<title>Best custard tarts · Place Notes</title>');
      expect(page.body).toContain('<meta name="description" content="Best custard tarts Open from 8. #pastry #lisbon (84 Rua de Belém, Lisbon, Portugal)">');
      expect(page.body).toContain(`<link rel="canonical" href="http://pn.test/notes/${publicNote}">`);
      expect(page.body).toContain(`<link rel="alternate" type="application/json" href="/v2/notes/${publicNote}">`);
      expect(page.body).toContain('<meta property="og:title" content="Best custard tarts">');
      expect(page.body).toContain(`<meta property="og:url" content="http://pn.test/notes/${publicNote}">`);
      expect(page.body).toContain('<meta property="og:type" content="article">');
      expect(island(page, 'application/ld+json')).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'SocialMediaPosting',
        headline: 'Best custard tarts',
        author: { '@type': 'Person', name: 'Ana Lima', url: 'http://pn.test/users/ana' },
        contentLocation: { '@type': 'Place', geo: { '@type': 'GeoCoordinates', latitude: 38.6976, longitude: -9.2063 } },
      });
    });

    it('counts a view by anyone but the author', async () => {
      const views = async () => (await t.request({ method: 'GET', url: `/v2/notes/${publicNote}`, token: anaNotes })).json().data.publicViewsCount as number;
      await t.flushViews();
      const before = await views();
      await t.app.inject({ url: `/notes/${publicNote}`, headers: HTML });
      const author = new WebAgent(t.app);
      await signInAs(author, t.container, ana.id);
      await author.get(`/notes/${publicNote}`);
      await t.flushViews();
      expect(await views()).toBe(before + 1);
    });

    it('pages long conversations, 20 comments a page, with a link to the next', async () => {
      const note = await postNote(t, anaNotes, { message: 'Talkative', latitude: 1, longitude: 1 });
      for (let i = 1; i <= 23; i++) {
        await t.request({ method: 'POST', url: `/v2/notes/${note}/comments`, token: benNotes, payload: { comment: `comment number ${i}.` } });
      }
      const first = await t.app.inject({ url: `/notes/${note}`, headers: HTML });
      expect(first.body).toContain('comment number 20.');
      expect(first.body).not.toContain('comment number 21.');
      expect(decodeEntities(first.body)).toContain(`<a href="/notes/${note}?page=2" rel="next">`);
      const second = await t.app.inject({ url: `/notes/${note}?page=2`, headers: HTML });
      expect(second.body).toContain('comment number 23.');
      expect(second.body).not.toContain('comment number 20.');
      expect((await t.app.inject({ url: `/notes/${note}?page=zero`, headers: HTML })).statusCode).toBe(400);
    });
  });

  describe('visibility, as the API has it', () => {
    it('shows a non-public note to nobody anonymous: the same 404 page as a note that does not exist', async () => {
      const hidden = await t.app.inject({ url: `/notes/${selfNote}`, headers: HTML });
      const missing = await t.app.inject({ url: '/notes/99999999', headers: HTML });
      expect(hidden.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      expect(hidden.headers['content-type']).toBe('text/html; charset=utf-8');
      const same = (body: string, id: number) => body.replace(new RegExp(`(notes(?:/|%2F))${id}\\b`, 'gu'), '$1N');
      expect(same(hidden.body, selfNote)).toBe(same(missing.body, 99999999));
      expect(hidden.body).not.toContain('secret');
    });

    it('shows a signed-in member what a readall token of theirs would', async () => {
      const anaWeb = new WebAgent(t.app);
      await signInAs(anaWeb, t.container, ana.id);
      expect((await anaWeb.get(`/notes/${selfNote}`)).statusCode).toBe(200);
      const benWeb = new WebAgent(t.app);
      await signInAs(benWeb, t.container, ben.id);
      expect((await benWeb.get(`/notes/${selfNote}`)).statusCode).toBe(404);
      const received = await benWeb.get(`/notes/${forBen}`);
      expect(received.statusCode).toBe(200);
      expect(received.body).toContain('Only for Ben');
      expect(received.body).toContain('<meta name="robots" content="noindex">');
      expect(received.headers['cache-control']).toBe('private, no-store');
      expect((await t.app.inject({ url: `/notes/${forBen}`, headers: HTML })).statusCode).toBe(404);
    });

    it('lists on a user page only the notes the visitor may read', async () => {
      const anonymous = await t.app.inject({ url: '/users/ana', headers: HTML });
      expect(anonymous.statusCode).toBe(200);
      expect(mapNotes(anonymous).map((n) => n.id)).not.toContain(selfNote);
      expect(mapNotes(anonymous).map((n) => n.id)).toContain(publicNote);
      const own = new WebAgent(t.app);
      await signInAs(own, t.container, ana.id);
      expect(mapNotes(await own.get('/users/ana')).map((n) => n.id)).toEqual(expect.arrayContaining([selfNote, forBen, publicNote]));
    });

    it('has no page for a tag only hidden notes carry', async () => {
      expect((await t.app.inject({ url: '/tags/hidden', headers: HTML })).statusCode).toBe(404);
      const tag = await t.app.inject({ url: '/tags/pastry', headers: HTML });
      expect(tag.statusCode).toBe(200);
      expect(mapNotes(tag).map((n) => n.id)).toEqual([publicNote]);
    });
  });

  describe('the other pages', () => {
    it('a user page: the profile and their notes, newest first, 20 a page', async () => {
      const cy = await t.createUser('cy');
      const cyNotes = await t.token(cy, 'notes');
      for (let i = 1; i <= 22; i++) await postNote(t, cyNotes, { message: `cy note ${i}`, latitude: 10 + i / 100, longitude: 10 });
      const first = await t.app.inject({ url: '/users/cy', headers: HTML });
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain('<h1>cy</h1>');
      expect(mapNotes(first)).toHaveLength(20);
      expect(mapNotes(first)[0]?.title).toBe('cy note 22');
      expect(decodeEntities(first.body)).toContain('<a href="/users/cy?page=2" rel="next">');
      expect(mapNotes(await t.app.inject({ url: '/users/cy?page=2', headers: HTML })).map((n) => n.title)).toEqual(['cy note 2', 'cy note 1']);
      expect(first.body).toContain('<meta property="og:type" content="profile">');
      expect((await t.app.inject({ url: '/users/nobody-here', headers: HTML })).statusCode).toBe(404);
    });

    it('a notemap page: name, description, authors, and one marker per note it holds', async () => {
      const map = await postNotemap(t, anaNotes, 'Lisbon bakeries', 'The best of them');
      const second = await postNote(t, benNotes, { message: 'Another bakery', latitude: 38.71, longitude: -9.14 });
      await addToNotemap(t, anaNotes, map, publicNote);
      await addToNotemap(t, anaNotes, map, second);
      await addToNotemap(t, anaNotes, map, selfNote);
      const page = await t.app.inject({ url: `/notemaps/${map}`, headers: HTML });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Lisbon bakeries</h1>');
      expect(page.body).toContain('The best of them');
      expect(page.body).toContain('<li>2 notes</li><li>2 authors</li><li>0 followers</li>');
      expect(page.body).toContain('<a href="/users/ana">Ana Lima</a>');
      const ids = mapNotes(page).map((n) => n.id);
      expect(ids).toContain(publicNote);
      expect(ids).not.toContain(selfNote);
      expect(new Set(ids).size).toBe(ids.length);
      expect((await t.app.inject({ url: '/notemaps/99999999', headers: HTML })).statusCode).toBe(404);
    });

    it('a place page: the notes of a city', async () => {
      const places = (await t.request({ method: 'GET', url: '/v2/places?city=Lisbon' })).json().data as { id: number }[];
      const page = await t.app.inject({ url: `/places/${places[0]!.id}`, headers: HTML });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Lisbon, Portugal</h1>');
      expect(mapNotes(page).map((n) => n.id)).toEqual([publicNote]);
      expect(island(page, 'application/ld+json')).toMatchObject({ '@type': 'Place', geo: { '@type': 'GeoCoordinates' } });
    });

    it('the explore page: a map, a search box, and the newest public notes as text', async () => {
      const page = await t.app.inject({ url: '/', headers: HTML });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('id="map"');
      expect(page.body).toContain('<label for="q">Search notes</label>');
      const listed = [...page.body.matchAll(/<li data-note-id="(\d+)">/gu)].map((m) => Number(m[1]));
      expect(listed.length).toBeGreaterThan(0);
      expect(listed).not.toContain(selfNote);
      expect(listed).not.toContain(forBen);
      const search = await t.app.inject({ url: '/?q=custard', headers: HTML });
      expect(search.body).toContain(`href="/notes/${publicNote}"`);
      expect(search.body).not.toContain('cy note');
      expectOnlyOurScripts(page);
    });

    it('has an icon, linked from every page and at /favicon.ico', async () => {
      const page = await t.app.inject({ url: '/', headers: HTML });
      const href = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml">/u.exec(page.body)?.[1];
      expect(href).toMatch(/^\/assets\/favicon\.[0-9a-f]{12}\.svg$/u);
      for (const url of [href!, '/favicon.ico']) {
        const icon = await t.app.inject({ url });
        expect(icon.statusCode).toBe(200);
        expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/u);
      }
    });

    it('an unknown path is the 404 page for a browser and the JSON envelope for the API', async () => {
      const page = await t.app.inject({ url: '/no/such/page', headers: HTML });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('<h1>Not found</h1>');
      const api = await t.app.inject({ url: '/v2/no-such-thing', headers: HTML });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ meta: { http_status: 404 } });
      expect((await t.app.inject({ url: '/notes/abc', headers: HTML })).statusCode).toBe(404);
    });
  });

  describe('what people write comes out inert', () => {
    const EVIL = '<script>alert(1)</script>"\'><img src=x onerror=alert(2)> javascript:alert(3)';

    it('in a note, a user name and a notemap', async () => {
      const evil = await t.createUser('mallory', { name: EVIL });
      const token = await t.token(evil, 'notes');
      const note = await postNote(t, token, { message: `${EVIL}\n</script><script>alert(4)</script>`, title: EVIL, latitude: 5, longitude: 5, city: EVIL, country: 'X' });
      const map = await postNotemap(t, token, EVIL, EVIL);
      await addToNotemap(t, token, map, note);
      await t.request({ method: 'POST', url: `/v2/notes/${note}/comments`, token, payload: { comment: EVIL } });
      for (const url of [`/notes/${note}`, '/users/mallory', `/notemaps/${map}`, '/', '/tags/%3Cscript%3E']) {
        const page = await t.app.inject({ url, headers: HTML });
        expect([200, 404]).toContain(page.statusCode);
        expectOnlyOurScripts(page);
        // JSON islands are never run and hold no `<`; the markup around them must hold no live tag or handler.
        const markup = page.body.replace(/<script type="application\/(?:ld\+)?json"[^>]*>[^<]*<\/script>/gu, '');
        expect(markup).not.toMatch(/<img src=x/iu);
        expect(markup).not.toMatch(/href="javascript:/iu);
        expect(markup).not.toContain('onerror=alert');
      }
      const notePage = await t.app.inject({ url: `/notes/${note}`, headers: HTML });
      expect(decodeEntities(/<p class="message" id="message">([^<]*)<\/p>/u.exec(notePage.body)?.[1] ?? '')).toBe(`${EVIL}\n</script><script>alert(4)</script>`);
      const title = (await t.request({ method: 'GET', url: `/v2/notes/${note}` })).json().data.title as string;
      expect(title.startsWith('<script>')).toBe(true);
      expect(mapNotes(notePage)[0]?.title).toBe(title);
      expect(island(notePage, 'application/ld+json')).toMatchObject({ articleBody: `${EVIL}\n</script><script>alert(4)</script>` });
    });
  });
});


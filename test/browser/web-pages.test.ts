import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
import { StartSession } from '../../src/application/accounts/start-session';
import { SESSION_COOKIE } from '../../src/adapters/page-kit/web-session';
import { launchChromiumBrowser, startTileServer, type Chromium, type TileServer } from '../support/browser';
import { addToNotemap, postNote, postNotemap } from '../support/notemap-helpers';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

// The public web pages in real Chromium, over a listening server and a tile server of the test's own:
// maps and markers, the explore page's loading, posting from the browser with and without JavaScript,
// what the pages load, a phone-sized window, and axe-core's accessibility rules.
jest.setTimeout(120_000);

/** How long to wait for a state of a page (a map ready, a load done) before failing. */
const STATE_TIMEOUT = 20_000;
/** The tests that go through every page (axe-core alone takes a minute on two shared cores). */
const TOUR_TIMEOUT = 300_000;

type Position = { latitude: number; longitude: number };
type NoteFields = Position & Record<string, unknown>;

const LISBON = { city: 'Lisbon', country: 'Portugal', isoCountryCode: 'PT' };
const PORTO = { city: 'Porto', country: 'Portugal', isoCountryCode: 'PT' };
/** The explore page's views: each holds a 3 × 3 grid of notes, far enough apart (≥ 119 px at zoom 14) that no two cluster. */
const LISBON_VIEW = { latitude: 38.708, longitude: -9.14, zoom: 14 };
const PORTO_VIEW = { latitude: 41.15, longitude: -8.62, zoom: 14 };

/** What a page should show: where to go, what tells that its scripts are done, and its main controls. */
interface PageSpec {
  name: string;
  path: string;
  status?: number;
  /** A selector that matches once the page's script is done (none for pages without a map). */
  ready?: string;
  controls: string[];
  /** What to do on the page once it is there (send a form), and the page that answers with an error status. */
  act?: (page: Page) => Promise<void>;
  answers?: { path: string; status: number };
}

const MAP_READY = '#map[data-ready="true"]';
const EXPLORE_READY = '#map[data-loads][data-loading="false"]';

describe('the web pages in real Chromium', () => {
  let t: TestApp;
  let tiles: TileServer;
  let chromium: Chromium;
  let base: string;
  let ana: TestUser;
  let ben: TestUser;
  let cy: TestUser;
  /** Every note by name, and who may read it. */
  const notes: Record<string, { id: number; at: Position; visibility: 'public' | 'self' | 'recipients' }> = {};
  let notemap: number;
  let lisbonPlace: number;

  const publicIds = () => Object.values(notes).filter((n) => n.visibility === 'public').map((n) => n.id);
  const hiddenIds = () => Object.values(notes).filter((n) => n.visibility !== 'public').map((n) => n.id);
  const ids = (...names: string[]) => names.map((name) => notes[name]!.id).sort(byNumber);

  beforeAll(async () => {
    const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 226, g: 230, b: 235 } } }).png().toBuffer();
    tiles = await startTileServer(tile);
    t = await createTestApp({ config: { mapTileUrl: tiles.url, mapTileAttribution: 'Test tiles' } });
    ana = await t.createUser('ana', { name: 'Ana Lima' });
    ben = await t.createUser('ben', { name: 'Ben Ode' });
    cy = await t.createUser('cy');
    const tokens = { ana: await t.token(ana, 'notes'), ben: await t.token(ben, 'notes'), cy: await t.token(cy, 'notes') };
    const add = async (name: string, by: keyof typeof tokens, fields: NoteFields) => {
      const visibility = (fields.visibility as 'self' | 'recipients' | undefined) ?? 'public';
      notes[name] = { id: await postNote(t, tokens[by], fields), at: { latitude: fields.latitude, longitude: fields.longitude }, visibility };
    };
    await add('belem', 'ana', {
      message: 'Best custard tarts in town\nOpen from 8; the queue moves fast. #pastry #lisbon', latitude: 38.6976, longitude: -9.2063,
      street: 'Rua de Belém', streetNumber: '84', ...LISBON,
    });
    // Lisbon's grid: rows 38.700, 38.708, 38.716; columns -9.16, -9.14, -9.12. Three of the nine are not public.
    await add('g1', 'ana', { message: 'Miradouro with the best sunset', latitude: 38.7, longitude: -9.16, ...LISBON });
    await add('g2', 'cy', { message: 'Quiet garden behind the church', latitude: 38.7, longitude: -9.14, ...LISBON });
    await add('g3', 'ana', { message: 'My secret spot', latitude: 38.7, longitude: -9.12, visibility: 'self', ...LISBON });
    await add('g4', 'cy', { message: 'Tram 28 stops here', latitude: 38.708, longitude: -9.16, ...LISBON });
    await add('g5', 'ana', { message: 'Only for Ben: the key is under the mat', latitude: 38.708, longitude: -9.14, visibility: 'recipients', recipients: [ben.id], ...LISBON });
    await add('g6', 'ana', { message: 'Fado on Thursdays', latitude: 38.708, longitude: -9.12, ...LISBON });
    await add('g7', 'cy', {
      message: 'Menu and hours: https://example.org/restaurants/lisbon/alfama/a-very-long-address-that-never-breaks-by-itself-on-a-phone',
      latitude: 38.716, longitude: -9.16, ...LISBON,
    });
    await add('g8', 'ana', { message: 'Pastéis still warm at noon #pastry', latitude: 38.716, longitude: -9.14, ...LISBON });
    await add('g9', 'ana', { message: 'Hidden bakery #pastry', latitude: 38.716, longitude: -9.12, visibility: 'self', ...LISBON });
    // Porto's: three public notes around a hidden one.
    await add('p1', 'cy', { message: 'Ribeira at night', latitude: 41.142, longitude: -8.63, ...PORTO });
    await add('p2', 'ana', { message: 'Bookshop with the red staircase', latitude: 41.15, longitude: -8.61, ...PORTO });
    await add('p3', 'cy', { message: 'Francesinha, the real one', latitude: 41.158, longitude: -8.63, ...PORTO });
    await add('p4', 'ana', { message: 'Where I park', latitude: 41.15, longitude: -8.63, visibility: 'self', ...PORTO });

    notemap = await postNotemap(t, tokens.ana, 'Lisbon and Porto favourites', 'Places to take friends to');
    for (const name of ['belem', 'g1', 'g4', 'p1', 'g3', 'g5']) expect(await addToNotemap(t, tokens.ana, notemap, notes[name]!.id)).toBe(201);
    const places = (await t.request({ method: 'GET', url: '/v2/places?city=Lisbon' })).json().data as { id: number }[];
    lisbonPlace = places[0]!.id;

    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    chromium = await launchChromiumBrowser();
  });
  afterAll(async () => {
    await chromium?.close();
    await t?.close();
    await tiles?.close();
  });

  /** A browser context, signed in as `user` when one is given (a session made as logging in makes one). */
  const contextFor = async (user: TestUser | null, options: BrowserContextOptions = {}): Promise<BrowserContext> => {
    const context = await chromium.newContext(options);
    if (user !== null) {
      const { token } = await t.container.resolve(StartSession).execute(user.id);
      await context.addCookies([{ name: SESSION_COOKIE, value: token, url: base }]);
    }
    return context;
  };

  /** Opens a page and waits until its script is done. */
  const visit = async (page: Page, spec: Pick<PageSpec, 'path' | 'status' | 'ready' | 'act'>): Promise<void> => {
    const response = await page.goto(`${base}${spec.path}`);
    expect(response?.status()).toBe(spec.status ?? 200);
    if (spec.ready !== undefined) await page.waitForSelector(spec.ready, { state: 'attached', timeout: STATE_TIMEOUT });
    await spec.act?.(page);
  };

  /** The note ids of the marker elements on the page's map. */
  const markerIds = (page: Page): Promise<number[]> =>
    page.locator('#map [data-note-id]').evaluateAll((elements) => elements.map((e) => Number(e.dataset.noteId)).sort((a: number, b: number) => a - b));

  describe('maps of notes', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await contextFor(null);
      page = await context.newPage();
    });
    afterAll(() => context.close());

    /** Where Leaflet put a note's marker: its layer's position, and its element's centre against the map's own projection of the note. */
    const placement = (noteId: number, at: Position) => page.locator('#map').evaluate((element, { noteId, at }) => {
      const map = element.ownerDocument.defaultView.placeNotesMap;
      const marker = element.querySelector(`[data-note-id="${noteId}"]`);
      let latLng = null;
      map.eachLayer((layer: { getElement?: () => unknown; getLatLng: () => { lat: number; lng: number } }) => {
        if (layer.getElement?.() === marker) latLng = layer.getLatLng();
      });
      const box = marker.getBoundingClientRect();
      const frame = element.getBoundingClientRect();
      // Leaflet's container points start inside the map's border.
      const origin = { x: frame.left + element.clientLeft, y: frame.top + element.clientTop };
      const expected = map.latLngToContainerPoint([at.latitude, at.longitude]);
      return {
        latLng,
        offset: { x: box.left + box.width / 2 - origin.x - expected.x, y: box.top + box.height / 2 - origin.y - expected.y },
        inside: expected.x >= 0 && expected.y >= 0 && expected.x <= frame.width && expected.y <= frame.height,
        zoom: map.getZoom() as number,
      };
    }, { noteId, at });

    it('a note page shows one marker, at the note', async () => {
      const note = notes.belem!;
      await visit(page, { path: `/notes/${note.id}`, ready: MAP_READY });
      expect(await markerIds(page)).toEqual([note.id]);
      expect(await page.locator('.leaflet-marker-icon').count()).toBe(1);
      const where = await placement(note.id, note.at);
      expect(where.latLng).toEqual({ lat: note.at.latitude, lng: note.at.longitude });
      expect(where.inside).toBe(true);
      expect(Math.hypot(where.offset.x, where.offset.y)).toBeLessThanOrEqual(1);
      // Independently of Leaflet's projection: the tile holding the note was asked for, at the map's zoom.
      expect(tiles.requested).toContain(tilePath(note.at, where.zoom));
    });

    it('a note shared with the visitor has its marker too', async () => {
      const benContext = await contextFor(ben);
      try {
        const benPage = await benContext.newPage();
        await visit(benPage, { path: `/notes/${notes.g5!.id}`, ready: MAP_READY });
        expect(await markerIds(benPage)).toEqual([notes.g5!.id]);
      } finally {
        await benContext.close();
      }
    });

    it('a notemap page shows one marker per note it holds that the visitor may read, each at its note', async () => {
      await visit(page, { path: `/notemaps/${notemap}`, ready: MAP_READY });
      expect(await markerIds(page)).toEqual(ids('belem', 'g1', 'g4', 'p1'));
      for (const name of ['belem', 'g1', 'g4', 'p1']) {
        const where = await placement(notes[name]!.id, notes[name]!.at);
        expect(where.latLng).toEqual({ lat: notes[name]!.at.latitude, lng: notes[name]!.at.longitude });
        expect(where.inside).toBe(true);
        expect(Math.hypot(where.offset.x, where.offset.y)).toBeLessThanOrEqual(1);
      }
      const benContext = await contextFor(ben);
      try {
        const benPage = await benContext.newPage();
        await visit(benPage, { path: `/notemaps/${notemap}`, ready: MAP_READY });
        // Ben reads the note shared with him, never Ana's own.
        expect(await markerIds(benPage)).toEqual(ids('belem', 'g1', 'g4', 'p1', 'g5'));
      } finally {
        await benContext.close();
      }
    });

    it('tag, place and user pages show a marker per note listed, none hidden', async () => {
      for (const [path, expected] of [
        ['/tags/pastry', ids('belem', 'g8')],
        [`/places/${lisbonPlace}`, ids('belem', 'g1', 'g2', 'g4', 'g6', 'g7', 'g8')],
        ['/users/ana', ids('belem', 'g1', 'g6', 'g8', 'p2')],
      ] as const) {
        await visit(page, { path, ready: MAP_READY });
        expect({ path, markers: await markerIds(page) }).toEqual({ path, markers: expected });
      }
    });
  });

  describe('the explore page', () => {
    let context: BrowserContext;
    let page: Page;
    /** Every request the page made to the list of notes, and the note ids each answer held. */
    const listRequests: URL[] = [];
    const answered: Promise<number[]>[] = [];

    beforeAll(async () => {
      // "Near me" finds the visitor in Porto; the clock is Playwright's, so the debounce can be stepped through.
      context = await contextFor(null, { geolocation: { latitude: PORTO_VIEW.latitude, longitude: PORTO_VIEW.longitude }, permissions: ['geolocation'] });
      await context.clock.install();
      page = await context.newPage();
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/v2/notes') listRequests.push(url);
      });
      page.on('response', (response) => {
        if (new URL(response.url()).pathname !== '/v2/notes') return;
        answered.push(response.json().then((body: { features: { id: number }[] }) => body.features.map((f) => f.id)));
      });
      await visit(page, { path: '/', ready: EXPLORE_READY });
    });
    afterAll(() => context.close());

    const loads = async (): Promise<number> => Number(await page.locator('#map').getAttribute('data-loads'));
    /** Waits until the map has loaded `count` times in all, and is not loading. */
    const loaded = (count: number) => page.waitForSelector(`#map[data-loads="${count}"][data-loading="false"]`, { state: 'attached', timeout: STATE_TIMEOUT });
    const moveTo = (view: { latitude: number; longitude: number; zoom: number }) => page.locator('#map').evaluate((element, v) => {
      element.ownerDocument.defaultView.placeNotesMap.setView([v.latitude, v.longitude], v.zoom, { animate: false });
    }, view);
    const panBy = (x: number) => page.locator('#map').evaluate((element, dx) => {
      element.ownerDocument.defaultView.placeNotesMap.panBy([dx, 0], { animate: false });
    }, x);
    /** The map's bounds as the API's bbox: minLon,minLat,maxLon,maxLat (docs/api.md). */
    const viewBox = () => page.locator('#map').evaluate((element) => {
      const b = element.ownerDocument.defaultView.placeNotesMap.getBounds();
      return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] as number[];
    });
    const bboxOf = (url: URL) => (url.searchParams.get('bbox') ?? '').split(',').map(Number);
    const expectBboxOfView = async (url: URL) => {
      const view = await viewBox();
      bboxOf(url).forEach((value, i) => expect(Math.abs(value - view[i]!)).toBeLessThan(1e-4));
    };
    /** Waits for the markers on the map to be exactly these notes, then returns them. */
    const markersBecome = async (expected: number[]): Promise<number[]> => {
      await page.waitForFunction((want) => {
        const shown = [...document.querySelectorAll('#map [data-note-id]')].map((e) => Number(e.dataset.noteId)).sort((a, b) => a - b);
        return JSON.stringify(shown) === JSON.stringify(want);
      }, expected, { timeout: STATE_TIMEOUT }).catch(() => undefined);
      return markerIds(page);
    };

    it('loads the public notes in view when it opens, and no hidden one', async () => {
      expect(listRequests.length).toBeGreaterThanOrEqual(1);
      expect(listRequests[0]!.searchParams.get('format')).toBe('geojson');
      await expectBboxOfView(listRequests.at(-1)!);
      const first = await answered[0]!;
      expect(first.sort(byNumber)).toEqual(publicIds().sort(byNumber));
    });

    it('loads the notes of a new view as the map moves, showing each note of it as a marker once zoomed in', async () => {
      const before = await loads();
      await moveTo(LISBON_VIEW);
      await loaded(before + 1);
      await expectBboxOfView(listRequests.at(-1)!);
      const lisbon = ids('g1', 'g2', 'g4', 'g6', 'g7', 'g8');
      expect(await markersBecome(lisbon)).toEqual(lisbon);
      expect((await answered.at(-1)!).sort(byNumber)).toEqual(lisbon);

      await moveTo(PORTO_VIEW);
      await loaded(before + 2);
      await expectBboxOfView(listRequests.at(-1)!);
      expect(await markersBecome(ids('p1', 'p2', 'p3'))).toEqual(ids('p1', 'p2', 'p3'));
    });

    it('never shows a note the visitor may not read: no answer, marker, cluster or link holds one', async () => {
      const hidden = hiddenIds();
      for (const answer of answered) expect((await answer).filter((id) => hidden.includes(id))).toEqual([]);
      // Every marker the clustering layer holds, clustered or not.
      const held = await page.locator('#map').evaluate((element) => {
        const { L, placeNotesMap } = element.ownerDocument.defaultView;
        const all: number[] = [];
        placeNotesMap.eachLayer((layer: { getLayers(): { noteId?: number }[] }) => {
          if (layer instanceof L.MarkerClusterGroup) all.push(...layer.getLayers().map((m) => m.noteId ?? -1));
        });
        return all;
      });
      expect(held.length).toBeGreaterThan(0);
      expect(held.filter((id) => hidden.includes(id))).toEqual([]);
      await moveTo(LISBON_VIEW);
      await page.waitForSelector(`#map [data-note-id="${notes.g1!.id}"]`, { state: 'attached', timeout: STATE_TIMEOUT });
      const markup = await page.content();
      for (const id of hidden) {
        expect(markup).not.toContain(`data-note-id="${id}"`);
        expect(markup).not.toContain(`/notes/${id}"`);
      }
    });

    it('waits for the map to rest: ten moves 50 ms apart make one request', async () => {
      await loaded(await loads());
      const now = await page.evaluate(() => Date.now());
      await page.clock.pauseAt(now + 1_000);
      const before = { requests: listRequests.length, loads: await loads() };
      for (let i = 0; i < 10; i++) {
        await panBy(40);
        await page.clock.runFor(50);
      }
      expect(listRequests.length).toBe(before.requests);
      await page.clock.runFor(400);
      await loaded(before.loads + 1);
      expect(listRequests.length).toBe(before.requests + 1);
      await expectBboxOfView(listRequests.at(-1)!);
    });

    it('keeps one request in flight: moves during it make one more request, for the last view, once it ends', async () => {
      const before = { requests: listRequests.length, loads: await loads() };
      let release = () => {};
      const held = new Promise<void>((resolve) => { release = resolve; });
      let routed = 0;
      await page.route((url) => url.pathname === '/v2/notes', async (route) => {
        routed += 1;
        if (routed === 1) await held;
        await route.continue();
      });
      try {
        const first = page.waitForRequest((request) => new URL(request.url()).pathname === '/v2/notes');
        await panBy(-60);
        await page.clock.runFor(400);
        await first;
        // Two more moves, each left to rest past the debounce, while the first answer is held back.
        await panBy(-60);
        await page.clock.runFor(400);
        await panBy(-60);
        await page.clock.runFor(400);
        expect(await page.locator('#map').getAttribute('data-loading')).toBe('true');
        release();
        await loaded(before.loads + 2);
        expect(listRequests.length - before.requests).toBe(2);
        await expectBboxOfView(listRequests.at(-1)!);
      } finally {
        release();
        await page.unroute((url) => url.pathname === '/v2/notes');
        await page.clock.resume();
      }
    });

    it('searches the notes in view', async () => {
      const before = await loads();
      await moveTo({ latitude: 38.705, longitude: -9.16, zoom: 12 });
      await loaded(before + 1);
      await page.getByLabel('Search notes').fill('custard');
      await page.getByRole('button', { name: 'Search' }).click();
      await loaded(before + 2);
      expect(listRequests.at(-1)!.searchParams.get('q')).toBe('custard');
      expect(new URL(page.url()).searchParams.get('q')).toBe('custard');
      expect(await markersBecome(ids('belem'))).toEqual(ids('belem'));
      await page.getByLabel('Search notes').fill('');
      await page.getByRole('button', { name: 'Search' }).click();
      await loaded(before + 3);
      expect(listRequests.at(-1)!.searchParams.has('q')).toBe(false);
    });

    it('"Near me" moves the map to the visitor and loads the notes there', async () => {
      const before = await loads();
      await page.getByRole('button', { name: 'Near me' }).click();
      await loaded(before + 1);
      expect(await markersBecome(ids('p1', 'p2', 'p3'))).toEqual(ids('p1', 'p2', 'p3'));
    });
  });

  describe('posting from the browser', () => {
    /** The note's page, as the browser landed on it after posting: its id, coordinates as shown, and the API's location. */
    const landed = async (page: Page) => {
      await page.waitForURL(/\/notes\/\d+$/u, { timeout: STATE_TIMEOUT });
      const id = Number(/(\d+)$/u.exec(new URL(page.url()).pathname)?.[1]);
      const api = (await t.request({ method: 'GET', url: `/v2/notes/${id}` })).json().data as { message: string; location: Position; author: { username: string } };
      return { id, shown: (await page.locator('#coordinates').innerText()).trim(), api };
    };

    const comment = async (page: Page, id: number, text: string) => {
      await page.getByLabel('Your comment').fill(text);
      await page.getByRole('button', { name: 'Comment' }).click();
      await page.waitForURL(new RegExp(`/notes/${id}#comment-\\d+$`, 'u'), { timeout: STATE_TIMEOUT });
      const anchor = new URL(page.url()).hash;
      expect(await page.locator(`li${anchor}`).innerText()).toContain(text);
    };

    it('with JavaScript: click the map for the position, post, land on the note, comment there', async () => {
      const context = await contextFor(ben);
      try {
        const page = await context.newPage();
        await visit(page, { path: '/notes/new', ready: MAP_READY });
        // Coimbra: far from the explore page's views.
        await page.locator('#map').evaluate((element) => {
          element.ownerDocument.defaultView.placeNotesMap.setView([40.2033, -8.4103], 15, { animate: false });
        });
        const map = await page.locator('#map').boundingBox();
        const click = { x: Math.round(map!.width / 2) + 37, y: Math.round(map!.height / 2) - 23 };
        await page.locator('#map').click({ position: click });
        const typed = { latitude: Number(await page.getByLabel('Latitude').inputValue()), longitude: Number(await page.getByLabel('Longitude').inputValue()) };
        // The fields hold the point clicked (within a pixel: the mouse lands on whole pixels, the map may not).
        const clicked = await page.locator('#map').evaluate((element, at) =>
          element.ownerDocument.defaultView.placeNotesMap.latLngToContainerPoint([at.latitude, at.longitude]) as { x: number; y: number }, typed);
        expect(Math.hypot(clicked.x - click.x, clicked.y - click.y)).toBeLessThanOrEqual(1);
        expect(await page.locator('#map .leaflet-marker-icon').count()).toBe(1);

        await page.getByLabel('Message').fill('Fresh bread at dawn, from the browser #bakery');
        await page.getByRole('button', { name: 'Post the note' }).click();
        const note = await landed(page);
        expect(note.api).toMatchObject({ message: 'Fresh bread at dawn, from the browser #bakery', author: { username: 'ben' } });
        expect(note.api.location.latitude).toBeCloseTo(typed.latitude, 6);
        expect(note.api.location.longitude).toBeCloseTo(typed.longitude, 6);
        expect(note.shown).toBe(`${typed.latitude.toFixed(5)}, ${typed.longitude.toFixed(5)}`);
        await page.waitForSelector(MAP_READY, { state: 'attached', timeout: STATE_TIMEOUT });
        expect(await markerIds(page)).toEqual([note.id]);
        await comment(page, note.id, 'Still warm at seven.');
      } finally {
        await context.close();
      }
    });

    it('without JavaScript: type the position, post, land on the note, comment there', async () => {
      const context = await contextFor(ben, { javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        await visit(page, { path: '/notes/new' });
        expect(await page.locator('#map.leaflet-container').count()).toBe(0);
        await page.getByLabel('Message').fill('Braga cathedral, posted without JavaScript');
        await page.getByLabel('Latitude').fill('41.5499');
        await page.getByLabel('Longitude').fill('-8.4273');
        await page.getByLabel('City (optional)').fill('Braga');
        await page.getByRole('button', { name: 'Post the note' }).click();
        const note = await landed(page);
        expect(note.api).toMatchObject({ message: 'Braga cathedral, posted without JavaScript', location: { latitude: 41.5499, longitude: -8.4273, city: 'Braga' } });
        expect(note.shown).toBe('41.54990, -8.42730');
        await comment(page, note.id, 'Comment from a browser without scripts.');
      } finally {
        await context.close();
      }
    });
  });

  /** Every page, for a visitor and for a member; each with its main controls. */
  const anonymousPages = (): PageSpec[] => [
    { name: 'explore', path: '/', ready: EXPLORE_READY, controls: ['#q', 'form#search button[type=submit]', '#near-me', '#map'] },
    { name: 'note', path: `/notes/${notes.g7!.id}`, ready: MAP_READY, controls: ['h1', '#message', '#map', 'a[href^="/login?next="]'] },
    { name: 'user', path: '/users/ana', ready: MAP_READY, controls: ['h1', '#map', 'ul.notes a'] },
    { name: 'notemap', path: `/notemaps/${notemap}`, ready: MAP_READY, controls: ['h1', '#map', 'ul.notes a'] },
    { name: 'tag', path: '/tags/pastry', ready: MAP_READY, controls: ['h1', '#map', 'ul.notes a'] },
    { name: 'place', path: `/places/${lisbonPlace}`, ready: MAP_READY, controls: ['h1', '#map', 'ul.notes a'] },
    { name: '404', path: '/no/such/page', status: 404, controls: ['h1', 'main a[href="/"]'] },
    { name: 'log-in', path: '/login', controls: ['#username', '#password', 'button[type=submit]'] },
    { name: 'sign-up', path: '/signup', controls: ['#username', '#email', '#password', 'button[type=submit]'] },
  ];
  const memberPages = (): PageSpec[] => [
    { name: 'explore (member)', path: '/', ready: EXPLORE_READY, controls: ['#q', '#map'] },
    { name: 'note (member)', path: `/notes/${notes.g5!.id}`, ready: MAP_READY, controls: ['h1', '#map', '#comment', '#comment-form button[type=submit]', 'form.inline-form button'] },
    { name: 'user (member)', path: '/users/ana', ready: MAP_READY, controls: ['h1', 'form.inline-form button', '#map'] },
    { name: 'notemap (member)', path: `/notemaps/${notemap}`, ready: MAP_READY, controls: ['h1', 'form.inline-form button', '#map'] },
    { name: 'new note', path: '/notes/new', ready: MAP_READY, controls: ['#title', '#message', '#map', '#latitude', '#longitude', '#tags', '#visibility', '#recipients', '#note-form button[type=submit]'] },
    { name: '404 (member)', path: '/notes/999999999', status: 404, controls: ['h1'] },
    {
      name: 'new note, sent wrong',
      path: '/notes/new',
      ready: MAP_READY,
      controls: ['#errors', '#message', '#latitude', '#note-form button[type=submit]'],
      answers: { path: '/notes', status: 400 },
      act: async (page) => {
        await page.getByLabel('Message').fill('Somewhere north');
        await page.getByLabel('Latitude').fill('north');
        await page.getByLabel('Longitude').fill('west');
        const [response] = await Promise.all([page.waitForResponse(`${base}/notes`), page.getByRole('button', { name: 'Post the note' }).click()]);
        expect(response.status()).toBe(400);
        await page.waitForSelector(MAP_READY, { state: 'attached', timeout: STATE_TIMEOUT });
      },
    },
  ];
  /** Each page with the visitor it is shown to. */
  const everyPage = (): [TestUser | null, PageSpec][] => [
    ...anonymousPages().map((spec): [TestUser | null, PageSpec] => [null, spec]),
    ...memberPages().map((spec): [TestUser | null, PageSpec] => [ben, spec]),
  ];

  it('loads nothing from another origin but the tiles, with no console error, script error or CSP violation', async () => {
    for (const user of [null, ben]) {
      const context = await contextFor(user);
      const requests: URL[] = [];
      const problems: string[] = [];
      context.on('request', (request) => requests.push(new URL(request.url())));
      // The icon is fetched at leisure and dropped when the next page starts (ERR_ABORTED): not a failure of the page's.
      const icon = (url: string) => /^\/(favicon\.ico|assets\/favicon\.[0-9a-f]{12}\.svg)$/u.test(new URL(url).pathname);
      context.on('requestfailed', (request) => {
        if (icon(request.url()) && request.failure()?.errorText === 'net::ERR_ABORTED') return;
        problems.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`);
      });
      // Chromium reports a refused load on the console; the event makes sure of it.
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      try {
        const page = await context.newPage();
        let current: PageSpec | null = null;
        /** A 404 page's or a wrong form's own status is the one expected failure (Chromium reports it on the console too). */
        const expectedFailure = (url: string) => (current?.status === 404 && url === `${base}${current.path}`)
          || (current?.answers !== undefined && url === `${base}${current.answers.path}`);
        page.on('console', (message) => {
          if (message.type() !== 'error') return;
          if (expectedFailure(message.location().url) && /status of 40[04]/u.test(message.text())) return;
          problems.push(`console on ${current?.path}: ${message.text()}`);
        });
        page.on('pageerror', (error) => problems.push(`script error on ${current?.path}: ${error.message}`));
        page.on('response', (response) => {
          if (response.status() >= 400 && !expectedFailure(response.url())) problems.push(`${response.status()} for ${response.url()}`);
        });
        for (const spec of user === null ? anonymousPages() : memberPages()) {
          current = spec;
          await visit(page, spec);
        }
        expect(problems).toEqual([]);
        const foreign = requests.filter((url) => url.origin !== base && !(url.origin === tiles.origin && url.pathname.startsWith('/tiles/')));
        expect(foreign.map(String)).toEqual([]);
        // The exception is not idle: the maps did ask the tile server for tiles.
        expect(requests.some((url) => url.origin === tiles.origin)).toBe(true);
        expect(requests.some((url) => url.pathname.endsWith('.js'))).toBe(true);
      } finally {
        await context.close();
      }
    }
  }, TOUR_TIMEOUT);

  it('is usable 360 px wide: no horizontal scrolling, and the main controls in view', async () => {
    const contexts = new Map<string, BrowserContext>();
    try {
      const faults: string[] = [];
      for (const [user, spec] of everyPage()) {
        const key = user?.username ?? 'anonymous';
        if (!contexts.has(key)) contexts.set(key, await contextFor(user, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }));
        const page = await contexts.get(key)!.newPage();
        await visit(page, spec);
        const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
        if (width.scroll > 360 || width.body > 360) faults.push(`${spec.name}: scrolls sideways (${width.scroll} px wide)`);
        for (const selector of spec.controls) {
          const control = page.locator(selector).first();
          const box = await control.boundingBox();
          if (box === null || !(await control.isVisible())) faults.push(`${spec.name}: ${selector} is not visible`);
          else if (box.x < 0 || box.x + box.width > 360 + 0.5 || box.width < 1) faults.push(`${spec.name}: ${selector} is not within 360 px (x ${box.x}, width ${box.width})`);
        }
        await page.close();
      }
      expect(faults).toEqual([]);
    } finally {
      for (const context of contexts.values()) await context.close();
    }
  }, TOUR_TIMEOUT);

  it('has no serious or critical accessibility violation on any page (axe-core)', async () => {
    const axeSource = require.resolve('axe-core');
    const contexts = new Map<string, BrowserContext>();
    const serious: string[] = [];
    try {
      for (const [user, spec] of everyPage()) {
        const key = user?.username ?? 'anonymous';
        // Only this context bypasses the pages' CSP, to inject axe; the pages' own scripts run as everywhere else.
        if (!contexts.has(key)) contexts.set(key, await contextFor(user, { bypassCSP: true }));
        const page = await contexts.get(key)!.newPage();
        await visit(page, spec);
        await page.addScriptTag({ path: axeSource });
        const violations = await page.evaluate(async () => {
          const results = await window.axe.run(document, { resultTypes: ['violations'] });
          return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
        });
        for (const v of violations) {
          const line = `${spec.name} (${spec.path}): ${v.impact} ${v.id} — ${v.help} — at ${v.targets.join(', ')}`;
          if (v.impact === 'serious' || v.impact === 'critical') serious.push(line);
          else axeNotes.push(line);
        }
        await page.close();
      }
    } finally {
      for (const context of contexts.values()) await context.close();
    }
    expect(serious).toEqual([]);
  }, TOUR_TIMEOUT);
});

/** axe-core's moderate and minor findings, printed once at the end for whoever reads the run. */
const axeNotes: string[] = [];
afterAll(() => {
  if (axeNotes.length > 0) process.stdout.write(`axe-core, moderate and minor:\n${axeNotes.join('\n')}\n`);
});

/** The page's globals the in-page functions here use (the project's TypeScript has no DOM library). */
interface PageElement {
  dataset: Record<string, string | undefined>;
}
declare const document: {
  querySelectorAll(selector: string): Iterable<PageElement>;
  documentElement: { scrollWidth: number };
  body: { scrollWidth: number };
  addEventListener(type: 'securitypolicyviolation', listener: (event: { violatedDirective: string; blockedURI: string }) => void): void;
};
declare const window: { axe: { run(context: unknown, options: { resultTypes: string[] }): Promise<{ violations: Violation[] }> } };

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

function byNumber(a: number, b: number): number {
  return a - b;
}

/** The path of the tile holding a position at a zoom, in the Web Mercator tiling every slippy map uses. */
function tilePath(at: Position, zoom: number): string {
  const n = 2 ** zoom;
  const lat = (at.latitude * Math.PI) / 180;
  const x = Math.floor(((at.longitude + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n);
  return `/tiles/${zoom}/${x}/${y}.png`;
}

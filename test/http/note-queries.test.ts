import { distanceMetres } from '../../src/domain/geo';
import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';

const T0 = 1_700_000_000;
const HOUR = 3600;

interface Seed {
  key: string;
  author: 'alice' | 'bob';
  latitude: number;
  longitude: number;
  message: string;
  title?: string;
  city?: string;
  country?: string;
  tags?: string[];
  visibility?: string;
}

// One note an hour from T0, in this order (so index i was created at T0 + i hours).
const SEEDS: Seed[] = [
  { key: 'paris', author: 'alice', latitude: 48.8566, longitude: 2.3522, message: 'I went running along the river #paris', city: 'Paris', country: 'France' },
  { key: 'louvre', author: 'bob', latitude: 48.8606, longitude: 2.3376, message: 'Museum day, the crowd runs everywhere', city: 'Paris', country: 'France' },
  { key: 'versailles', author: 'alice', latitude: 48.8049, longitude: 2.1204, message: 'Gardens and fountains #paris', title: 'Versailles' },
  { key: 'fiji-east', author: 'bob', latitude: -17.7, longitude: 179.9, message: 'Island east of the line' },
  { key: 'fiji-west', author: 'bob', latitude: -17.7, longitude: -179.9, message: 'Island west of the line' },
  { key: 'pole-a', author: 'alice', latitude: 89.95, longitude: 0, message: 'Ice, ice and more ice at the top' },
  { key: 'pole-b', author: 'alice', latitude: 89.95, longitude: 180, message: 'Ice on the far side' },
  { key: 'london', author: 'bob', latitude: 51.5074, longitude: -0.1278, message: 'Der Regen fällt auf die Häuser', tags: ['london'] },
  { key: 'secret', author: 'alice', latitude: 48.857, longitude: 2.352, message: 'running secretly', visibility: 'self' },
];

describe.each(ALL_STORAGES)('finding notes over %s storage', (storage) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let aliceToken: string;
  let bobToken: string;
  let notemapId: number;
  let parisPlaceId: number;
  const id: Record<string, number> = {};
  let now = T0;

  beforeAll(async () => {
    t = await createTestApp({ storage, clock: { now: () => new Date(now * 1000) } });
    alice = await t.createUser('alice');
    bob = await t.createUser('bob');
    aliceToken = await t.token(alice, 'notes contacts');
    bobToken = await t.token(bob, 'notes contacts');
    for (const [index, seed] of SEEDS.entries()) {
      now = T0 + index * HOUR;
      const { key, author, ...fields } = seed;
      const res = await t.request({ method: 'POST', url: '/v2/notes', token: author === 'alice' ? aliceToken : bobToken, payload: fields });
      expect(res.statusCode).toBe(201);
      id[key] = res.json().data.id;
    }
    now = T0 + SEEDS.length * HOUR;
    // Popularity: london has two favoriters, fiji-east one; louvre is viewed by someone other than its author.
    for (const [token, key] of [[aliceToken, 'london'], [bobToken, 'london'], [aliceToken, 'fiji-east']] as const) {
      expect((await t.request({ method: 'POST', url: `/v2/notes/${id[key]}/favoriters`, token })).statusCode).toBe(201);
    }
    expect((await t.request({ method: 'GET', url: `/v2/notes/${id.louvre}`, token: aliceToken })).statusCode).toBe(200);
    await t.flushViews();
    const notemap = await t.request({ method: 'POST', url: '/v2/notemaps', token: bobToken, payload: { name: 'Islands and poles' } });
    notemapId = notemap.json().data.id;
    for (const key of ['fiji-east', 'fiji-west', 'pole-a', 'paris']) {
      const added = await t.request({ method: 'POST', url: `/v2/notemaps/${notemapId}/notes`, token: bobToken, payload: { note_id: id[key] } });
      expect(added.statusCode).toBe(201);
    }
    parisPlaceId = (await t.request({ method: 'GET', url: '/v2/places?city=Paris' })).json().data[0].id;
    expect((await t.request({ method: 'POST', url: `/v2/users/${alice.id}/followers`, token: bobToken })).statusCode).toBe(201);
  }, 60_000);
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}, token?: string) => t.request({ method: 'GET', url, headers, token });
  const keysOf = (body: { data: { id: number }[] }) => body.data.map((note) => Object.keys(id).find((key) => id[key] === note.id));
  const list = async (url: string, token?: string) => {
    const res = await get(url, {}, token);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const keys = async (url: string, token?: string) => keysOf(await list(url, token));
  const at = (key: string) => SEEDS.find((s) => s.key === key) as Seed;
  const metres = (from: { latitude: number; longitude: number }, key: string) => Math.round(distanceMetres(from, at(key)));

  describe('bbox', () => {
    it('lists the notes inside the box, newest first, without distance', async () => {
      const body = await list('/v2/notes?bbox=2.0,48.7,2.5,48.9');
      expect(keysOf(body)).toEqual(['versailles', 'louvre', 'paris']);
      expect(body.meta.count).toBe(3);
      expect(body.data[0]).not.toHaveProperty('distance');
    });

    it('crosses the antimeridian when minLon > maxLon', async () => {
      expect(await keys('/v2/notes?bbox=179.5,-18,-179.5,-17')).toEqual(['fiji-west', 'fiji-east']);
      expect(await keys('/v2/notes?bbox=179.5,-18,180,-17')).toEqual(['fiji-east']);
      expect(await keys('/v2/notes?bbox=-180,-18,-179.5,-17')).toEqual(['fiji-west']);
    });

    it('includes notes on its edges', async () => {
      expect(await keys('/v2/notes?bbox=2.3522,48.8566,2.3522,48.8566')).toEqual(['paris']);
    });
  });

  describe('near and radius', () => {
    const paris = { latitude: 48.8566, longitude: 2.3522 };

    it('defaults to 1,000 m and gives each note its distance in whole metres', async () => {
      const body = await list('/v2/notes?near=48.8566,2.3522');
      expect(keysOf(body)).toEqual(['paris']);
      expect(body.data[0].distance).toBe(0);
    });

    it('orders nearest first within the radius, with great-circle distances', async () => {
      const body = await list('/v2/notes?near=48.8566,2.3522&radius=20000');
      expect(keysOf(body)).toEqual(['paris', 'louvre', 'versailles']);
      expect(body.data.map((note: { distance: number }) => note.distance)).toEqual([0, metres(paris, 'louvre'), metres(paris, 'versailles')]);
      expect(body.data[2].distance).toBeGreaterThan(17_000);
      expect(body.data[2].distance).toBeLessThan(20_000);
    });

    it('keeps the radius: a note just outside is left out', async () => {
      const louvre = metres(paris, 'louvre');
      expect(await keys(`/v2/notes?near=48.8566,2.3522&radius=${louvre - 5}`)).toEqual(['paris']);
      expect(await keys(`/v2/notes?near=48.8566,2.3522&radius=${louvre + 5}`)).toEqual(['paris', 'louvre']);
    });

    it('reaches across the antimeridian', async () => {
      const from = { latitude: -17.7, longitude: 179.95 };
      const body = await list('/v2/notes?near=-17.7,179.95&radius=20000');
      expect(keysOf(body)).toEqual(['fiji-east', 'fiji-west']);
      expect(body.data.map((note: { distance: number }) => note.distance)).toEqual([metres(from, 'fiji-east'), metres(from, 'fiji-west')]);
      expect(await keys('/v2/notes?near=-17.7,-179.95&radius=20000')).toEqual(['fiji-west', 'fiji-east']);
    });

    it('covers every longitude around a pole', async () => {
      expect(await keys('/v2/notes?near=90,0&radius=6000&sort=recent')).toEqual(['pole-b', 'pole-a']);
      // From 89.98°N 0°E, pole-b (180°E) is 7.8 km away over the pole.
      const body = await list('/v2/notes?near=89.98,0&radius=10000');
      expect(keysOf(body)).toEqual(['pole-a', 'pole-b']);
      expect(body.data[1].distance).toBe(metres({ latitude: 89.98, longitude: 0 }, 'pole-b'));
      expect(await keys('/v2/notes?near=89.98,0&radius=5000')).toEqual(['pole-a']);
    });

    it('orders by recency with sort=recent, still giving distances', async () => {
      const body = await list('/v2/notes?near=48.8566,2.3522&radius=20000&sort=recent');
      expect(keysOf(body)).toEqual(['versailles', 'louvre', 'paris']);
      expect(body.data[0].distance).toBe(metres(paris, 'versailles'));
    });

    it('combines with bbox (both must hold)', async () => {
      expect(await keys('/v2/notes?near=48.8566,2.3522&radius=20000&bbox=2.2,48.8,2.5,48.9')).toEqual(['paris', 'louvre']);
    });
  });

  describe('q (full-text search)', () => {
    it('finds English word stems: "running" and "runs" match "run"', async () => {
      expect(await keys('/v2/notes?q=run&sort=recent')).toEqual(['louvre', 'paris']);
      expect(await keys('/v2/notes?q=running&sort=recent')).toEqual(['louvre', 'paris']);
    });

    it('searches the title as well as the message', async () => {
      expect(await keys('/v2/notes?q=versailles')).toEqual(['versailles']);
    });

    it('finds words of any language as written, and English stop words', async () => {
      expect(await keys('/v2/notes?q=f%C3%A4llt')).toEqual(['london']);
      expect(await keys('/v2/notes?q=H%C3%A4user%20Regen')).toEqual(['london']);
      expect(await keys('/v2/notes?q=the%20line&sort=recent')).toEqual(['fiji-west', 'fiji-east']);
    });

    it('needs every word', async () => {
      expect(await keys('/v2/notes?q=island%20east')).toEqual(['fiji-east']);
      expect(await keys('/v2/notes?q=island%20volcano')).toEqual([]);
    });

    it('ranks the best match first when q is the only criterion, and sorts as asked otherwise', async () => {
      expect(await keys('/v2/notes?q=ice')).toEqual(['pole-a', 'pole-b']);
      expect(await keys('/v2/notes?q=ice&sort=recent')).toEqual(['pole-b', 'pole-a']);
    });

    it('shows only what the caller may read', async () => {
      expect(await keys('/v2/notes?q=running&sort=recent', await t.token(alice, 'readall'))).toEqual(['secret', 'louvre', 'paris']);
    });
  });

  describe('tag, author, since, until', () => {
    it('filters by tag, normalised', async () => {
      expect(await keys('/v2/notes?tag=paris')).toEqual(['versailles', 'paris']);
      expect(await keys('/v2/notes?tag=%23Paris')).toEqual(['versailles', 'paris']);
      expect(await keys('/v2/notes?tag=nowhere')).toEqual([]);
    });

    it('filters by author id or username (any case); an unknown one lists nothing', async () => {
      const bobs = ['london', 'fiji-west', 'fiji-east', 'louvre'];
      expect(await keys(`/v2/notes?author=${bob.id}`)).toEqual(bobs);
      expect(await keys('/v2/notes?author=bob')).toEqual(bobs);
      expect(await keys('/v2/notes?author=BOB')).toEqual(bobs);
      expect(await keys('/v2/notes?author=nobody')).toEqual([]);
    });

    it('filters by creation time, both bounds included', async () => {
      expect(await keys(`/v2/notes?since=${T0 + 3 * HOUR}&until=${T0 + 5 * HOUR}`)).toEqual(['pole-a', 'fiji-west', 'fiji-east']);
      expect(await keys(`/v2/notes?since=${T0 + 7 * HOUR}`)).toEqual(['london']);
      expect(await keys(`/v2/notes?until=${T0}`)).toEqual(['paris']);
      expect(await keys(`/v2/notes?until=${T0 - 1}`)).toEqual([]);
    });

    it('sort=popular: favoriters, then public views, then newest', async () => {
      expect(await keys('/v2/notes?sort=popular')).toEqual(['london', 'fiji-east', 'louvre', 'pole-b', 'pole-a', 'fiji-west', 'versailles', 'paris']);
    });

    it('combines every criterion with AND, with paging that keeps them', async () => {
      const url = `/v2/notes?tag=paris&author=alice&since=${T0}&near=48.8566,2.3522&radius=20000&q=paris&limit=1`;
      const first = await list(url);
      expect(keysOf(first)).toEqual(['paris']);
      expect(first.meta.count).toBe(2);
      expect(first.meta.nextUrl).toMatch(new RegExp(`^/v2/notes\\?tag=paris&author=alice&since=${T0}&near=48.8566,2.3522&radius=20000&q=paris&offset=1&limit=1&cursor=[A-Za-z0-9_-]+$`));
      const second = await list(first.meta.nextUrl);
      expect(keysOf(second)).toEqual(['versailles']);
      expect(second.meta.nextUrl).toBeNull();
    });
  });

  describe('every list of notes takes the same parameters', () => {
    it('a user\'s notes', async () => {
      expect(await keys(`/v2/users/${alice.id}/notes?q=running`)).toEqual(['paris']);
      expect(await keys(`/v2/users/${alice.id}/notes?author=bob`)).toEqual([]);
      expect(await keys(`/v2/users/${alice.id}/notes?near=90,0&radius=6000&sort=recent`)).toEqual(['pole-b', 'pole-a']);
    });

    it('a tag\'s notes', async () => {
      expect(await keys('/v2/tags/paris/notes?near=48.8566,2.3522&radius=20000')).toEqual(['paris', 'versailles']);
      expect(await keys('/v2/tags/paris/notes?tag=london')).toEqual([]);
    });

    it('a notemap\'s notes, and those with images', async () => {
      expect(await keys(`/v2/notemaps/${notemapId}/notes?bbox=179.5,-18,-179.5,-17`)).toEqual(['fiji-west', 'fiji-east']);
      expect(await keys(`/v2/notemaps/${notemapId}/notes?sort=popular&limit=1`)).toEqual(['fiji-east']);
      expect((await list(`/v2/notemaps/${notemapId}/notes_with_images?q=island&format=geojson`)).features).toEqual([]);
      expect((await get(`/v2/notemaps/${notemapId}/notes_with_images?bbox=1`)).statusCode).toBe(400);
    });

    it('a user\'s favorites', async () => {
      expect(await keys(`/v2/users/${alice.id}/favorites?author=bob&sort=recent`)).toEqual(['london', 'fiji-east']);
      expect(await keys(`/v2/users/${alice.id}/favorites?near=51.5,-0.12&radius=5000`)).toEqual(['london']);
    });

    it('a place\'s notes', async () => {
      expect(await keys(`/v2/places/${parisPlaceId}/notes?q=museum`)).toEqual(['louvre']);
      expect(await keys(`/v2/places/${parisPlaceId}/notes?author=alice`)).toEqual(['paris']);
    });

    it('the feed', async () => {
      expect(await keys('/v2/feed?q=ice', bobToken)).toEqual(['pole-a', 'pole-b']);
      expect(await keys(`/v2/feed?since=${T0 + 5 * HOUR}&sort=recent`, bobToken)).toEqual(['pole-b', 'pole-a']);
    });
  });

  describe('GeoJSON', () => {
    it('answers a FeatureCollection for format=geojson: points as [lon, lat], the note as properties, paging in meta', async () => {
      const json = await list('/v2/notes?bbox=2.0,48.7,2.5,48.9&limit=2');
      const res = await get('/v2/notes?bbox=2.0,48.7,2.5,48.9&limit=2&format=geojson');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['features', 'meta', 'type']);
      expect(body.type).toBe('FeatureCollection');
      expect(body.meta).toEqual({ http_status: 200, count: 3, nextUrl: expect.stringMatching(/^\/v2\/notes\?bbox=2\.0,48\.7,2\.5,48\.9&format=geojson&offset=2&limit=2&cursor=[A-Za-z0-9_-]+$/) });
      expect(body.features).toEqual(json.data.map((note: { id: number; location: { latitude: number; longitude: number } }) => ({
        type: 'Feature',
        id: note.id,
        geometry: { type: 'Point', coordinates: [note.location.longitude, note.location.latitude] },
        properties: note,
      })));
    });

    it('answers GeoJSON for Accept: application/geo+json, with distance in properties when near', async () => {
      const res = await get('/v2/notes?near=48.8566,2.3522&radius=2000', { accept: 'application/geo+json' });
      expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
      expect(res.headers.vary).toMatch(/Accept/i);
      const body = res.json();
      expect(body.features.map((f: { properties: { distance: number } }) => f.properties.distance)).toEqual([0, metres({ latitude: 48.8566, longitude: 2.3522 }, 'louvre')]);
      expect(body.features[0].geometry).toEqual({ type: 'Point', coordinates: [2.3522, 48.8566] });
    });

    it('prefers JSON when Accept ranks it higher, or format=json says so', async () => {
      const ranked = await get('/v2/notes?limit=1', { accept: 'application/geo+json;q=0.5, application/json' });
      expect(ranked.headers['content-type']).toMatch(/^application\/json/);
      const forced = await get('/v2/notes?limit=1&format=json', { accept: 'application/geo+json' });
      expect(forced.json()).toHaveProperty('data');
    });

    it('works on every list', async () => {
      for (const url of [
        `/v2/users/${alice.id}/notes`, '/v2/tags/paris/notes', `/v2/notemaps/${notemapId}/notes`, `/v2/users/${alice.id}/favorites`,
        `/v2/places/${parisPlaceId}/notes`,
      ]) {
        const res = await get(`${url}?format=geojson`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ type: 'FeatureCollection', meta: { http_status: 200 } });
        expect(res.json().features.length).toBeGreaterThan(0);
      }
      const feed = await get('/v2/feed', { accept: 'application/geo+json' }, bobToken);
      expect(feed.json().type).toBe('FeatureCollection');
    });
  });

  (storage === 'memory' ? it.skip : it)('adds no SQL statement for any criterion, in either format', async () => {
    const statementsFor = async (url: string) => {
      t.resetQueries();
      expect((await get(url)).statusCode).toBe(200);
      return t.queries.length;
    };
    const plain = await statementsFor('/v2/notes?limit=20');
    expect(await statementsFor(`/v2/notes?limit=20&near=48.85,2.35&radius=50000&q=paris&tag=paris&author=alice&since=${T0}&bbox=0,40,10,50`)).toBe(plain);
    expect(await statementsFor('/v2/notes?limit=20&sort=popular&format=geojson')).toBe(plain);
  });

  describe('bad input is a 400 naming the parameter', () => {
    it.each([
      ['bbox=1,2,3', 'bbox'],
      ['bbox=a,b,c,d', 'bbox'],
      ['bbox=1,2,3,4,5', 'bbox'],
      ['bbox=-181,0,0,1', 'bbox'],
      ['bbox=0,-91,1,1', 'bbox'],
      ['bbox=0,10,1,5', 'bbox'],
      ['bbox=1&bbox=2', 'bbox'],
      ['near=91,0', 'near'],
      ['near=0,181', 'near'],
      ['near=abc', 'near'],
      ['near=1,2,3', 'near'],
      ['near=1,2&radius=0', 'radius'],
      ['near=1,2&radius=-5', 'radius'],
      ['near=1,2&radius=50001', 'radius'],
      ['near=1,2&radius=abc', 'radius'],
      ['radius=100', 'radius'],
      ['since=abc', 'since'],
      ['since=-1', 'since'],
      ['until=1.5', 'until'],
      ['since=10&until=5', 'until'],
      ['sort=oldest', 'sort'],
      ['sort=nearest', 'sort'],
      ['author=!!', 'author'],
      ['author=0', 'author'],
      ['author=99999999999', 'author'],
      ['format=xml', 'format'],
      ['tag=%23', 'tag'],
      ['q=%20', 'q'],
    ])('%s', async (query, field) => {
      const res = await get(`/v2/notes?${query}`);
      expect(res.statusCode).toBe(400);
      const error = res.json().meta.error;
      expect(error.type).toBe('bad_request');
      expect(error.fields.map((f: { name: string }) => f.name)).toContain(field);
    });

    it('names every bad parameter at once, on every list', async () => {
      const res = await get(`/v2/users/${alice.id}/notes?bbox=x&near=y&sort=nearest`);
      expect(res.statusCode).toBe(400);
      expect(res.json().meta.error.fields.map((f: { name: string }) => f.name).sort()).toEqual(['bbox', 'near']);
    });
  });
});

// `npx tsx bench/serialise-page.ts` (add the server's V8 flags with `node $(jq -r '.flags|join(" ")' src/runtime/server-runtime.json) --import tsx …`):
// µs of CPU per call of what writes a note answer, alone, on made-up notes shaped as the presenters shape them. A page of 20
// notes whose titles end in `…` (two-byte text, about 30 kB) and one note: written by the serialiser Fastify compiles
// from each route's schema (through the server's own compiler factory), by `JSON.stringify` for comparison, and the
// ETag over each as the onSend hook computes it. Not a jest test: timings belong to benchmarks (docs/benchmarks.md).
import 'reflect-metadata';
import type { FastifyServerOptions } from 'fastify';
import type { NoteView } from '../src/application/ports/note-views';
import { validationOptions } from '../src/adapters/http/body-validation';
import { ListEnvelope, SingleEnvelope, list, single } from '../src/adapters/http/envelope';
import { entityTag } from '../src/adapters/http/etag';
import { Links } from '../src/adapters/http/links';
import { presentListedNote } from '../src/adapters/http/notes/note-geojson.presenter';
import { ListedNote } from '../src/adapters/http/notes/note-list.schemas';
import { presentNote } from '../src/adapters/http/notes/note.presenter';
import { Note } from '../src/adapters/http/notes/note.schemas';
import type { Config } from '../src/config-types';
import { ANONYMOUS } from '../src/domain/actor';

const links = new Links({ publicUrl: 'https://notes.example' } as Config);
const CITIES = ['Lisbon', 'Porto', 'Berlin', 'Lyon', 'Turin'];

function noteView(i: number): NoteView {
  const city = CITIES[i % CITIES.length] ?? 'Lisbon';
  return {
    id: 10_000 + i,
    author: { id: 7 + (i % 3), username: `walker${i % 3}`, name: `Walker ${i % 3}`, description: null, avatarHash: 'a'.repeat(32), hasAvatar: i % 2 === 0 },
    // No title of its own: the implicit one, cut from the message with `…`.
    title: null,
    message: `Note ${i}: worth a detour, near the tram stop on the corner of the square, where the bakery opens at seven `
      + `and the light in the morning falls across the old façades #coffee #walk${i}\nSecond line with more detail.`,
    visibility: 'public',
    location: {
      latitude: 38.7 + i / 1000, longitude: -9.1 - i / 1000, street: 'Rua Augusta', streetNumber: String(10 + i), streetAddress: null,
      neighborhood: 'Baixa', city, state: 'Lisboa', postalCode: '1100-053', country: 'Portugal', isoCountryCode: 'PT', zoomLevel: 15,
    },
    hiddenAddressFields: [],
    createdAt: 1_795_000_000 + i * 3600,
    updatedAt: 1_795_000_000 + i * 3600,
    publicViewsCount: 1000 + i * 37,
    counts: { comments: i % 4, favoriters: i % 7, finders: i % 2, notemaps: 1, tags: 2 },
    viewer: { isFavorited: false, isFound: false },
    image: i % 3 === 0 ? { key: `${'b'.repeat(30)}${i}`, width: 1600, height: 1200 } : null,
    place: { id: 100 + (i % CITIES.length), name: `${city}, Portugal` },
  };
}

type Serialize = (data: unknown) => string;
type Factory = (externalSchemas: unknown, options: unknown) => (route: unknown) => Serialize;

/** The serialiser the server compiles for `schema`, through its own compiler factory (as Fastify calls it). */
function compiled(schema: object, url: string): Serialize {
  const factories = validationOptions().schemaController?.compilersFactory as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
  const build = factories.buildSerializer as unknown as Factory;
  return build({}, {})({ schema, method: 'GET', url, httpStatus: '200' });
}

/** CPU time of this process in µs (user and system): unlike the clock, it does not count time others had the core. */
function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/**
 * µs of CPU a call of each: after a warm-up, 40 rounds of about 20 ms each, taking turns so that a busy moment falls
 * on all of them; the fastest round of each, since on a shared machine caches and cores are shared too.
 */
function measure(runs: ReadonlyArray<readonly [string, () => unknown]>): Array<[string, number]> {
  const plan = runs.map(([name, run]) => {
    let calls = 100;
    for (let i = 0; i < 2000; i++) run();
    for (;;) {
      const start = cpuNow();
      for (let i = 0; i < calls; i++) run();
      if (cpuNow() - start > 20_000) break;
      calls *= 2;
    }
    return { name, run, calls, best: Number.POSITIVE_INFINITY };
  });
  for (let round = 0; round < 40; round++) {
    for (const entry of plan) {
      const start = cpuNow();
      for (let i = 0; i < entry.calls; i++) entry.run();
      entry.best = Math.min(entry.best, (cpuNow() - start) / entry.calls);
    }
  }
  return plan.map(({ name, best }) => [name, best]);
}

const views = Array.from({ length: 20 }, (_, i) => noteView(i));
const page = list(views.map((view) => presentListedNote(view, ANONYMOUS, links)), 2000, '/v2/notes?offset=20&limit=20&cursor=abc');
const one = single(presentNote(noteView(3), ANONYMOUS, links));
const writePage = compiled(ListEnvelope(ListedNote), '/v2/notes');
const writeOne = compiled(SingleEnvelope(Note), '/v2/notes/:id');

const pageText = writePage(page);
const oneText = writeOne(one);
if (JSON.parse(pageText) === null || JSON.parse(oneText) === null) throw new Error('not JSON');
const pageBytes = Buffer.from(pageText, 'utf8');
console.log(`page: ${pageText.length} characters, ${pageBytes.length} bytes; one note: ${oneText.length} characters`);

const results = measure([
  ['page, compiled serialiser', () => writePage(page)],
  ['page, JSON.stringify', () => JSON.stringify(page)],
  ['note, compiled serialiser', () => writeOne(one)],
  ['note, JSON.stringify', () => JSON.stringify(one)],
  // The hook hands a long body over as its UTF-8 bytes, a short one as text.
  ['page, ETag (bytes)', () => entityTag(pageBytes)],
  ['note, ETag (text)', () => entityTag(oneText)],
]);
for (const [name, us] of results) console.log(`${name.padEnd(28)} ${us.toFixed(2)} µs`);

import 'reflect-metadata';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { StartSession } from '../src/application/accounts/start-session';
import { CreateComment } from '../src/application/comments/create-comment';
import { AddNotemapNote } from '../src/application/notemaps/add-notemap-note';
import { CreateNotemap } from '../src/application/notemaps/create-notemap';
import { CreateNote } from '../src/application/notes/create-note';
import { CreateUser } from '../src/application/users/create-user';
import { SESSION_COOKIE } from '../src/adapters/page-kit/web-session';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { buildContainer } from '../src/container';
import { sessionActor } from '../src/domain/actor';
import type { NoteFields } from '../src/domain/note';
import { launchChromiumBrowser, startTileServer } from '../test/support/browser';

/**
 * `npx tsx scripts/web-screenshots.ts`: the screenshots of docs/web.md. Starts the service over the in-memory
 * storage with a few notes in Lisbon and Porto, and a local tile server that draws plain grey tiles with a grid
 * (the screenshots show placeholders, not map data), then saves PNGs of the explore, note, notemap and user pages
 * into docs/images/, and of the account page. Nothing leaves 127.0.0.1.
 */
const OUT = resolve(__dirname, '..', 'docs', 'images');
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** A light grey 256×256 tile with a faint 32 px grid and a darker edge, so each tile reads as a placeholder. */
async function placeholderTile(): Promise<Buffer> {
  const size = 256;
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const edge = x === 0 || y === 0;
      const grid = x % 32 === 0 || y % 32 === 0;
      const value = edge ? 200 : grid ? 222 : 236;
      pixels.fill(value, (y * size + x) * 3, (y * size + x) * 3 + 3);
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } }).png({ palette: true, colors: 4 }).toBuffer();
}

const LISBON = { city: 'Lisbon', country: 'Portugal', isoCountryCode: 'PT' };
const PORTO = { city: 'Porto', country: 'Portugal', isoCountryCode: 'PT' };

async function main(): Promise<void> {
  const tiles = await startTileServer(await placeholderTile());
  const dataDir = await mkdtemp(join(tmpdir(), 'pn-screenshots-'));
  const config = loadConfig({
    DATA_DIR: dataDir, LOG_LEVEL: 'silent', MAP_TILE_URL: tiles.url, MAP_TILE_ATTRIBUTION: 'Placeholder tiles, no map data',
  });
  const container = buildContainer(config, { kind: 'memory' });
  const app = await buildApp(container);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const chromium = await launchChromiumBrowser();
  try {
    const createUser = container.resolve(CreateUser);
    const user = (username: string, name: string) => createUser.execute({ username, name, email: `${username}@example.org`, password: 'screenshots only' }, { emailVerified: true });
    const ana = await user('ana', 'Ana Lima');
    const rui = await user('rui', 'Rui Costa');
    const mia = await user('mia', 'Mia Berg');
    const createNote = container.resolve(CreateNote);
    const note = async (by: { id: number }, fields: NoteFields) => (await createNote.execute(sessionActor(by.id), fields)).id;

    const belem = await note(ana, {
      title: 'Pastéis de Belém, still warm',
      message: 'The custard tarts everyone queues for, and rightly so. Go before 10 and the queue moves fast; ask for cinnamon and sugar on the side. #pastry #lisbon',
      latitude: 38.6976, longitude: -9.2033, street: 'Rua de Belém', streetNumber: '84', ...LISBON,
    });
    const luzia = await note(ana, { title: 'Miradouro de Santa Luzia', message: 'Tiles, bougainvillea and the Alfama roofs down to the river. Best at sunset. #viewpoint #lisbon', latitude: 38.7118, longitude: -9.1301, ...LISBON });
    const lxf = await note(rui, { title: 'LX Factory on a Sunday', message: 'Old textile mills turned into bookshops and cafés; the Sunday market is worth the walk. #market', latitude: 38.7036, longitude: -9.1785, ...LISBON });
    const fado = await note(mia, { title: 'Fado in Alfama', message: 'A tiny tasca with six tables and a singer who needs no microphone. Book ahead. #music', latitude: 38.7112, longitude: -9.1291, ...LISBON });
    await note(ana, { title: 'Time Out Market', message: 'Too busy at lunch, lovely at four. #food', latitude: 38.7069, longitude: -9.1459, ...LISBON });
    await note(rui, { title: 'Tram 28 from Martim Moniz', message: 'Take it from the first stop to get a seat. #tram', latitude: 38.7155, longitude: -9.1359, ...LISBON });
    const lello = await note(rui, { title: 'Livraria Lello', message: 'The red staircase. Buy the ticket online; it counts towards a book. #books #porto', latitude: 41.1469, longitude: -8.6148, ...PORTO });
    const ribeira = await note(rui, { title: 'Ribeira at night', message: 'Walk across the upper deck of the Dom Luís I bridge, then down to the river. #porto #viewpoint', latitude: 41.1406, longitude: -8.6110, ...PORTO });
    await note(mia, { title: 'Café Majestic', message: 'Belle Époque mirrors and a very good rabanada. #cafe #porto', latitude: 41.1474, longitude: -8.6064, ...PORTO });
    await note(ana, { title: 'Serralves gardens', message: 'The pink villa, the park and the treetop walk. #garden #porto', latitude: 41.1598, longitude: -8.6597, ...PORTO });
    await note(mia, { title: 'Quinta da Regaleira', message: 'The initiation well is worth the early train to Sintra. #sintra', latitude: 38.7963, longitude: -9.3962, city: 'Sintra', country: 'Portugal', isoCountryCode: 'PT' });

    const createComment = container.resolve(CreateComment);
    await createComment.execute(sessionActor(rui.id), belem, { comment: 'Went at 9:30 on a Tuesday: five minutes in the queue.' });
    await createComment.execute(sessionActor(mia.id), belem, { comment: 'The ones at Manteigaria are as good, and there is no queue.' });

    const notemap = await container.resolve(CreateNotemap).execute(sessionActor(ana.id), {
      name: 'A weekend in Lisbon and Porto', description: 'Where I take friends who visit: two days in Lisbon, one in Porto.',
    });
    const addNote = container.resolve(AddNotemapNote);
    for (const id of [belem, luzia, lxf, fado, lello, ribeira]) await addNote.execute(sessionActor(ana.id), notemap, id);

    await mkdir(OUT, { recursive: true });
    const shoot = async (
      name: string, path: string, viewport: { width: number; height: number }, prepare?: (page: Page) => Promise<void>, signedIn?: number,
      withMap = true,
    ) => {
      const context = await chromium.newContext({ viewport, deviceScaleFactor: 1, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
      if (signedIn !== undefined) {
        const { token } = await container.resolve(StartSession).execute(signedIn);
        await context.addCookies([{ name: SESSION_COOKIE, value: token, url: base }]);
      }
      try {
        const page = await context.newPage();
        await page.goto(`${base}${path}`);
        if (withMap) await page.waitForSelector('#map[data-ready="true"], #map[data-loads][data-loading="false"]', { state: 'attached' });
        await prepare?.(page);
        // Every tile in view loaded, so the picture is complete.
        if (withMap) await page.waitForFunction(() => [...document.querySelectorAll('img.leaflet-tile')].every((img) => img.complete));
        const png = await page.screenshot();
        const small = await sharp(png).png({ palette: true, colors: 128, compressionLevel: 9 }).toBuffer();
        await writeFile(join(OUT, `${name}.png`), small);
        process.stdout.write(`docs/images/${name}.png: ${viewport.width}×${viewport.height}, ${Math.round(small.length / 1024)} KB\n`);
      } finally {
        await context.close();
      }
    };

    await shoot('web-explore', '/', WIDE, async (page) => {
      const loads = Number(await page.locator('#map').getAttribute('data-loads'));
      await page.locator('#map').evaluate((element) => element.ownerDocument.defaultView.placeNotesMap.setView([38.709, -9.16], 13, { animate: false }));
      await page.waitForSelector(`#map[data-loads="${loads + 1}"][data-loading="false"]`, { state: 'attached' });
    });
    await shoot('web-note', `/notes/${belem}`, WIDE, undefined, mia.id);
    await shoot('web-note-360', `/notes/${belem}`, PHONE);
    await shoot('web-notemap', `/notemaps/${notemap}`, WIDE);
    await shoot('web-user', '/users/ana', WIDE);
    await shoot('web-account', '/settings/account', WIDE, undefined, mia.id, false);
  } finally {
    await chromium.close();
    await app.close();
    await tiles.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The page's globals used above (the project's TypeScript has no DOM library). */
declare const document: { querySelectorAll(selector: string): Iterable<{ complete: boolean }> };

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

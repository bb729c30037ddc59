import { buildApp } from '../../src/app';
import { ReadSitemap } from '../../src/application/sitemap/read-sitemap';
import { NOTE_INSERTS, type NoteInserts } from '../../src/application/ports/note-inserts';
import { UNIT_OF_WORK, type UnitOfWork } from '../../src/application/ports/unit-of-work';
import { buildContainer } from '../../src/container';
import { applyNoteFields } from '../../src/domain/note';
import { postNote, postNotemap } from '../support/notemap-helpers';
import { createTestApp, type TestApp } from '../support/test-app';
import { testConfig } from '../support/test-config';

const locs = (xml: string): string[] => [...xml.matchAll(/<loc>([^<]+)<\/loc>/gu)].map((m) => m[1]!.replaceAll('&amp;', '&'));

describe('the sitemap', () => {
  let t: TestApp;
  let publicNote: number;
  let hiddenNote: number;
  let notemap: number;

  beforeAll(async () => {
    t = await createTestApp();
    const ana = await t.createUser('ana');
    const token = await t.token(ana, 'notes');
    publicNote = await postNote(t, token, { message: 'public', latitude: 1, longitude: 1 });
    hiddenNote = await postNote(t, token, { message: 'hidden', latitude: 1, longitude: 1, visibility: 'self' });
    notemap = await postNotemap(t, token, 'A map');
  });
  afterAll(() => t.close());

  it('lists the explore page, public notes, notemaps and users, streamed as XML', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/u);
    expect(locs(res.body)).toEqual(expect.arrayContaining([
      'http://pn.test/', `http://pn.test/notes/${publicNote}`, `http://pn.test/notemaps/${notemap}`, 'http://pn.test/users/ana',
    ]));
    expect(locs(res.body)).not.toContain(`http://pn.test/notes/${hiddenNote}`);
    expect(res.body).toMatch(new RegExp(`<loc>http://pn.test/notes/${publicNote}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`, 'u'));
    expect(res.body.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  it('is named by robots.txt', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sitemap: http://pn.test/sitemap.xml');
  });

  it('has no parts while one file holds everything', async () => {
    expect((await t.app.inject({ url: '/sitemap.xml?part=notes-1', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/sitemap.xml?part=bogus' })).statusCode).toBe(404);
  });

  it('becomes an index of parts on a large site, each part streamed in batches', async () => {
    const container = buildContainer(testConfig(), { kind: 'memory' });
    const sitemap = container.resolve(ReadSitemap);
    sitemap.partSize = 3;
    sitemap.batchSize = 2;
    container.registerInstance(ReadSitemap, sitemap);
    const uow = container.resolve<UnitOfWork>(UNIT_OF_WORK);
    const inserts = container.resolve<NoteInserts>(NOTE_INSERTS);
    const author = await uow.run(({ users }) => users.create({ username: 'big', email: 'big@example.com', passwordHash: 'x', name: null, avatarHash: '0'.repeat(32) }, new Date()));
    const noteIds: number[] = [];
    for (let i = 0; i < 7; i++) {
      noteIds.push((await inserts.insert({ authorId: author, content: applyNoteFields(null, { message: `n${i}`, latitude: 0, longitude: 0 }), recipientIds: [], now: new Date() })).id);
    }
    const app = await buildApp(container);
    try {
      const index = await app.inject({ url: '/sitemap.xml' });
      expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(locs(index.body)).toEqual(['notes-1', 'notes-2', 'notes-3', 'users-1'].map((part) => `http://pn.test/sitemap.xml?part=${part}`));
      const parts = await Promise.all(['notes-1', 'notes-2', 'notes-3'].map((part) => app.inject({ url: `/sitemap.xml?part=${part}` })));
      expect(parts.map((part) => locs(part.body).length)).toEqual([3, 3, 1]);
      expect(parts.flatMap((part) => locs(part.body))).toEqual(noteIds.map((id) => `http://pn.test/notes/${id}`));
      expect(locs((await app.inject({ url: '/sitemap.xml?part=users-1' })).body)).toEqual(['http://pn.test/users/big']);
      expect((await app.inject({ url: '/sitemap.xml?part=notes-4' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

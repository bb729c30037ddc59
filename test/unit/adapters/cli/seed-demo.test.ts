import type { DependencyContainer } from 'tsyringe';
import { ListNoteComments } from '../../../../src/application/comments/list-note-comments';
import { GetNotemap } from '../../../../src/application/notemaps/get-notemap';
import { ListNotemapNotes } from '../../../../src/application/notemaps/list-notemap-notes';
import { NOTE_VIEWS, type NoteViews } from '../../../../src/application/ports/note-views';
import { ListTagNotes } from '../../../../src/application/tags/list-tag-notes';
import { runCommand } from '../../../../src/adapters/cli/commands';
import type { Database } from '../../../../src/adapters/persistence/kysely/database';
import { buildContainer } from '../../../../src/container';
import { ANONYMOUS } from '../../../../src/domain/actor';
import { createTestDatabase } from '../../../support/test-database';
import { testConfig } from '../../../support/test-config';

interface Seed {
  users: { id: number; username: string }[];
  notes: { count: number; ids: number[]; private_note_id: number };
  notemaps: { count: number; ids: number[] };
  comments: { count: number; ids: number[] };
  tags: { count: number; names: string[] };
}

const PAGE = { offset: 0, limit: 100 };

/** What `seed:demo` must leave behind, read back through the use cases as an anonymous visitor would. */
async function expectDemoDataSet(c: DependencyContainer, seed: Seed): Promise<void> {
  expect(seed.users.map((u) => u.username)).toEqual(['demo_ana', 'demo_bruno', 'demo_carla']);

  // Notes in one city.
  const everyone = await c.resolve<NoteViews>(NOTE_VIEWS).list({ readerId: null, userId: null }, {}, PAGE);
  expect(everyone.total).toBe(19);
  expect(new Set(everyone.items.map((n) => n.location.city))).toEqual(new Set(['Lisbon']));

  // Notemaps, each owned by a different demo user and holding public notes.
  expect(seed.notemaps.count).toBe(3);
  expect(seed.notemaps.ids).toHaveLength(3);
  const owners = new Set<number>();
  for (const id of seed.notemaps.ids) {
    const notemap = await c.resolve(GetNotemap).execute(ANONYMOUS, id);
    owners.add(notemap.owner.id);
    expect(notemap.counts.notes).toBeGreaterThanOrEqual(4);
    const notes = await c.resolve(ListNotemapNotes).execute(ANONYMOUS, id, {}, PAGE);
    expect(notes.total).toBe(notemap.counts.notes);
    for (const note of notes.items) expect(seed.notes.ids).toContain(note.id);
  }
  expect(owners).toEqual(new Set(seed.users.map((u) => u.id)));

  // Comments, by several users, on public notes.
  expect(seed.comments.count).toBe(6);
  const commented = new Map<number, number>();
  const commenters = new Set<number>();
  for (const noteId of seed.notes.ids.filter((id) => id !== seed.notes.private_note_id)) {
    const page = await c.resolve(ListNoteComments).execute(ANONYMOUS, noteId, PAGE);
    if (page.total > 0) commented.set(noteId, page.total);
    for (const comment of page.items) commenters.add(comment.author.id);
  }
  expect([...commented.values()].reduce((a, b) => a + b, 0)).toBe(6);
  expect(commenters.size).toBe(3);

  // Tags, from the `tags` field and from #hashtags, each one the notes really carry.
  expect(seed.tags.names).toEqual(expect.arrayContaining(['viewpoint', 'food', 'history', 'alfama', 'market', 'tram']));
  expect(seed.tags.count).toBe(seed.tags.names.length);
  expect([...seed.tags.names].sort()).toEqual(seed.tags.names);
  for (const name of seed.tags.names) {
    const tagged = await c.resolve(ListTagNotes).execute(ANONYMOUS, name, {}, PAGE);
    expect({ name, total: tagged.total > 0 }).toEqual({ name, total: true });
  }
}

describe('seed:demo', () => {
  it('loads users, notes in one city, notemaps, comments and tags (memory adapters), and refuses to load twice', async () => {
    const c = buildContainer(testConfig(), { kind: 'memory' });
    const seed = await runCommand(c, 'seed:demo', []) as Seed;
    await expectDemoDataSet(c, seed);
    await expect(runCommand(c, 'seed:demo', [])).rejects.toMatchObject({ kind: 'conflict' });
  });

  describe('on the database (PGlite, or PostgreSQL with TEST_DATABASE_URL)', () => {
    let database: Database;
    beforeAll(async () => { database = await createTestDatabase(); });
    afterAll(() => database.close());

    it('loads the same data set through the Kysely adapters', async () => {
      const c = buildContainer(testConfig(), { kind: 'database', database });
      await expectDemoDataSet(c, await runCommand(c, 'seed:demo', []) as Seed);
    });
  });
});

import { sql } from 'kysely';
import type { Database } from '../../src/adapters/persistence/kysely/database';
import { KyselyNoteInserts } from '../../src/adapters/persistence/kysely/kysely-note-inserts';
import { createTestDatabase } from '../support/test-database';
import { Fixtures, type ContractAdapters, type TestUser } from './contract-adapters';
import { kyselyAdapters } from './kysely-adapters';

// The rows of note_tags name a note and a tag that exist, and go with them: what its two foreign keys did, now
// checked once per statement and cascaded by statement triggers (0014). What the ports cannot do (a row naming a
// note or a tag that does not exist, a tag deleted) is written here in SQL.
describe.each(process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const))(
  'Kysely note tags on %s: keys and cascades',
  (kind) => {
    let database: Database;
    let adapters: ContractAdapters;
    const fixtures = new Fixtures(() => adapters);
    let author: TestUser;

    const tagRows = async (noteIds: readonly number[]): Promise<{ note_id: number; name: string }[]> => {
      if (noteIds.length === 0) return [];
      const { rows } = await sql<{ note_id: number; name: string }>`
        select nt.note_id, t.name from note_tags nt join tags t on t.id = nt.tag_id
        where nt.note_id = any(${[...noteIds]}::int4[]) order by nt.note_id, nt.position`.execute(database.kysely);
      return rows;
    };
    const tagId = async (name: string): Promise<number> => {
      const { rows } = await sql<{ id: number }>`insert into tags (name) values (${name}) returning id`.execute(database.kysely);
      return rows[0]!.id;
    };
    const link = (noteId: number, tag: number, position = 0) =>
      sql`insert into note_tags (note_id, tag_id, explicit, position) values (${noteId}, ${tag}, true, ${position})`.execute(database.kysely);

    beforeAll(async () => {
      database = await createTestDatabase({ kind });
      adapters = kyselyAdapters(database);
      author = await fixtures.user();
    });
    afterAll(() => database.close());

    it('refuses a row naming a note that does not exist, as a foreign key would (23503), and keeps nothing of it', async () => {
      const tag = await tagId(fixtures.name('tag'));
      await expect(link(2_000_000_000, tag)).rejects.toMatchObject({ code: '23503', message: expect.stringContaining('note') as unknown });
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from note_tags where tag_id = ${tag}`.execute(database.kysely);
      expect(rows[0]?.n).toBe(0);
    });

    it('refuses a row naming a tag that does not exist, alone or among rows that are right', async () => {
      const noteId = await fixtures.note(author.id, { message: 'untagged' });
      const tag = await tagId(fixtures.name('tag'));
      await expect(link(noteId, 2_000_000_000)).rejects.toMatchObject({ code: '23503', message: expect.stringContaining('tag') as unknown });
      await expect(sql`insert into note_tags (note_id, tag_id, explicit, position)
        values (${noteId}, ${tag}, true, 0), (${noteId}, 2000000000, true, 1)`.execute(database.kysely)).rejects.toMatchObject({ code: '23503' });
      expect(await tagRows([noteId])).toEqual([]);
    });

    it('refuses an update that makes a row name a tag that does not exist', async () => {
      const name = fixtures.name('tag');
      const noteId = await fixtures.note(author.id, { message: `tagged #${name}` });
      await expect(sql`update note_tags set tag_id = 2000000000 where note_id = ${noteId}`.execute(database.kysely))
        .rejects.toMatchObject({ code: '23503' });
      expect(await tagRows([noteId])).toEqual([{ note_id: noteId, name }]);
    });

    it('accepts the rows of several new notes written in one statement with their new and existing tags', async () => {
      const [shared, fresh] = [fixtures.name('tag'), fixtures.name('tag')];
      await tagId(shared);
      const inserts = new KyselyNoteInserts(database.kysely);
      const views = await Promise.all(Array.from({ length: 6 }, (_, i) => inserts.insert({
        authorId: author.id, content: fixtures.content({ message: `#${shared} and #${fresh}${i}` }), recipientIds: [], now: fixtures.now(),
      })));
      expect(await tagRows(views.map((view) => view.id))).toEqual(views.flatMap((view, i) => [
        { note_id: view.id, name: shared }, { note_id: view.id, name: `${fresh}${i}` },
      ]));
    });

    it('deletes the rows of a deleted note, of the notes of a deleted user, and of a deleted tag', async () => {
      const [kept, gone] = [fixtures.name('tag'), fixtures.name('tag')];
      const owner = await fixtures.user();
      const ownersNote = await fixtures.note(owner.id, { message: `#${kept} #${gone}` });
      const first = await fixtures.note(author.id, { message: `#${kept} #${gone}` });
      const second = await fixtures.note(author.id, { message: `#${kept} #${gone}` });

      await expect(adapters.repositories.notes.delete(first)).resolves.toBe(true);
      expect(await tagRows([first])).toEqual([]);

      await sql`delete from users where id = ${owner.id}`.execute(database.kysely);
      expect(await tagRows([ownersNote])).toEqual([]);

      await sql`delete from tags where name = ${gone}`.execute(database.kysely);
      expect(await tagRows([second])).toEqual([{ note_id: second, name: kept }]);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from note_tags nt
        where not exists (select 1 from notes n where n.id = nt.note_id)
          or not exists (select 1 from tags t where t.id = nt.tag_id)`.execute(database.kysely);
      expect(rows[0]?.n).toBe(0);
    });
  },
);

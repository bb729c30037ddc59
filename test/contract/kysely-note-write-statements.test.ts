import type { Database } from '../../src/adapters/persistence/kysely/database';
import { createTestDatabase } from '../support/test-database';
import { Fixtures, type ContractAdapters, type TestUser } from './contract-adapters';
import { kyselyAdapters } from './kysely-adapters';

// The write side of a note: round trips of create and update, whatever the place, tags and recipients already are.
describe.each(process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const))(
  'Kysely note writes on %s: statements per call',
  (kind) => {
    const statements: string[] = [];
    let database: Database;
    let adapters: ContractAdapters;
    const fixtures = new Fixtures(() => adapters);
    let author: TestUser;
    let recipient: TestUser;

    const cost = async <T>(work: () => Promise<T>): Promise<[number, T]> => {
      statements.length = 0;
      const result = await work();
      return [statements.length, result];
    };

    beforeAll(async () => {
      database = await createTestDatabase({ kind, onQuery: (sql) => statements.push(sql) });
      adapters = kyselyAdapters(database);
      author = await fixtures.user();
      recipient = await fixtures.user();
    });
    afterAll(() => database.close());

    it('creates a note with a new place, new tags and a recipient in 4 statements', async () => {
      const tags = [fixtures.name('tag'), fixtures.name('tag')];
      const content = fixtures.content({ message: `hello #${tags[0]}`, tags, visibility: 'recipients', city: fixtures.name('city'), country: 'France' });
      const [count, id] = await cost(() => adapters.repositories.notes.create(author.id, content, [recipient.id], fixtures.now()));
      expect(count).toBe(4);
      await expect(adapters.repositories.notes.findById(id)).resolves.toMatchObject({
        tags: [...new Set([...content.tags, ...content.explicitTags])], explicitTags: content.explicitTags, recipientIds: [recipient.id],
      });
      expect(content.tags).toEqual(expect.arrayContaining(tags));
    });

    it('creates a note at a known place with known and new tags in 3 statements, reusing the place and the tags', async () => {
      const city = fixtures.name('city');
      const [known, fresh] = [fixtures.name('tag'), fixtures.name('tag')];
      const first = await fixtures.note(author.id, { city, country: 'Peru', tags: [known] });
      const content = fixtures.content({ city: city.toUpperCase(), country: 'peru', tags: [fresh, known] });
      const [count, second] = await cost(() => adapters.repositories.notes.create(author.id, content, [], fixtures.now()));
      expect(count).toBe(3);
      await expect(adapters.repositories.notes.findById(second)).resolves.toMatchObject({ tags: [fresh, known], explicitTags: content.explicitTags });
      const places = await database.kysely.selectFrom('notes').select('place_id').where('id', 'in', [first, second]).execute();
      expect(new Set(places.map((row) => row.place_id)).size).toBe(1);
      expect(places[0]?.place_id).not.toBeNull();
      const tagRows = await database.kysely.selectFrom('tags').select('id').where('name', 'in', [known, fresh]).execute();
      expect(tagRows).toHaveLength(2);
    });

    it('creates a note without place, tags or recipients in 1 statement', async () => {
      const [count] = await cost(() => adapters.repositories.notes.create(author.id, fixtures.content({ message: 'plain' }), [], fixtures.now()));
      expect(count).toBe(1);
    });
  },
);

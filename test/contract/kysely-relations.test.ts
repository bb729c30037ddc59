import type { Kysely } from 'kysely';
import type { Database } from '../../src/adapters/persistence/kysely/database';
import type { Schema } from '../../src/adapters/persistence/kysely/schema';
import { createTestDatabase } from '../support/test-database';
import { anonymous, Fixtures, readerOf, withoutReadall, type ContractAdapters } from './contract-adapters';
import { kyselyAdapters } from './kysely-adapters';

// Tables later features write (favorites, finds, comments, notemaps, follows) have no ports yet:
// these tests seed them with the query builder to check what the read models and cascades make of them.
describe('Kysely: relations the read models count and deletes cascade', () => {
  let database: Database;
  let db: Kysely<Schema>;
  let adapters: ContractAdapters;
  const fixtures = new Fixtures(() => adapters);

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.kysely;
    adapters = kyselyAdapters(database);
  });
  afterAll(() => database.close());

  it('flags the notes the viewer favorited or found, whatever their readall', async () => {
    const [author, fan, other] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
    const note = await fixtures.note(author.id);
    const now = fixtures.now();
    await db.insertInto('note_favorites').values({ note_id: note, user_id: fan.id, created_at: now }).execute();
    await db.insertInto('note_finds').values({ note_id: note, user_id: fan.id, created_at: now }).execute();

    await expect(adapters.noteViews.get(withoutReadall(fan.id), note)).resolves.toMatchObject({ viewer: { isFavorited: true, isFound: true } });
    await expect(adapters.noteViews.get(readerOf(other.id), note)).resolves.toMatchObject({ viewer: { isFavorited: false, isFound: false } });
    await expect(adapters.noteViews.get(anonymous, note)).resolves.toMatchObject({ viewer: { isFavorited: false, isFound: false } });
    const page = await adapters.noteViews.list(readerOf(fan.id), { authorId: author.id }, { offset: 0, limit: 20 });
    expect(page.items[0]?.viewer).toEqual({ isFavorited: true, isFound: true });
  });

  it('counts a profile’s follows, notemaps, followed places and readable favorites', async () => {
    const [user, friend, fan, author] = [await fixtures.user(), await fixtures.user(), await fixtures.user(), await fixtures.user()];
    const now = fixtures.now();
    await db.insertInto('user_follows').values([
      { follower_id: user.id, followed_id: friend.id, created_at: now },
      { follower_id: fan.id, followed_id: user.id, created_at: now },
      { follower_id: friend.id, followed_id: user.id, created_at: now },
    ]).execute();
    const notemap = await db.insertInto('notemaps')
      .values({ owner_id: friend.id, name: 'Cafés', description: null, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('notemaps').values({ owner_id: user.id, name: 'Mine', description: null, created_at: now, updated_at: now }).execute();
    await db.insertInto('notemap_follows').values({ notemap_id: notemap.id, user_id: user.id, created_at: now }).execute();
    const place = await db.insertInto('places').values({ city: 'Quito', state: null, country: 'Ecuador', key: fixtures.name('place') })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('place_follows').values({ place_id: place.id, user_id: user.id, created_at: now }).execute();
    const publicNote = await fixtures.note(author.id);
    // A followed place counts while the viewer may read one of its notes.
    await db.updateTable('notes').set({ place_id: place.id }).where('id', '=', publicNote).execute();
    const privateNote = await fixtures.note(author.id, { visibility: 'self' });
    await db.insertInto('note_favorites').values([
      { note_id: publicNote, user_id: user.id, created_at: now },
      { note_id: privateNote, user_id: user.id, created_at: now },
    ]).execute();

    await expect(adapters.userViews.get(anonymous, user.id)).resolves.toMatchObject({
      counts: { favorites: 1, followedNotemaps: 1, followedPlaces: 1, followers: 2, following: 1, notemaps: 1, notes: 0 },
    });
    await expect(adapters.userViews.get(readerOf(author.id), user.id)).resolves.toMatchObject({ counts: { favorites: 2 } });
  });

  it('gives notes at the same city, state and country one place, whatever the case', async () => {
    const author = await fixtures.user();
    const a = await fixtures.note(author.id, { city: 'Kyoto', country: 'Japan' });
    const b = await fixtures.note(author.id, { city: 'KYOTO', country: 'japan' });
    const c = await fixtures.note(author.id, { city: 'Kyoto', state: 'Kyoto', country: 'Japan' });
    const none = await fixtures.note(author.id);
    const places = await db.selectFrom('notes').select(['id', 'place_id']).where('id', 'in', [a, b, c, none]).orderBy('id').execute();
    const [pa, pb, pc, pn] = places.map((row) => row.place_id);
    expect(pa).toEqual(expect.any(Number));
    expect(pb).toBe(pa);
    expect(pc).not.toBe(pa);
    expect(pn).toBeNull();

    await adapters.repositories.notes.update(none, fixtures.content({ city: 'kyoto', country: 'JAPAN' }), null, fixtures.now());
    const moved = await db.selectFrom('notes').select('place_id').where('id', '=', none).executeTakeFirstOrThrow();
    expect(moved.place_id).toBe(pa);
  });

  it('deleting a note leaves no row that hangs off it', async () => {
    const [author, other] = [await fixtures.user(), await fixtures.user()];
    const note = await fixtures.note(author.id, { tags: [fixtures.name('tag')], message: `#${fixtures.name('tag')}`, visibility: 'recipients' }, [other.id]);
    const kept = await fixtures.note(author.id, { tags: [fixtures.name('tag')] });
    const now = fixtures.now();
    const comment = await db.insertInto('comments')
      .values({ note_id: note, author_id: other.id, title: null, body: 'Nice', created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('comment_favorites').values({ comment_id: comment.id, user_id: author.id, created_at: now }).execute();
    await db.insertInto('note_favorites').values({ note_id: note, user_id: other.id, created_at: now }).execute();
    await db.insertInto('note_finds').values({ note_id: note, user_id: other.id, created_at: now }).execute();
    const notemap = await db.insertInto('notemaps')
      .values({ owner_id: other.id, name: 'Map', description: null, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('notemap_notes').values([
      { notemap_id: notemap.id, note_id: note, added_at: now },
      { notemap_id: notemap.id, note_id: kept, added_at: now },
    ]).execute();

    await expect(adapters.repositories.notes.delete(note)).resolves.toBe(true);

    const left = async (table: 'note_tags' | 'note_recipients' | 'comments' | 'note_favorites' | 'note_finds' | 'notemap_notes') =>
      (await db.selectFrom(table).select('note_id').where('note_id', '=', note).execute()).length;
    for (const table of ['note_tags', 'note_recipients', 'comments', 'note_favorites', 'note_finds', 'notemap_notes'] as const) {
      await expect(left(table)).resolves.toBe(0);
    }
    const commentFavorites = await db.selectFrom('comment_favorites').select('user_id').where('comment_id', '=', comment.id).execute();
    expect(commentFavorites).toEqual([]);
    // What belongs to others stays.
    const notemapNotes = await db.selectFrom('notemap_notes').select('note_id').where('notemap_id', '=', notemap.id).execute();
    expect(notemapNotes).toEqual([{ note_id: kept }]);
    await expect(adapters.repositories.users.findById(other.id)).resolves.not.toBeNull();
  });
});

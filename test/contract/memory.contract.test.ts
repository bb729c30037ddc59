import { MemoryAccountExportViews } from '../../src/adapters/persistence/memory/memory-account-export-views';
import { MemoryTwoStepRepository } from '../../src/adapters/persistence/memory/memory-two-step-repository';
import { MemoryChangeFeed } from '../../src/adapters/persistence/memory/memory-change-feed';
import { MemoryAuthorizationViews } from '../../src/adapters/persistence/memory/memory-authorization-views';
import { MemoryCommentViews } from '../../src/adapters/persistence/memory/memory-comment-views';
import { MemoryBlockViews } from '../../src/adapters/persistence/memory/memory-block-views';
import { MemoryFollowViews } from '../../src/adapters/persistence/memory/memory-follow-views';
import { MemoryNoteUserListViews } from '../../src/adapters/persistence/memory/memory-note-user-list-views';
import { MemoryNoteInserts } from '../../src/adapters/persistence/memory/memory-note-inserts';
import { MemoryNoteViews } from '../../src/adapters/persistence/memory/memory-note-views';
import { MemoryPlaceViews } from '../../src/adapters/persistence/memory/memory-place-views';
import { MemoryNotemapUserViews } from '../../src/adapters/persistence/memory/memory-notemap-user-views';
import { MemoryNotemapViews } from '../../src/adapters/persistence/memory/memory-notemap-views';
import { MemoryStore } from '../../src/adapters/persistence/memory/memory-store';
import { MemoryTagViews } from '../../src/adapters/persistence/memory/memory-tag-views';
import { MemoryUnitOfWork, memoryRepositories } from '../../src/adapters/persistence/memory/memory-unit-of-work';
import { MemoryUserViews } from '../../src/adapters/persistence/memory/memory-user-views';
import { MemoryNotePageViews } from '../../src/adapters/persistence/memory/memory-note-page-views';
import { MemorySitemapViews } from '../../src/adapters/persistence/memory/memory-sitemap-views';
import { MemoryViewCounter } from '../../src/adapters/persistence/memory/memory-view-counter';
import { anonymous, Fixtures, readerOf, withoutReadall } from './contract-adapters';
import { repositoryContract, type ContractAdapters } from './repository-contract';

/** The memory adapters over one store. */
function memoryAdapters(store: MemoryStore): ContractAdapters {
  return {
    repositories: memoryRepositories(store),
    authorizationViews: new MemoryAuthorizationViews(store),
    sitemapViews: new MemorySitemapViews(store),
    notePageViews: new MemoryNotePageViews(store),
    accountExport: new MemoryAccountExportViews(store),
    changeFeed: new MemoryChangeFeed(store),
    twoStep: new MemoryTwoStepRepository(store),
    uow: new MemoryUnitOfWork(store),
    noteViews: new MemoryNoteViews(store),
    noteInserts: new MemoryNoteInserts(store),
    userViews: new MemoryUserViews(store),
    tagViews: new MemoryTagViews(store),
    viewCounter: new MemoryViewCounter(store),
    commentViews: new MemoryCommentViews(store),
    noteUserLists: new MemoryNoteUserListViews(store),
    followViews: new MemoryFollowViews(store),
    blockViews: new MemoryBlockViews(store),
    placeViews: new MemoryPlaceViews(store),
    notemapViews: new MemoryNotemapViews(store),
    notemapUserViews: new MemoryNotemapUserViews(store),
    close: async () => {},
  };
}

repositoryContract('memory', async () => memoryAdapters(new MemoryStore()));

// Relations later features write (favorites, finds, comments, notemaps, follows) have no ports yet:
// these tests seed the store to check what the read models and deletes make of them, as the Kysely ones do.
describe('memory: relations the read models count and deletes cascade', () => {
  const store = new MemoryStore();
  const adapters = memoryAdapters(store);
  const fixtures = new Fixtures(() => adapters);

  it('flags the notes the viewer favorited or found, whatever their readall', async () => {
    const [author, fan, other] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
    const note = await fixtures.note(author.id);
    const createdAt = fixtures.now();
    store.state.favorites.push({ noteId: note, userId: fan.id, createdAt });
    store.state.finds.push({ noteId: note, userId: fan.id, createdAt });

    await expect(adapters.noteViews.get(withoutReadall(fan.id), note)).resolves.toMatchObject({ viewer: { isFavorited: true, isFound: true } });
    await expect(adapters.noteViews.get(readerOf(other.id), note)).resolves.toMatchObject({ viewer: { isFavorited: false, isFound: false } });
    await expect(adapters.noteViews.get(anonymous, note)).resolves.toMatchObject({ viewer: { isFavorited: false, isFound: false } });
    const page = await adapters.noteViews.list(readerOf(fan.id), { authorId: author.id }, { offset: 0, limit: 20 });
    expect(page.items[0]?.viewer).toEqual({ isFavorited: true, isFound: true });
  });

  it('counts the comments, favoriters, finders, notemaps and tags of a note', async () => {
    const [author, a, b] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
    const note = await fixtures.note(author.id, { tags: [fixtures.name('tag')], message: `#${fixtures.name('tag')}` });
    const createdAt = fixtures.now();
    const comment = (authorId: number) => ({
      id: store.nextId('comments'), noteId: note, authorId, title: null, comment: 'Nice', createdAt, updatedAt: createdAt,
    });
    store.state.comments.push(comment(a.id), comment(b.id), comment(a.id));
    store.state.favorites.push({ noteId: note, userId: a.id, createdAt }, { noteId: note, userId: b.id, createdAt });
    store.state.finds.push({ noteId: note, userId: b.id, createdAt });
    const notemap = { id: store.nextId('notemaps'), ownerId: a.id, name: 'Map', description: null, lastNoteAddedAt: createdAt, createdAt, updatedAt: createdAt };
    store.state.notemaps.push(notemap);
    store.state.notemapNotes.push({ notemapId: notemap.id, noteId: note, addedAt: createdAt });

    await expect(adapters.noteViews.get(anonymous, note)).resolves.toMatchObject({
      counts: { comments: 3, favoriters: 2, finders: 1, notemaps: 1, tags: 2 },
    });
  });

  it('counts a profile’s follows, notemaps, followed places and readable favorites', async () => {
    const [user, friend, fan, author] = [await fixtures.user(), await fixtures.user(), await fixtures.user(), await fixtures.user()];
    const createdAt = fixtures.now();
    store.state.userFollows.push(
      { followerId: user.id, followedId: friend.id, createdAt },
      { followerId: fan.id, followedId: user.id, createdAt },
      { followerId: friend.id, followedId: user.id, createdAt },
    );
    const notemap = (ownerId: number) => ({
      id: store.nextId('notemaps'), ownerId, name: 'Cafés', description: null, lastNoteAddedAt: null, createdAt, updatedAt: createdAt,
    });
    const friends = notemap(friend.id);
    store.state.notemaps.push(friends, notemap(user.id));
    store.state.notemapFollows.push({ notemapId: friends.id, userId: user.id, createdAt });
    const place = { id: store.nextId('places'), city: 'Quito', state: null, country: 'Ecuador' };
    store.state.places.push(place);
    store.state.placeFollows.push({ placeId: place.id, userId: user.id, createdAt });
    const publicNote = await fixtures.note(author.id);
    // A followed place counts while the viewer may read one of its notes.
    for (const n of store.state.notes) if (n.id === publicNote) n.placeId = place.id;
    const privateNote = await fixtures.note(author.id, { visibility: 'self' });
    store.state.favorites.push({ noteId: publicNote, userId: user.id, createdAt }, { noteId: privateNote, userId: user.id, createdAt });

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
    const placeOf = (id: number) => store.state.notes.find((n) => n.id === id)?.placeId;
    expect(placeOf(a)).toEqual(expect.any(Number));
    expect(placeOf(b)).toBe(placeOf(a));
    expect(placeOf(c)).not.toBe(placeOf(a));
    expect(placeOf(none)).toBeNull();

    await adapters.repositories.notes.update(none, fixtures.content({ city: 'kyoto', country: 'JAPAN' }), null, fixtures.now());
    expect(placeOf(none)).toBe(placeOf(a));
  });

  it('deleting a note leaves nothing that hangs off it, and keeps what belongs to others', async () => {
    const [author, other] = [await fixtures.user(), await fixtures.user()];
    const note = await fixtures.note(author.id, { tags: [fixtures.name('tag')], message: `#${fixtures.name('tag')}`, visibility: 'recipients' }, [other.id]);
    const kept = await fixtures.note(author.id, { tags: [fixtures.name('tag')] });
    const createdAt = fixtures.now();
    const comment = { id: store.nextId('comments'), noteId: note, authorId: other.id, title: null, comment: 'Nice', createdAt, updatedAt: createdAt };
    store.state.comments.push(comment);
    store.state.commentFavorites.push({ commentId: comment.id, userId: author.id, createdAt });
    store.state.favorites.push({ noteId: note, userId: other.id, createdAt });
    store.state.finds.push({ noteId: note, userId: other.id, createdAt });
    const notemap = { id: store.nextId('notemaps'), ownerId: other.id, name: 'Map', description: null, lastNoteAddedAt: createdAt, createdAt, updatedAt: createdAt };
    store.state.notemaps.push(notemap);
    store.state.notemapNotes.push({ notemapId: notemap.id, noteId: note, addedAt: createdAt }, { notemapId: notemap.id, noteId: kept, addedAt: createdAt });

    await expect(adapters.repositories.notes.delete(note)).resolves.toBe(true);

    const { state } = store;
    for (const rows of [state.noteTags, state.recipients, state.comments, state.favorites, state.finds, state.notemapNotes]) {
      expect(rows.filter((row) => row.noteId === note)).toEqual([]);
    }
    expect(state.commentFavorites.filter((f) => f.commentId === comment.id)).toEqual([]);
    expect(state.notemapNotes.filter((nn) => nn.notemapId === notemap.id).map((nn) => nn.noteId)).toEqual([kept]);
    await expect(adapters.repositories.notes.delete(note)).resolves.toBe(false);
    await expect(adapters.repositories.users.findById(other.id)).resolves.not.toBeNull();
  });

  it('returns copies: changing what a read returned changes nothing stored', async () => {
    const author = await fixtures.user();
    const id = await fixtures.note(author.id, { tags: [fixtures.name('tag')], city: 'Oslo' });
    const note = await adapters.repositories.notes.findById(id);
    const view = await adapters.noteViews.get(anonymous, id);
    const user = await adapters.repositories.users.findById(author.id);
    if (!note || !view || !user) throw new Error('expected the note, its view and its author');
    note.tags.push('mutated');
    note.location.city = 'mutated';
    view.location.city = 'mutated';
    view.author.username = 'mutated';
    user.createdAt.setTime(0);

    await expect(adapters.repositories.notes.findById(id)).resolves.toMatchObject({ tags: note.tags.slice(0, 1), location: { city: 'Oslo' } });
    await expect(adapters.noteViews.get(anonymous, id)).resolves.toMatchObject({ location: { city: 'Oslo' }, author: { username: author.username } });
    await expect(adapters.repositories.users.findById(author.id)).resolves.not.toMatchObject({ createdAt: new Date(0) });
  });
});

import type { DependencyContainer } from 'tsyringe';
import { FavoriteNote } from '../../../src/application/favorites/favorite-note';
import { ListNoteUsers } from '../../../src/application/favorites/list-note-users';
import { ListUserNotes } from '../../../src/application/users/list-user-notes';
import { UnfavoriteNote } from '../../../src/application/favorites/unfavorite-note';
import { MarkFound } from '../../../src/application/finders/mark-found';
import { UnmarkFound } from '../../../src/application/finders/unmark-found';
import { CreateNote } from '../../../src/application/notes/create-note';
import { ANONYMOUS, userActor, type Actor } from '../../../src/domain/actor';
import { HERE, memoryApplication, rejectsWith } from '../../support/use-cases';

const PAGE = { offset: 0, limit: 20 };

describe('favorite and finder use cases (memory adapters)', () => {
  let c: DependencyContainer;
  let ann: number;
  let ben: number;
  let annNotes: Actor;
  let benWrite: Actor;

  beforeEach(async () => {
    const app = memoryApplication();
    c = app.container;
    const create = app.createUser;
    ann = await create('ann');
    ben = await create('ben');
    annNotes = userActor(ann, ['notes']);
    benWrite = userActor(ben, ['write']);
  });

  const note = async (fields: object = {}) => (await c.resolve(CreateNote).execute(annNotes, { message: 'x', ...HERE, ...fields })).id;

  it('favoriting needs a signed-in user holding write, and a note they may read', async () => {
    const favorite = c.resolve(FavoriteNote);
    const open = await note();
    const hidden = await note({ visibility: 'self' });
    await rejectsWith(favorite.execute(ANONYMOUS, open), 'unauthenticated');
    expect((await rejectsWith(favorite.execute(userActor(ben, ['read']), open), 'insufficient_scope')).details.scope).toBe('write');
    await rejectsWith(favorite.execute(benWrite, hidden), 'not_found');
    await expect(favorite.execute(benWrite, open)).resolves.toBe(true);
    await expect(favorite.execute(benWrite, open)).resolves.toBe(false);
    await expect(c.resolve(ListNoteUsers).execute(ANONYMOUS, open, 'favoriters', PAGE)).resolves.toMatchObject({ total: 1, items: [{ id: ben }] });
  });

  it('only the user themselves removes a favorite or a find; a hidden note is 404 before that', async () => {
    const open = await note();
    const hidden = await note({ visibility: 'self' });
    await c.resolve(FavoriteNote).execute(benWrite, open);
    await c.resolve(MarkFound).execute(benWrite, open);
    const unfavorite = c.resolve(UnfavoriteNote);
    const unmark = c.resolve(UnmarkFound);

    await rejectsWith(unfavorite.execute(annNotes, open, ben), 'forbidden');
    await rejectsWith(unmark.execute(annNotes, open, ben), 'forbidden');
    await rejectsWith(unfavorite.execute(benWrite, hidden, ann), 'not_found');
    await unfavorite.execute(benWrite, open, ben);
    await rejectsWith(unfavorite.execute(benWrite, open, ben), 'not_found');
    await unmark.execute(benWrite, open, ben);
    await rejectsWith(unmark.execute(benWrite, open, ben), 'not_found');
  });

  it('lists are 404 for a note or user the actor cannot reach', async () => {
    const hidden = await note({ visibility: 'self' });
    await rejectsWith(c.resolve(ListNoteUsers).execute(benWrite, hidden, 'favoriters', PAGE), 'not_found');
    await rejectsWith(c.resolve(ListNoteUsers).execute(ANONYMOUS, hidden, 'finders', PAGE), 'not_found');
    await expect(c.resolve(ListNoteUsers).execute(annNotes, hidden, 'finders', PAGE)).resolves.toEqual({ items: [], total: 0 });
    await rejectsWith(c.resolve(ListUserNotes).execute(ANONYMOUS, 999_999, 'favorites', {}, PAGE), 'not_found');
    await expect(c.resolve(ListUserNotes).execute(ANONYMOUS, ben, 'favorites', {}, PAGE)).resolves.toEqual({ items: [], total: 0 });
  });
});

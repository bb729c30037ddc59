import type { DependencyContainer } from 'tsyringe';
import { FavoriteNote } from '../../../src/application/favorites/favorite-note';
import { ListFavoriters } from '../../../src/application/favorites/list-favoriters';
import { ListUserFavorites } from '../../../src/application/favorites/list-user-favorites';
import { UnfavoriteNote } from '../../../src/application/favorites/unfavorite-note';
import { ListFinders } from '../../../src/application/finders/list-finders';
import { MarkFound } from '../../../src/application/finders/mark-found';
import { UnmarkFound } from '../../../src/application/finders/unmark-found';
import { CreateNote } from '../../../src/application/notes/create-note';
import { UNIT_OF_WORK, type UnitOfWork } from '../../../src/application/ports/unit-of-work';
import { buildContainer } from '../../../src/container';
import { ANONYMOUS, userActor, type Actor } from '../../../src/domain/actor';
import { DomainError } from '../../../src/domain/domain-error';
import { testConfig } from '../../support/test-config';

const HERE = { latitude: 48.85, longitude: 2.35 };
const PAGE = { offset: 0, limit: 20 };

async function rejectsWith(promise: Promise<unknown>, kind: DomainError['kind']): Promise<DomainError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).kind).toBe(kind);
  return error as DomainError;
}

describe('favorite and finder use cases (memory adapters)', () => {
  let c: DependencyContainer;
  let ann: number;
  let ben: number;
  let annNotes: Actor;
  let benWrite: Actor;

  beforeEach(async () => {
    c = buildContainer(testConfig(), { kind: 'memory' });
    const uow = c.resolve<UnitOfWork>(UNIT_OF_WORK);
    const create = (username: string) => uow.run(({ users }) =>
      users.create({ username, email: `${username}@x.org`, passwordHash: 'h', name: null, avatarHash: '0'.repeat(32) }, new Date()));
    ann = await create('ann');
    ben = await create('ben');
    annNotes = userActor(ann, ['notes']);
    benWrite = userActor(ben, ['write']);
  });

  const note = (fields: object = {}) => c.resolve(CreateNote).execute(annNotes, { message: 'x', ...HERE, ...fields });

  it('favoriting needs a signed-in user holding write, and a note they may read', async () => {
    const favorite = c.resolve(FavoriteNote);
    const open = await note();
    const hidden = await note({ visibility: 'self' });
    await rejectsWith(favorite.execute(ANONYMOUS, open), 'unauthenticated');
    expect((await rejectsWith(favorite.execute(userActor(ben, ['read']), open), 'insufficient_scope')).details.scope).toBe('write');
    await rejectsWith(favorite.execute(benWrite, hidden), 'not_found');
    await expect(favorite.execute(benWrite, open)).resolves.toBe(true);
    await expect(favorite.execute(benWrite, open)).resolves.toBe(false);
    await expect(c.resolve(ListFavoriters).execute(ANONYMOUS, open, PAGE)).resolves.toMatchObject({ total: 1, items: [{ id: ben }] });
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
    await rejectsWith(c.resolve(ListFavoriters).execute(benWrite, hidden, PAGE), 'not_found');
    await rejectsWith(c.resolve(ListFinders).execute(ANONYMOUS, hidden, PAGE), 'not_found');
    await expect(c.resolve(ListFinders).execute(annNotes, hidden, PAGE)).resolves.toEqual({ items: [], total: 0 });
    await rejectsWith(c.resolve(ListUserFavorites).execute(ANONYMOUS, 999_999, {}, PAGE), 'not_found');
    await expect(c.resolve(ListUserFavorites).execute(ANONYMOUS, ben, {}, PAGE)).resolves.toEqual({ items: [], total: 0 });
  });
});

import type { DependencyContainer } from 'tsyringe';
import { CreateNote } from '../../../src/application/notes/create-note';
import { UpdateNote } from '../../../src/application/notes/update-note';
import { FollowPlace } from '../../../src/application/places/follow-place';
import { ListPlaceFollowers } from '../../../src/application/places/list-place-followers';
import { UnfollowPlace } from '../../../src/application/places/unfollow-place';
import { ANONYMOUS, userActor, type Actor } from '../../../src/domain/actor';
import { HERE, memoryApplication, rejectsWith } from '../../support/use-cases';

const PAGE = { offset: 0, limit: 20 };

describe('place follow use cases (memory adapters)', () => {
  let c: DependencyContainer;
  let ann: number;
  let ben: number;
  let annNotes: Actor;
  let benWrite: Actor;
  let cyWrite: Actor;
  let noteId: number;
  let placeId: number;

  beforeEach(async () => {
    const app = memoryApplication();
    c = app.container;
    ann = await app.createUser('ann');
    ben = await app.createUser('ben');
    annNotes = userActor(ann, ['notes', 'write']);
    benWrite = userActor(ben, ['write']);
    cyWrite = userActor(await app.createUser('cy'), ['write']);
    const note = await c.resolve(CreateNote).execute(annNotes, { message: 'x', ...HERE, city: 'Lisboa', country: 'Portugal' });
    noteId = note.id;
    placeId = note.place?.id ?? Number.NaN;
  });

  const hide = () => c.resolve(UpdateNote).execute(annNotes, noteId, { visibility: 'self' });
  const followers = async () => (await c.resolve(ListPlaceFollowers).execute(ANONYMOUS, placeId, PAGE)).items.map((u) => u.id);

  it('follows a place the actor can see: scope write, true the first time, false on a repeat, 404 for one out of sight', async () => {
    const follow = c.resolve(FollowPlace);
    await rejectsWith(follow.execute(ANONYMOUS, placeId), 'unauthenticated');
    await rejectsWith(follow.execute(userActor(ben, ['read']), placeId), 'insufficient_scope');
    await expect(follow.execute(benWrite, placeId)).resolves.toBe(true);
    await expect(follow.execute(benWrite, placeId)).resolves.toBe(false);
    expect((await rejectsWith(follow.execute(benWrite, 999_999), 'not_found')).message).toBe('place 999999 does not exist');
    await hide();
    expect((await rejectsWith(follow.execute(cyWrite, placeId), 'not_found')).message).toBe(`place ${placeId} does not exist`);
  });

  it('unfollows for the actor only: 403 for another user\'s follow of a place in sight, 404 when there is none', async () => {
    const unfollow = c.resolve(UnfollowPlace);
    await c.resolve(FollowPlace).execute(benWrite, placeId);
    await rejectsWith(unfollow.execute(userActor(ben, ['read']), placeId, ben), 'insufficient_scope');
    const forbidden = await rejectsWith(unfollow.execute(cyWrite, placeId, ben), 'forbidden');
    expect(forbidden.message).toBe(`only user ${ben} may end their follow of place ${placeId}`);
    expect(await followers()).toEqual([ben]);
    await unfollow.execute(benWrite, placeId, ben);
    expect(await followers()).toEqual([]);
    expect((await rejectsWith(unfollow.execute(benWrite, placeId, ben), 'not_found')).message).toBe(`user ${ben} does not follow place ${placeId}`);
  });

  it('lets a follower leave a place out of their sight; for anyone else, or with no follow, that place is 404', async () => {
    const unfollow = c.resolve(UnfollowPlace);
    await c.resolve(FollowPlace).execute(benWrite, placeId);
    await hide();
    const notFound = `place ${placeId} does not exist`;
    expect((await rejectsWith(unfollow.execute(cyWrite, placeId, ben), 'not_found')).message).toBe(notFound);
    await expect(unfollow.execute(benWrite, placeId, ben)).resolves.toBeUndefined();
    expect((await rejectsWith(unfollow.execute(benWrite, placeId, ben), 'not_found')).message).toBe(notFound);
    expect((await rejectsWith(unfollow.execute(cyWrite, 999_999, ben), 'not_found')).message).toBe('place 999999 does not exist');
  });
});

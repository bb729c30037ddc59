import type { DependencyContainer } from 'tsyringe';
import { CreateComment } from '../../../src/application/comments/create-comment';
import { DeleteComment } from '../../../src/application/comments/delete-comment';
import { FavoriteComment } from '../../../src/application/comments/favorite-comment';
import { GetComment } from '../../../src/application/comments/get-comment';
import { ListNoteComments } from '../../../src/application/comments/list-note-comments';
import { UnfavoriteComment } from '../../../src/application/comments/unfavorite-comment';
import { UpdateComment } from '../../../src/application/comments/update-comment';
import { CreateNote } from '../../../src/application/notes/create-note';
import { ANONYMOUS, userActor, type Actor } from '../../../src/domain/actor';
import { HERE, memoryApplication, rejectsWith } from '../../support/use-cases';

describe('comment use cases (memory adapters)', () => {
  let c: DependencyContainer;
  let ann: Actor;
  let ben: Actor;
  let cat: Actor;
  let publicNote: number;
  let selfNote: number;

  beforeEach(async () => {
    const app = memoryApplication();
    c = app.container;
    const create = app.createUser;
    ann = userActor(await create('ann'), ['notes']);
    ben = userActor(await create('ben'), ['write']);
    cat = userActor(await create('cat'), ['write']);
    publicNote = (await c.resolve(CreateNote).execute(ann, { message: 'open', ...HERE })).id;
    selfNote = (await c.resolve(CreateNote).execute(ann, { message: 'mine', visibility: 'self', ...HERE })).id;
  });

  it('creating needs write and a note the actor may read', async () => {
    const createComment = c.resolve(CreateComment);
    await rejectsWith(createComment.execute(ANONYMOUS, publicNote, { comment: 'x' }), 'unauthenticated');
    await rejectsWith(createComment.execute(userActor(ben.userId ?? 0, ['read']), publicNote, { comment: 'x' }), 'insufficient_scope');
    await rejectsWith(createComment.execute(ben, selfNote, { comment: 'x' }), 'not_found');
    await rejectsWith(createComment.execute(ben, publicNote, { comment: '' }), 'invalid');
    const id = await createComment.execute(ben, publicNote, { comment: 'hello' });
    await expect(c.resolve(GetComment).execute(ANONYMOUS, publicNote, id)).resolves.toMatchObject({ comment: 'hello' });
    await expect(c.resolve(ListNoteComments).execute(ANONYMOUS, publicNote, { offset: 0, limit: 20 })).resolves.toMatchObject({ total: 1 });
    await rejectsWith(c.resolve(ListNoteComments).execute(ANONYMOUS, selfNote, { offset: 0, limit: 20 }), 'not_found');
  });

  it('names what is missing when a comment is not found', async () => {
    const id = await c.resolve(CreateComment).execute(ben, publicNote, { comment: 'hello' });
    const getComment = c.resolve(GetComment);
    expect((await rejectsWith(getComment.execute(ANONYMOUS, selfNote, id), 'not_found')).message).toBe(`note ${selfNote} does not exist`);
    expect((await rejectsWith(getComment.execute(ANONYMOUS, publicNote, 999), 'not_found')).message).toBe('comment 999 does not exist');
  });

  it('only the author edits; the author or the note’s author deletes', async () => {
    const createComment = c.resolve(CreateComment);
    const id = await createComment.execute(ben, publicNote, { comment: 'hello', title: 'Hi' });
    await rejectsWith(c.resolve(UpdateComment).execute(ann, publicNote, id, { comment: 'hijack' }), 'forbidden');
    await c.resolve(UpdateComment).execute(ben, publicNote, id, { comment: 'edited' });
    await expect(c.resolve(GetComment).execute(ANONYMOUS, publicNote, id)).resolves.toMatchObject({ comment: 'edited', title: 'Hi' });
    await rejectsWith(c.resolve(DeleteComment).execute(cat, publicNote, id), 'forbidden');
    await c.resolve(DeleteComment).execute(ann, publicNote, id);
    await rejectsWith(c.resolve(GetComment).execute(ANONYMOUS, publicNote, id), 'not_found');
  });

  it('favorites once, and unfavorites only for the actor', async () => {
    const id = await c.resolve(CreateComment).execute(ann, publicNote, { comment: 'like me' });
    const favorite = c.resolve(FavoriteComment);
    const unfavorite = c.resolve(UnfavoriteComment);
    await expect(favorite.execute(ben, publicNote, id)).resolves.toBe(true);
    await expect(favorite.execute(ben, publicNote, id)).resolves.toBe(false);
    await rejectsWith(unfavorite.execute(cat, publicNote, id, ben.userId ?? 0), 'forbidden');
    await rejectsWith(unfavorite.execute(cat, publicNote, id, cat.userId ?? 0), 'not_found');
    await unfavorite.execute(ben, publicNote, id, ben.userId ?? 0);
    await expect(c.resolve(GetComment).execute(ben, publicNote, id)).resolves.toMatchObject({ favoritersCount: 0 });
  });
});

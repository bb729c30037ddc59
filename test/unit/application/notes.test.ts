import type { DependencyContainer } from 'tsyringe';
import { CreateNote } from '../../../src/application/notes/create-note';
import { DeleteNote } from '../../../src/application/notes/delete-note';
import { GetNote } from '../../../src/application/notes/get-note';
import { UpdateNote } from '../../../src/application/notes/update-note';
import { BLOB_STORE } from '../../../src/application/ports/blob-store';
import { NOTE_INSERTS, type NewNote, type NoteInserts } from '../../../src/application/ports/note-inserts';
import { VIEW_COUNTER, type ViewCounter } from '../../../src/application/ports/view-counter';
import { MemoryBlobStore } from '../../../src/adapters/blobs/memory-blob-store';
import { ListTagNotes } from '../../../src/application/tags/list-tag-notes';
import { ListUserNotes } from '../../../src/application/users/list-user-notes';
import { ANONYMOUS, userActor, type Actor } from '../../../src/domain/actor';
import { makeImage } from '../../support/multipart';
import { HERE, memoryApplication, rejectsWith } from '../../support/use-cases';

describe('note use cases (memory adapters)', () => {
  let c: DependencyContainer;
  let ann: number;
  let ben: number;
  let annNotes: Actor;
  let benNotes: Actor;

  beforeEach(async () => {
    const app = memoryApplication();
    c = app.container;
    const create = app.createUser;
    ann = await create('ann');
    ben = await create('ben');
    annNotes = userActor(ann, ['notes']);
    benNotes = userActor(ben, ['notes']);
  });

  it('creating needs a user with the notes scope', async () => {
    const createNote = c.resolve(CreateNote);
    await rejectsWith(createNote.execute(ANONYMOUS, { message: 'x', ...HERE }), 'unauthenticated');
    const error = await rejectsWith(createNote.execute(userActor(ann, ['write']), { message: 'x', ...HERE }), 'insufficient_scope');
    expect(error.details.scope).toBe('notes');
    expect((await createNote.execute(annNotes, { message: 'x', ...HERE })).id).toBeGreaterThan(0);
  });

  it('addresses recipients by id or username and refuses unknown ones', async () => {
    const createNote = c.resolve(CreateNote);
    const { id } = await createNote.execute(annNotes, { message: 'for ben', visibility: 'recipients', recipients: ['BEN'], ...HERE });
    const note = await c.resolve(GetNote).execute(userActor(ben, ['readall']), id);
    expect(note.message).toBe('for ben');
    const error = await rejectsWith(createNote.execute(annNotes, { message: 'x', visibility: 'recipients', recipients: [ben, 'ghost'], ...HERE }), 'invalid');
    expect(error.details.fields).toEqual([{ name: 'recipients', problem: 'names unknown users: ghost' }]);
  });

  it('only the author edits and deletes; others get 403, or 404 when they cannot see the note', async () => {
    const { id } = await c.resolve(CreateNote).execute(annNotes, { message: 'mine', ...HERE });
    const { id: hidden } = await c.resolve(CreateNote).execute(annNotes, { message: 'hidden', visibility: 'self', ...HERE });
    await rejectsWith(c.resolve(UpdateNote).execute(benNotes, id, { message: 'ben was here' }), 'forbidden');
    await rejectsWith(c.resolve(UpdateNote).execute(benNotes, hidden, { message: 'ben was here' }), 'not_found');
    await rejectsWith(c.resolve(DeleteNote).execute(userActor(ben, ['delete']), id), 'forbidden');
    await rejectsWith(c.resolve(DeleteNote).execute(annNotes, id), 'insufficient_scope');
    await c.resolve(UpdateNote).execute(annNotes, id, { title: 'Renamed' });
    expect((await c.resolve(GetNote).execute(ANONYMOUS, id)).title).toBe('Renamed');
    await c.resolve(DeleteNote).execute(userActor(ann, ['delete']), id);
    await rejectsWith(c.resolve(GetNote).execute(ANONYMOUS, id), 'not_found');
  });

  it('counts a view of a public note by anyone but its author', async () => {
    const { id } = await c.resolve(CreateNote).execute(annNotes, { message: 'seen', ...HERE });
    const getNote = c.resolve(GetNote);
    await getNote.execute(ANONYMOUS, id);
    await getNote.execute(benNotes, id);
    await getNote.execute(annNotes, id);
    await c.resolve<ViewCounter>(VIEW_COUNTER).flush();
    expect((await getNote.execute(annNotes, id)).publicViewsCount).toBe(2);
  });

  it('lists of an unknown user or tag are 404', async () => {
    const page = { offset: 0, limit: 20 };
    await rejectsWith(c.resolve(ListUserNotes).execute(ANONYMOUS, 9999, 'written', {}, page), 'not_found');
    await rejectsWith(c.resolve(ListTagNotes).execute(ANONYMOUS, 'nothing', {}, page), 'not_found');
    await rejectsWith(c.resolve(ListTagNotes).execute(ANONYMOUS, 'not a tag!', {}, page), 'not_found');
    await c.resolve(CreateNote).execute(annNotes, { message: '#Found it', ...HERE });
    expect((await c.resolve(ListTagNotes).execute(ANONYMOUS, '#FOUND', {}, page)).total).toBe(1);
  });

  describe('posting with an image', () => {
    /** The blob store, recording each step of a post in `steps`. */
    function recordingBlobs(steps: string[]): MemoryBlobStore {
      const blobs = new MemoryBlobStore();
      const { put, delete: remove } = blobs;
      blobs.put = async (key, bytes) => { steps.push(`put ${key}`); await put.call(blobs, key, bytes); };
      blobs.delete = async (key) => { steps.push(`delete ${key}`); await remove.call(blobs, key); };
      c.register(BLOB_STORE, { useValue: blobs });
      return blobs;
    }
    const upload = async () => ({ bytes: await makeImage('png', 30, 20), field: 'image_file' });

    it('stores the file, then the note with it in one insert, and answers the note with its image', async () => {
      const steps: string[] = [];
      const blobs = recordingBlobs(steps);
      const inserts = c.resolve<NoteInserts>(NOTE_INSERTS);
      c.register(NOTE_INSERTS, { useValue: { insert: (note: NewNote) => { steps.push(`insert ${note.image?.key ?? 'none'}`); return inserts.insert(note); } } });
      const view = await c.resolve(CreateNote).execute(annNotes, { message: 'pictured', visibility: 'recipients', recipients: ['ben'], ...HERE, image: await upload() });
      expect(view.image).toEqual({ key: expect.stringMatching(/^[0-9a-f]{32}\.png$/u) as unknown, width: 30, height: 20 });
      const key = view.image?.key ?? '';
      expect(steps).toEqual([`put ${key}`, `insert ${key}`]);
      expect(await blobs.get(key)).not.toBeNull();
      expect(await c.resolve(GetNote).execute(userActor(ben, ['readall']), view.id)).toEqual(expect.objectContaining({ id: view.id, image: view.image }));
    });

    it('removes the file when the note is not stored', async () => {
      const steps: string[] = [];
      const blobs = recordingBlobs(steps);
      const failure = new Error('the database is away');
      c.register(NOTE_INSERTS, { useValue: { insert: () => Promise.reject(failure) } });
      await expect(c.resolve(CreateNote).execute(annNotes, { message: 'lost', ...HERE, image: await upload() })).rejects.toBe(failure);
      const key = steps[0]?.slice('put '.length) ?? '';
      expect(steps).toEqual([`put ${key}`, `delete ${key}`]);
      expect(await blobs.get(key)).toBeNull();
    });

    it('refuses an unknown recipient before storing the file', async () => {
      const steps: string[] = [];
      recordingBlobs(steps);
      await rejectsWith(c.resolve(CreateNote).execute(annNotes, { message: 'x', visibility: 'recipients', recipients: ['ghost'], ...HERE, image: await upload() }), 'invalid');
      expect(steps).toEqual([]);
    });
  });
});

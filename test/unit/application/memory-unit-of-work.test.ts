import type { NewUser } from '../../../src/application/ports/user-repository';
import { MemoryNoteInserts } from '../../../src/adapters/persistence/memory/memory-note-inserts';
import { MemoryStore } from '../../../src/adapters/persistence/memory/memory-store';
import { MemoryUnitOfWork } from '../../../src/adapters/persistence/memory/memory-unit-of-work';
import { MemoryUserRepository } from '../../../src/adapters/persistence/memory/memory-user-repository';
import { applyNoteFields } from '../../../src/domain/note';

const NOW = new Date('2026-11-02T10:00:00Z');
const newUser = (username: string): NewUser => ({
  username, email: `${username}@example.com`, passwordHash: 'hash', name: null, avatarHash: '0'.repeat(32),
});
const content = (message: string) => applyNoteFields(null, { message, latitude: 1, longitude: 2 });

/** A promise and the function that resolves it, to hold a run open at a known point. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => { open = resolve; });
  return { opened, open };
}

describe('MemoryUnitOfWork', () => {
  let store: MemoryStore;
  let uow: MemoryUnitOfWork;
  let users: MemoryUserRepository;

  beforeEach(() => {
    store = new MemoryStore();
    uow = new MemoryUnitOfWork(store);
    users = new MemoryUserRepository(store);
  });

  it('keeps the writes of work that resolves, and returns its result', async () => {
    const id = await uow.run(({ users: repo }) => repo.create(newUser('ann'), NOW));
    expect(await users.findById(id)).toMatchObject({ id, username: 'ann' });
  });

  it('undoes every write of work that throws, and rethrows the same error', async () => {
    const author = await users.create(newUser('ann'), NOW);
    const { id: noteId } = await new MemoryNoteInserts(store).insert({ authorId: author, content: content('before #old'), recipientIds: [], now: NOW });
    const before = store.snapshot();
    const failure = new Error('boom');

    const outcome = uow.run(async ({ users: repo, notes }) => {
      await repo.create(newUser('ben'), NOW);
      await notes.update(noteId, content('after #new'), [], new Date(NOW.getTime() + 1000));
      throw failure;
    });

    await expect(outcome).rejects.toBe(failure);
    expect(store.state).toEqual(before);
    expect(await users.findByUsername('ben')).toBeNull();
    const note = await uow.run(({ notes }) => notes.findById(noteId));
    expect(note?.message).toBe('before #old');
    expect(note?.tags).toEqual(['old']);
  });

  it('undoes the writes of work whose repository call fails', async () => {
    await uow.run(({ users: repo }) => repo.create(newUser('ann'), NOW));
    const outcome = uow.run(async ({ users: repo }) => {
      await repo.create(newUser('ben'), NOW);
      await repo.create(newUser('ANN'), NOW);
    });
    await expect(outcome).rejects.toMatchObject({ kind: 'conflict' });
    expect(await users.findByUsername('ben')).toBeNull();
    expect(store.state.users.map((u) => u.username)).toEqual(['ann']);
  });

  it('never hands out an id twice, even after a rollback', async () => {
    await expect(uow.run(async ({ users: repo }) => {
      await repo.create(newUser('ann'), NOW);
      throw new Error('undo');
    })).rejects.toThrow('undo');
    const id = await uow.run(({ users: repo }) => repo.create(newUser('ben'), NOW));
    expect(id).toBe(2);
  });

  it('runs one unit at a time: a second run starts after the first settles', async () => {
    const events: string[] = [];
    const hold = gate();
    const first = uow.run(async () => {
      events.push('first starts');
      await hold.opened;
      events.push('first ends');
    });
    const second = uow.run(async () => {
      events.push('second starts');
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['first starts']);
    hold.open();
    await Promise.all([first, second]);
    expect(events).toEqual(['first starts', 'first ends', 'second starts']);
  });

  it('keeps the writes of a later run when an earlier, concurrent one rolls back', async () => {
    const hold = gate();
    const failing = uow.run(async ({ users: repo }) => {
      await repo.create(newUser('ann'), NOW);
      await hold.opened;
      throw new Error('undo');
    });
    const succeeding = uow.run(({ users: repo }) => repo.create(newUser('ben'), NOW));
    hold.open();
    await expect(failing).rejects.toThrow('undo');
    await succeeding;
    expect(store.state.users.map((u) => u.username)).toEqual(['ben']);
  });

  it('lets no read outside the run see its writes before it settles', async () => {
    const hold = gate();
    const run = uow.run(async ({ users: repo }) => {
      await repo.create(newUser('ann'), NOW);
      await hold.opened;
      throw new Error('undo');
    });
    const read = users.findByUsername('ann');
    hold.open();
    await expect(run).rejects.toThrow('undo');
    expect(await read).toBeNull();
  });

  it('lets work catch the failure of a nested run, which alone is undone', async () => {
    await uow.run(async ({ users: repo }) => {
      await repo.create(newUser('ann'), NOW);
      await expect(uow.run(async ({ users: inner }) => {
        await inner.create(newUser('ben'), NOW);
        throw new Error('inner');
      })).rejects.toThrow('inner');
    });
    expect(store.state.users.map((u) => u.username)).toEqual(['ann']);
  });
});

import { DomainError } from '../../src/domain/domain-error';
import type { ContractAdapters, Fixtures } from './contract-adapters';

/** UnitOfWork: all writes of the work land together, or none does. */
export function unitOfWorkContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  describe('UnitOfWork', () => {
    const newUser = (username: string) => ({
      username, email: `${username}@example.com`, passwordHash: 'h', name: null, avatarHash: 'x',
    });

    it('commits the work and returns its result', async () => {
      const username = fixtures.name('uow');
      const now = fixtures.now();
      const { userId, notemapId } = await adapters().uow.run(async ({ users, notemaps }) => {
        const id = await users.create(newUser(username), now);
        // A write is visible to later reads of the same work.
        expect(await users.findById(id)).toMatchObject({ username });
        return { userId: id, notemapId: await notemaps.create(id, { name: 'Work', description: null }, now) };
      });
      await expect(adapters().repositories.users.findByUsername(username)).resolves.toMatchObject({ id: userId });
      await expect(adapters().repositories.notemaps.findById(notemapId)).resolves.toMatchObject({ ownerId: userId });
    });

    it('leaves nothing behind when the work throws, and passes the error on', async () => {
      const username = fixtures.name('uow');
      const failure = new Error('work failed');
      let notemapId = 0;
      await expect(adapters().uow.run(async ({ users, notemaps }) => {
        const id = await users.create(newUser(username), fixtures.now());
        notemapId = await notemaps.create(id, { name: 'Undone', description: null }, fixtures.now());
        throw failure;
      })).rejects.toBe(failure);
      await expect(adapters().repositories.users.findByUsername(username)).resolves.toBeNull();
      await expect(adapters().repositories.notemaps.findById(notemapId)).resolves.toBeNull();
    });

    it('rolls back earlier writes when a later one conflicts', async () => {
      const taken = await fixtures.user();
      const username = fixtures.name('uow');
      const error = await adapters().uow.run(async ({ users }) => {
        await users.create(newUser(username), fixtures.now());
        await users.create(newUser(taken.username), fixtures.now());
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ kind: 'conflict' });
      await expect(adapters().repositories.users.findByUsername(username)).resolves.toBeNull();
    });

    it('keeps uncommitted writes from reads made outside the work while it runs', async () => {
      const username = fixtures.name('uow');
      const failure = new Error('work failed');
      let written!: () => void;
      const hasWritten = new Promise<void>((resolve) => { written = resolve; });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => { release = resolve; });
      const work = adapters().uow.run(async ({ users }) => {
        await users.create(newUser(username), fixtures.now());
        written();
        await gate;
        throw failure;
      });
      await hasWritten;
      // Not awaited before the work ends: a single-connection database may queue it behind the transaction.
      const outside = adapters().repositories.users.findByUsername(username);
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      await expect(work).rejects.toBe(failure);
      await expect(outside).resolves.toBeNull();
    });

    it('rolls back a note update with its tags and recipients', async () => {
      const author = await fixtures.user();
      const recipient = await fixtures.user();
      const tag = fixtures.name('tag');
      const id = await fixtures.note(author.id, { message: 'before', tags: [tag] });
      const before = await adapters().repositories.notes.findById(id);
      await expect(adapters().uow.run(async ({ notes }) => {
        await notes.update(id, fixtures.content({ message: 'after', tags: [fixtures.name('tag')] }), [recipient.id], fixtures.now());
        throw new Error('changed my mind');
      })).rejects.toThrow('changed my mind');
      await expect(adapters().repositories.notes.findById(id)).resolves.toEqual(before);
    });
  });
}

import { anonymous, type ContractAdapters, type Fixtures } from './contract-adapters';

/** ViewCounter: views gather without writing and land on flush. */
export function viewCounterContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  describe('ViewCounter', () => {
    const viewsOf = async (id: number) => (await adapters().noteViews.get(anonymous, id))?.publicViewsCount;

    it('adds the recorded views of every note on flush', async () => {
      const author = await fixtures.user();
      const [a, b] = [await fixtures.note(author.id), await fixtures.note(author.id)];
      const counter = adapters().viewCounter;
      counter.record(a);
      counter.record(b);
      counter.record(a);
      counter.record(a);
      await counter.flush();
      await expect(viewsOf(a)).resolves.toBe(3);
      await expect(viewsOf(b)).resolves.toBe(1);

      counter.record(b);
      await counter.flush();
      await expect(viewsOf(a)).resolves.toBe(3);
      await expect(viewsOf(b)).resolves.toBe(2);
    });

    it('flushes nothing twice, and does nothing with nothing recorded', async () => {
      const author = await fixtures.user();
      const note = await fixtures.note(author.id);
      const counter = adapters().viewCounter;
      await counter.flush();
      counter.record(note);
      await counter.flush();
      await counter.flush();
      await expect(viewsOf(note)).resolves.toBe(1);
    });

    it('passes over views of a note deleted before the flush', async () => {
      const author = await fixtures.user();
      const [gone, kept] = [await fixtures.note(author.id), await fixtures.note(author.id)];
      const counter = adapters().viewCounter;
      counter.record(gone);
      counter.record(kept);
      await adapters().repositories.notes.delete(gone);
      await counter.flush();
      await expect(viewsOf(kept)).resolves.toBe(1);
    });
  });
}

import { AGAIN, StatementBatches, type StatementBatchesOptions } from '../../../../src/adapters/persistence/kysely/statement-batches';

/** A statement the batches sent, answered when the test says. */
interface Sent {
  items: string[];
  answer(results: ReadonlyArray<string | typeof AGAIN>): void;
  fail(error: Error): void;
}

function held(options: Partial<StatementBatchesOptions<string, string, string>> = {}) {
  const sent: Sent[] = [];
  const batches = new StatementBatches<string, string, string>({
    write: (items) => new Promise((resolve, reject) => { sent.push({ items: [...items], answer: resolve, fail: reject }); }),
    settle: (item, result) => {
      if (result === 'unshapable') throw new Error(`cannot shape ${item}`);
      return `${item}=${result}`;
    },
    maxBatch: 3,
    maxAttempts: 2,
    gaveUp: (item) => new Error(`gave up on ${item}`),
    ...options,
  });
  return { batches, sent };
}

/** Lets every pending promise, tick and immediate run. */
const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

describe('StatementBatches', () => {
  it('sends the first item alone, then what came meanwhile together, at most maxBatch a statement', async () => {
    const { batches, sent } = held();
    const results = ['a', 'b', 'c', 'd', 'e'].map((item) => batches.run(item));
    await settle();
    expect(sent.map((s) => s.items)).toEqual([['a']]);
    sent[0]?.answer(['1']);
    await settle();
    expect(sent.map((s) => s.items)).toEqual([['a'], ['b', 'c', 'd']]);
    sent[1]?.answer(['2', '3', '4']);
    await settle();
    sent[2]?.answer(['5']);
    await expect(Promise.all(results)).resolves.toEqual(['a=1', 'b=2', 'c=3', 'd=4', 'e=5']);
  });

  it('writes an item left out again in the statement after, before later ones, and gives up after maxAttempts', async () => {
    const { batches, sent } = held();
    const a = batches.run('a');
    await settle();
    const [b, c] = [batches.run('b'), batches.run('c')];
    // The statement of b and c leaves as soon as a's is answered; a, left out, goes in the one after.
    sent[0]?.answer([AGAIN]);
    await settle();
    const d = batches.run('d');
    sent[1]?.answer(['2', AGAIN]);
    await settle();
    expect(sent.map((s) => s.items)).toEqual([['a'], ['b', 'c'], ['a', 'd']]);
    sent[2]?.answer([AGAIN, '4']);
    await expect(a).rejects.toThrow('gave up on a');
    await settle();
    expect(sent[3]?.items).toEqual(['c']);
    sent[3]?.answer(['3']);
    await expect(Promise.all([b, c, d])).resolves.toEqual(['b=2', 'c=3', 'd=4']);
  });

  it('writes each item of a failed statement alone, so only the item that fails fails', async () => {
    const { batches, sent } = held();
    const first = batches.run('first');
    await settle();
    const results = ['a', 'bad', 'c'].map((item) => batches.run(item));
    sent[0]?.answer(['0']);
    await first;
    await settle();
    sent[1]?.fail(new Error('statement failed'));
    await settle();
    expect(sent.slice(2).map((s) => s.items)).toEqual([['a'], ['bad'], ['c']]);
    sent[2]?.answer(['1']);
    sent[3]?.fail(new Error('bad row'));
    sent[4]?.answer(['3']);
    const outcomes = await Promise.allSettled(results);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual(['a=1', 'bad row', 'c=3']);
  });

  it('fails only the item whose result cannot be shaped', async () => {
    const { batches, sent } = held();
    const results = [batches.run('a')];
    await settle();
    results.push(batches.run('b'), batches.run('c'));
    sent[0]?.answer(['1']);
    await settle();
    sent[1]?.answer(['unshapable', '3']);
    const outcomes = await Promise.allSettled(results);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual(['a=1', 'cannot shape b', 'c=3']);
  });
});

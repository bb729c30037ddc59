import { MUTATING_METHODS } from '../support/route-table';
import { startFuzzSession, type FuzzSession } from './fuzz-runner';

// Property-based: hostile ids, query strings, bodies and headers at every mutating route of /v2 (FUZZ_RUNS, FUZZ_SEED).
describe('fuzzing every mutating route of /v2 over the database storage', () => {
  let session: FuzzSession;
  beforeAll(async () => { session = await startFuzzSession(); });
  afterAll(() => session.close());

  it('never answers 5xx, always answers, and a 4xx stores nothing', async () => {
    const writes = session.routes.filter((r) => MUTATING_METHODS.has(r.method));
    expect(writes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const route of writes) {
      // A fresh fixture per route: an earlier route may have deleted what this one needs.
      const failure = await session.fuzz(route, true);
      if (failure !== null) failures.push(failure);
    }
    if (process.env.FUZZ_VERBOSE) console.log([...session.statuses].sort());
    expect(failures).toEqual([]);
  }, 600_000);
});

import { startFuzzSession, type FuzzSession } from './fuzz-runner';

// Property-based: hostile ids, query strings, bodies and headers at every GET route of /v2 (FUZZ_RUNS, FUZZ_SEED).
describe('fuzzing every GET route of /v2 over the database storage', () => {
  let session: FuzzSession;
  beforeAll(async () => { session = await startFuzzSession(); });
  afterAll(() => session.close());

  it('never answers 5xx, always answers, and a 4xx stores nothing', async () => {
    const reads = session.routes.filter((r) => r.method === 'GET');
    expect(reads.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const route of reads) {
      const failure = await session.fuzz(route, false);
      if (failure !== null) failures.push(failure);
    }
    if (process.env.FUZZ_VERBOSE) console.log([...session.statuses].sort());
    expect(failures).toEqual([]);
  }, 600_000);
});

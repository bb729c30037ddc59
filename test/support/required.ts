/**
 * What a test needs from the machine (PostgreSQL through TEST_DATABASE_URL, a Redis on 127.0.0.1:6379, redis-server,
 * Chromium). On a developer's machine a test whose need is missing is skipped, with the reason; under CI=true (.ci/run
 * starts or installs all of them) it fails instead, so that a CI run never passes by testing less.
 */
export const IN_CI = process.env.CI === 'true';

function missingInCi(what: string): Error {
  return new Error(`${what}: under CI=true nothing may be skipped (.ci/run starts every service a test needs; docs/operations.md, Tests and CI)`);
}

/** Call where a test finds its need missing: throws under CI=true, else warns and returns (the caller then skips). */
export function unavailable(what: string): void {
  if (IN_CI) throw missingInCi(what);
  console.warn(`skipped: ${what}`);
}

/** `it` when `available`; else `it.skip` on a developer's machine, and a test that fails under CI=true. */
export function itIf(available: boolean, what: string): jest.It {
  if (available) return it;
  if (!IN_CI) return it.skip;
  const failing = ((name: string) => it(name, () => { throw missingInCi(what); })) as unknown as jest.It;
  return failing;
}

/** `describe` when `available`; else `describe.skip` on a developer's machine, and one failing test under CI=true. */
export function describeIf(available: boolean, what: string): jest.Describe {
  if (available) return describe;
  if (!IN_CI) return describe.skip;
  const failing = ((name: string) => describe(name, () => { it('has what it needs', () => { throw missingInCi(what); }); })) as unknown as jest.Describe;
  return failing;
}

/** The PostgreSQL database the tests may use, if any. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const NO_POSTGRES = 'TEST_DATABASE_URL is not set (no PostgreSQL to test on)';

import { isBusy } from '../../../../src/adapters/webhooks/webhook-worker';

// When the webhook worker holds back for requests (docs/events.md): a busy loop, or requests coming in fast even
// while the loop waits on the database.
describe('webhook worker: when the server counts as busy', () => {
  const limits = { maxLoopUtilization: 0.5, busyRequestsPerSecond: 200 };

  it('is busy when requests came in and kept the loop over half busy', () => {
    expect(isBusy({ requests: 3, ms: 100, utilization: 0.8 }, limits)).toBe(true);
  });

  it('is busy when requests come in faster than the limit, however idle the loop (they wait on the database)', () => {
    expect(isBusy({ requests: 20, ms: 100, utilization: 0.2 }, limits)).toBe(true);
    expect(isBusy({ requests: 90, ms: 500, utilization: 0.1 }, limits)).toBe(false);
  });

  it('is not busy with a few requests on an idle loop, nor with no request whatever the loop does', () => {
    expect(isBusy({ requests: 5, ms: 100, utilization: 0.3 }, limits)).toBe(false);
    expect(isBusy({ requests: 0, ms: 100, utilization: 1 }, limits)).toBe(false);
  });

  it('leaves it to the loop when no request count is given', () => {
    expect(isBusy({ requests: Number.NaN, ms: 100, utilization: 0.9 }, limits)).toBe(true);
    expect(isBusy({ requests: Number.NaN, ms: 100, utilization: 0.1 }, limits)).toBe(false);
  });
});

import { LOG_IN_WINDOW_S, LogInThrottle, MAX_FAILED_LOG_INS, MAX_THROTTLED_NAMES } from '../../../src/application/accounts/log-in-throttle';

describe('LogInThrottle', () => {
  let now = Date.parse('2026-05-01T10:00:00Z');
  const throttle = () => new LogInThrottle({ now: () => new Date(now) });

  it('locks a key after the tenth failure until the window that the first one opened is over', () => {
    expect(MAX_FAILED_LOG_INS).toBe(10);
    const t = throttle();
    for (let i = 1; i < MAX_FAILED_LOG_INS; i++) t.recordFailure('account:1');
    expect(t.retryAfterS('account:1')).toBeNull();
    now += 100_000;
    t.recordFailure('account:1');
    expect(t.retryAfterS('account:1')).toBe(LOG_IN_WINDOW_S - 100);
    expect(t.retryAfterS('account:2')).toBeNull();
    now += (LOG_IN_WINDOW_S - 100) * 1000;
    expect(t.retryAfterS('account:1')).toBeNull();
  });

  it('starts a new window once the old one is over, and forgets a key on reset', () => {
    const t = throttle();
    for (let i = 1; i < MAX_FAILED_LOG_INS; i++) t.recordFailure('k');
    now += LOG_IN_WINDOW_S * 1000;
    t.recordFailure('k');
    expect(t.retryAfterS('k')).toBeNull();
    for (let i = 1; i < MAX_FAILED_LOG_INS; i++) t.recordFailure('k');
    expect(t.retryAfterS('k')).toBe(LOG_IN_WINDOW_S);
    t.reset('k');
    expect(t.retryAfterS('k')).toBeNull();
  });

  it('keeps memory bounded: made-up names push out the oldest counts that lock nothing, never a lock first', () => {
    const t = throttle();
    for (let i = 0; i < MAX_FAILED_LOG_INS; i++) t.recordFailure('locked');
    t.recordFailure('counting');
    for (let i = 0; i < MAX_THROTTLED_NAMES; i++) t.recordFailure(`name:${i}`);
    expect(t.retryAfterS('locked')).not.toBeNull();
    // `counting` and `name:0` were the oldest counts below the limit: forgotten, so a fifth failure does not lock.
    for (let i = 1; i < MAX_FAILED_LOG_INS; i++) t.recordFailure('name:0');
    expect(t.retryAfterS('name:0')).toBeNull();
  });
});

import { DomainError } from '../../../src/domain/domain-error';
import { oneLine } from '../../../src/runtime/one-line';

const unavailable = (reason: string) => {
  const error = new DomainError('unavailable', 'the database is unavailable; try again in a few seconds');
  error.cause = Object.assign(new Error(reason), { code: 'ECONNREFUSED' });
  return error;
};

describe('oneLine', () => {
  it('is the first non-empty line of the message', () => {
    expect(oneLine(new Error('\nfirst line\nsecond line'))).toBe('first line');
    expect(oneLine('plain text')).toBe('plain text');
    expect(oneLine(new Error(''))).toBe('failed');
  });

  it('says why the database is unavailable, also when that is the cause of another error', () => {
    expect(oneLine(unavailable('connect ECONNREFUSED 127.0.0.1:5433')))
      .toBe('the database is unavailable; try again in a few seconds (connect ECONNREFUSED 127.0.0.1:5433)');
    const migration = new Error('migrations failed: the database is unavailable; try again in a few seconds', { cause: unavailable('Connection terminated unexpectedly') });
    expect(oneLine(migration)).toBe('migrations failed: the database is unavailable; try again in a few seconds (Connection terminated unexpectedly)');
  });

  it('adds nothing for other errors with a cause', () => {
    expect(oneLine(new Error('the server does not answer', { cause: new Error('connect ENOENT /x/admin.sock') }))).toBe('the server does not answer');
  });
});

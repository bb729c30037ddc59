import { DomainError } from '../../../src/domain/domain-error';

describe('DomainError', () => {
  it('is an Error with a kind, a message and details', () => {
    const error = new DomainError('forbidden', 'note 3 belongs to another user');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('DomainError');
    expect(error.kind).toBe('forbidden');
    expect(error.message).toBe('note 3 belongs to another user');
    expect(error.details).toEqual({});
  });

  it('invalid() lists the fields and joins their problems into the message', () => {
    const error = DomainError.invalid([
      { name: 'message', problem: 'is required' },
      { name: 'latitude', problem: 'must be a number from -90 to 90' },
    ]);
    expect(error.kind).toBe('invalid');
    expect(error.message).toBe('message is required; latitude must be a number from -90 to 90');
    expect(error.details.fields).toHaveLength(2);
  });

  it('notFound() names the resource and its id', () => {
    const error = DomainError.notFound('note', 12);
    expect(error.kind).toBe('not_found');
    expect(error.message).toBe('note 12 does not exist');
  });
});

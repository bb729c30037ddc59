import { DomainError } from '../../../src/domain/domain-error';
import {
  applyNotemapFields, NOTEMAP_DESCRIPTION_MAX, NOTEMAP_NAME_MAX, requireNotemapOwner,
  type NotemapContent, type NotemapFields,
} from '../../../src/domain/notemap';
import { domainErrorOf, problemsOf } from './domain-error-of';

const problems = (fields: NotemapFields, previous: NotemapContent | null = null) => problemsOf(() => applyNotemapFields(previous, fields));

describe('applyNotemapFields', () => {
  it('trims the name and keeps the description as written', () => {
    expect(applyNotemapFields(null, { name: '  Coffee  ', description: ' Flat whites\nand more ' }))
      .toEqual({ name: 'Coffee', description: ' Flat whites\nand more ' });
  });

  it('requires a name, on create and on edit', () => {
    expect(problems({})).toEqual([{ name: 'name', problem: 'is required' }]);
    expect(problems({ description: 'x' }, { name: 'Old', description: null })).toEqual([{ name: 'name', problem: 'is required' }]);
    expect(problems({ name: ' \t ' })).toEqual([{ name: 'name', problem: 'must not be empty' }]);
  });

  it('counts the name and description in code points', () => {
    expect(applyNotemapFields(null, { name: '\u{1F5FA}'.repeat(NOTEMAP_NAME_MAX) }).name).toHaveLength(2 * NOTEMAP_NAME_MAX);
    expect(problems({ name: 'n'.repeat(NOTEMAP_NAME_MAX + 1) })).toEqual([{ name: 'name', problem: 'must be at most 100 characters' }]);
    expect(applyNotemapFields(null, { name: 'ok', description: '\u{1F5FA}'.repeat(NOTEMAP_DESCRIPTION_MAX) }).description)
      .toHaveLength(2 * NOTEMAP_DESCRIPTION_MAX);
    expect(problems({ name: 'ok', description: 'd'.repeat(NOTEMAP_DESCRIPTION_MAX + 1) }))
      .toEqual([{ name: 'description', problem: 'must be at most 2000 characters' }]);
  });

  it('reports every problem at once', () => {
    expect(problems({ description: 'd'.repeat(NOTEMAP_DESCRIPTION_MAX + 1) }).map((p) => p.name)).toEqual(['name', 'description']);
  });

  it('keeps the previous description when none is sent, and clears it with a blank or null one', () => {
    const previous = { name: 'Old', description: 'Kept' };
    expect(applyNotemapFields(previous, { name: 'New' })).toEqual({ name: 'New', description: 'Kept' });
    expect(applyNotemapFields(previous, { name: 'New', description: '  ' })).toEqual({ name: 'New', description: null });
    expect(applyNotemapFields(previous, { name: 'New', description: null })).toEqual({ name: 'New', description: null });
    expect(applyNotemapFields(null, { name: 'New' })).toEqual({ name: 'New', description: null });
  });
});

describe('requireNotemapOwner', () => {
  it('lets the creator through and refuses anyone else as forbidden', () => {
    expect(() => requireNotemapOwner({ id: 3, ownerId: 7 }, 7)).not.toThrow();
    const error = domainErrorOf(() => requireNotemapOwner({ id: 3, ownerId: 7 }, 8));
    expect(error).toBeInstanceOf(DomainError);
    expect(error.kind).toBe('forbidden');
    expect(error.message).toBe('notemap 3 belongs to another user');
  });
});

import { placeName } from '../../../src/domain/place';

describe('placeName', () => {
  it.each([
    [{ city: 'Lisbon', state: null, country: 'Portugal' }, 'Lisbon, Portugal'],
    [{ city: 'Austin', state: 'Texas', country: 'United States' }, 'Austin, Texas, United States'],
    [{ city: null, state: 'Bavaria', country: null }, 'Bavaria'],
    [{ city: 'Kyoto', state: ' ', country: 'Japan' }, 'Kyoto, Japan'],
    [{ city: null, state: null, country: null }, ''],
  ])('names %p "%s"', (parts, name) => {
    expect(placeName(parts)).toBe(name);
  });
});

import { parsePlaceQuery, placeName, placeNameHasWords, placeSearchWords } from '../../../src/domain/place';
import { problemsOf } from './domain-error-of';

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

describe('place search', () => {
  it('splits q into lowercased words, each of which must stand in the name', () => {
    expect(placeSearchWords('  New  YORK ')).toEqual(['new', 'york']);
    const parts = { city: 'New York', state: 'NY', country: 'United States' };
    expect(placeNameHasWords(parts, ['york', 'new'])).toBe(true);
    expect(placeNameHasWords(parts, ['stat'])).toBe(true);
    expect(placeNameHasWords(parts, ['york', 'canada'])).toBe(false);
  });

  it('parses the parts, q and the areas; radius defaults with near', () => {
    expect(parsePlaceQuery({ city: ' Lisbon ', state: '', q: 'Lis', near: '38.7,-9.1', bbox: '-10,38,-9,39' })).toEqual({
      city: 'lisbon', state: '', words: ['lis'],
      areas: [{ kind: 'bbox', minLon: -10, minLat: 38, maxLon: -9, maxLat: 39 }, { kind: 'circle', center: { latitude: 38.7, longitude: -9.1 }, radius: 1_000 }],
    });
    expect(parsePlaceQuery({})).toEqual({});
  });

  it('names every bad parameter at once', () => {
    expect(problemsOf(() => parsePlaceQuery({ q: ' ', near: '91,0', radius: 0, bbox: 'x' })).map((p) => p.name).sort()).toEqual(['bbox', 'near', 'q', 'radius']);
    expect(problemsOf(() => parsePlaceQuery({ radius: 5 }))).toEqual([{ name: 'radius', problem: 'needs near' }]);
    expect(problemsOf(() => parsePlaceQuery({ near: '1,1', radius: 50_001 }))).toEqual([{ name: 'radius', problem: 'must be more than 0 and at most 50000 (metres)' }]);
  });
});

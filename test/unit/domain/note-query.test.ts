import { parseAuthor, parseBoundingBox, parseLatLon, parseNoteQuery } from '../../../src/domain/note-query';
import { problemsOf } from './domain-error-of';

describe('parseNoteQuery', () => {
  it('orders recent by default, nearest with near, by relevance with q alone', () => {
    expect(parseNoteQuery({}).order).toBe('recent');
    expect(parseNoteQuery({ near: '1,2' }).order).toBe('nearest');
    expect(parseNoteQuery({ q: 'run' }).order).toBe('relevance');
    expect(parseNoteQuery({ q: 'run', near: '1,2' }).order).toBe('nearest');
    expect(parseNoteQuery({ q: 'run', sort: 'popular' }).order).toBe('popular');
  });

  it('gives near a radius of 1,000 m unless told', () => {
    expect(parseNoteQuery({ near: '48.85, 2.35' }).near).toEqual({ kind: 'circle', center: { latitude: 48.85, longitude: 2.35 }, radius: 1000 });
    expect(parseNoteQuery({ near: '0,0', radius: 50_000 }).near?.radius).toBe(50_000);
  });

  it('normalises the tag and trims q', () => {
    expect(parseNoteQuery({ tag: '#Paris', q: '  running  ' })).toMatchObject({ tag: 'paris', text: 'running' });
  });

  it('reports every bad parameter at once', () => {
    expect(problemsOf(() => parseNoteQuery({ bbox: '1,2', near: 'x', sort: 'oldest', radius: 0 })).map((p) => p.name))
      .toEqual(['bbox', 'near', 'radius', 'sort']);
  });

  it('refuses radius without near, nearest without near, and until before since', () => {
    expect(problemsOf(() => parseNoteQuery({ radius: 10 }))).toEqual([{ name: 'radius', problem: 'needs near' }]);
    expect(problemsOf(() => parseNoteQuery({ sort: 'nearest' }))[0]?.name).toBe('sort');
    expect(problemsOf(() => parseNoteQuery({ since: 10, until: 9 }))[0]?.name).toBe('until');
    expect(parseNoteQuery({ since: 10, until: 10 })).toMatchObject({ since: 10, until: 10 });
  });

  it('refuses a radius past 50 km and an empty q', () => {
    expect(problemsOf(() => parseNoteQuery({ near: '0,0', radius: 50_001 }))[0]?.name).toBe('radius');
    expect(problemsOf(() => parseNoteQuery({ q: '   ' }))[0]?.name).toBe('q');
  });
});

describe('parseBoundingBox', () => {
  it('reads four numbers, keeping minLon > maxLon for the antimeridian', () => {
    expect(parseBoundingBox('170,-10,-170,10')).toEqual({ kind: 'bbox', minLon: 170, minLat: -10, maxLon: -170, maxLat: 10 });
    expect(parseBoundingBox('-0.5,+1,.5,1.')).toEqual({ kind: 'bbox', minLon: -0.5, minLat: 1, maxLon: 0.5, maxLat: 1 });
  });

  it.each(['1,2,3', '1,2,3,4,5', 'a,b,c,d', '1e3,0,0,0', '-181,0,0,1', '0,-91,1,1', '0,10,1,5', ',,,', 'Infinity,0,1,1'])('refuses %j', (text) => {
    expect(typeof parseBoundingBox(text)).toBe('string');
  });
});

describe('parseLatLon and parseAuthor', () => {
  it('reads lat,lon in range', () => {
    expect(parseLatLon('-90,180')).toEqual({ latitude: -90, longitude: 180 });
    expect(typeof parseLatLon('90.1,0')).toBe('string');
    expect(typeof parseLatLon('0,-180.1')).toBe('string');
  });

  it('reads a user id or a username', () => {
    expect(parseAuthor('42')).toEqual({ id: 42 });
    expect(parseAuthor('alice')).toEqual({ username: 'alice' });
    expect(parseAuthor('0')).toBeNull();
    expect(parseAuthor('2147483648')).toBeNull();
    expect(parseAuthor('a b')).toBeNull();
  });
});

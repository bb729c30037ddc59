import { compareNotePositions, decodeNoteCursor, encodeNoteCursor, parseNoteQuery, type NotePosition } from '../../../src/domain/note-query';

const positions: NotePosition[] = [
  { order: 'recent', lead: [], createdAtUs: 1_795_000_000_123_456, id: 42 },
  { order: 'popular', lead: [3, 1_234_567], createdAtUs: 1_795_000_000_000_000, id: 7 },
  { order: 'nearest', lead: [1234.5678901234567], createdAtUs: -1_000, id: 2_147_483_647 },
  { order: 'relevance', lead: [0.0607927], createdAtUs: 0, id: 1 },
];

describe('note cursors', () => {
  it.each(positions)('round-trips a position of the $order order exactly, as base64url', (position) => {
    const cursor = encodeNoteCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeNoteCursor(cursor, position.order)).toEqual(position);
  });

  it('refuses a cursor of another order', () => {
    expect(decodeNoteCursor(encodeNoteCursor(positions[0]!), 'popular')).toBeNull();
  });

  it.each([
    ['a fractional favoriters count', { o: 'popular', k: [1.5, 0], t: 1, i: 1 }],
    ['a negative distance', { o: 'nearest', k: [-1], t: 1, i: 1 }],
    ['a lead too long', { o: 'recent', k: [1], t: 1, i: 1 }],
    ['a time beyond a safe integer', { o: 'recent', k: [], t: 2 ** 60, i: 1 }],
    ['an id past the largest', { o: 'recent', k: [], t: 1, i: 2_147_483_648 }],
    ['a string for a number', { o: 'recent', k: [], t: '1', i: 1 }],
  ])('refuses %s', (_name, body) => {
    const cursor = Buffer.from(JSON.stringify(body)).toString('base64url');
    expect(decodeNoteCursor(cursor, body.o as NotePosition['order'])).toBeNull();
  });

  it('is parsed with the other list parameters and named when bad', () => {
    const cursor = encodeNoteCursor(positions[1]!);
    expect(parseNoteQuery({ sort: 'popular', cursor }).after).toEqual(positions[1]);
    expect(() => parseNoteQuery({ cursor })).toThrow(expect.objectContaining({ details: { fields: [expect.objectContaining({ name: 'cursor' })] } }));
  });

  it('orders positions as the lists do: the order\'s key, then newest first, then the highest id', () => {
    const at = (lead: number[], createdAtUs: number, id: number): NotePosition => ({ order: 'nearest', lead, createdAtUs, id });
    expect(compareNotePositions(at([1], 0, 1), at([2], 0, 1))).toBeLessThan(0);
    expect(compareNotePositions(at([1], 5, 1), at([1], 4, 9))).toBeLessThan(0);
    expect(compareNotePositions(at([1], 5, 9), at([1], 5, 8))).toBeLessThan(0);
    const popular = (lead: number[]): NotePosition => ({ order: 'popular', lead, createdAtUs: 0, id: 1 });
    expect(compareNotePositions(popular([2, 0]), popular([1, 9]))).toBeLessThan(0);
    expect(compareNotePositions(popular([1, 9]), popular([1, 8]))).toBeLessThan(0);
  });
});

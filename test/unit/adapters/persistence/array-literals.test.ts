import { createRequire } from 'node:module';
import { scalarArrayLiteral, textArrayLiteral } from '../../../../src/adapters/persistence/kysely/array-literals';

// pg's own conversion of an array parameter, which these replace for the note inserts.
const { prepareValue } = createRequire(require.resolve('pg'))('./utils') as { prepareValue: (value: unknown) => unknown };

describe('array literals', () => {
  const awkward = ['', 'plain', 'say "hi"', 'back\\slash', '\\"', 'a,b', '{braces}', 'NULL', 'null', ' spaced ', 'line\nbreak',
    'tab\there', 'café', '🗺️ map', 'quote at end"', '\\'];

  it('writes texts exactly as pg would send them, quotes and backslashes escaped, NULL for null', () => {
    const values = [...awkward, null, undefined];
    expect(textArrayLiteral(values)).toBe(prepareValue(values));
    expect(textArrayLiteral(['say "hi"', 'a\\b', null])).toBe('{"say \\"hi\\"","a\\\\b",NULL}');
  });

  it('writes an empty array as {}', () => {
    expect(textArrayLiteral([])).toBe('{}');
    expect(scalarArrayLiteral([])).toBe('{}');
  });

  it('writes numbers and booleans unquoted, as PostgreSQL reads them, NULL for null', () => {
    expect(scalarArrayLiteral([0, -1, 38.7223, -9.1393, 1e-7, 2 ** 31 - 1, null, undefined])).toBe('{0,-1,38.7223,-9.1393,1e-7,2147483647,NULL,NULL}');
    expect(scalarArrayLiteral([true, false, null])).toBe('{true,false,NULL}');
  });

  it('refuses a number PostgreSQL could not read back as written', () => {
    expect(() => scalarArrayLiteral([1, Number.NaN])).toThrow(RangeError);
    expect(() => scalarArrayLiteral([Number.POSITIVE_INFINITY])).toThrow(RangeError);
  });
});

// PostgreSQL array literals ('{…}') of the arrays a statement binds as parameters, made here rather than by pg. pg
// quotes every element and runs two regular expressions over each (numbers included); a batch of note inserts binds
// 31 arrays, and pg's conversion was about 4 % of a write's server CPU (docs/benchmarks.md). The text is what pg
// would send for the same array (element for element, NULL for null and undefined), so PostgreSQL reads the same
// values: the statement casts each parameter to its array type.

/** Characters that must be escaped inside a quoted element. */
const NEEDS_ESCAPE = /["\\]/u;
const ESCAPED = /["\\]/gu;

/** An array of texts: every element quoted, `"` and `\` escaped; null and undefined are NULL. */
export function textArrayLiteral(values: readonly (string | null | undefined)[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) literal += ',';
    const value = values[i];
    if (value === null || value === undefined) literal += 'NULL';
    else literal += `"${NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, '\\$&') : value}"`;
  }
  return `${literal}}`;
}

/** An array of finite numbers (as JavaScript writes them, which PostgreSQL's number types read) or booleans; null and undefined are NULL. */
export function scalarArrayLiteral(values: readonly (number | boolean | null | undefined)[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) literal += ',';
    const value = values[i];
    if (value === null || value === undefined) literal += 'NULL';
    else if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    else literal += String(value);
  }
  return `${literal}}`;
}

/**
 * Answers whose presenter builds them in their schema's order, with exactly the schema's fields, are written by
 * `JSON.stringify` instead of the schema's compiled serialiser (fast-json-stringify): V8's native writer produces the
 * same text without building it from hundreds of small strings. A page of twenty notes cost the server about 6 % less
 * CPU, a note read 2–6 % (docs/benchmarks.md). The compiled serialiser stays the judge: it writes the fields the
 * schema names, in its order (required ones, then optional ones), and `JSON.stringify` is trusted only as long as it
 * writes the same text.
 *
 * - Under the tests (`NODE_ENV=test`, which jest sets) every answer is written both ways, and a difference throws: a
 *   presenter that adds a field, leaves one out, orders them otherwise or gives a value of the wrong type fails the
 *   test that reaches it.
 * - In production one answer in CHECK_EVERY is written both ways. At the first difference the schema goes back to
 *   the compiled serialiser for good (that answer included) and the process warns once, naming the route.
 */
const inSchemaOrder = new WeakSet<object>();

/** Marks a response schema whose presenters build its answers in its own order (see above); returns the schema. */
export function presentedInSchemaOrder<T extends object>(schema: T): T {
  inSchemaOrder.add(schema);
  return schema;
}

export function isPresentedInSchemaOrder(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && inSchemaOrder.has(schema);
}

type Serialize = (data: unknown) => string;

/** In production, how often an answer is also written by the compiled serialiser and compared. */
export const CHECK_EVERY = 256;

export interface CheckedOptions {
  /** What the warning names: the route and status. */
  name: string;
  /** Compare every answer and throw at a difference (the tests), or one in CHECK_EVERY and fall back. */
  strict: boolean;
  warn?: (message: string) => void;
}

/** `JSON.stringify`, checked against `exact` (the schema's compiled serialiser, built on first use) as described above. */
export function checkedStringify(exact: () => Serialize, options: CheckedOptions): Serialize {
  const warn = options.warn ?? ((message: string) => process.emitWarning(message, { code: 'PLACE_NOTES_SERIALISER' }));
  let trusted = true;
  let count = 0;
  return (data) => {
    if (!trusted) return exact()(data);
    const text = JSON.stringify(data);
    if (!options.strict && ++count % CHECK_EVERY !== 0) return text;
    const expected = exact()(data);
    if (text === expected) return text;
    const at = firstDifference(text, expected);
    const where = `at character ${at}: ${JSON.stringify(text.slice(at, at + 40))} where the schema writes ${JSON.stringify(expected.slice(at, at + 40))}`;
    if (options.strict) throw new Error(`the answer of ${options.name} is not built in its schema's order or shape, ${where}`);
    trusted = false;
    warn(`${options.name}: its answers are written by the compiled serialiser from now on; JSON.stringify differed ${where}`);
    return expected;
  };
}

function firstDifference(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return i;
  return length;
}

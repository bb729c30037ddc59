import { CHECK_EVERY, checkedStringify, isPresentedInSchemaOrder, presentedInSchemaOrder } from '../../../../src/adapters/http/presented-json';

// The schema's serialiser as the judge: writes `b` before `a`, as a schema listing b first would.
const schemaOrder = (data: unknown) => {
  const { a, b } = data as { a: unknown; b: unknown };
  return `{"b":${JSON.stringify(b)},"a":${JSON.stringify(a)}}`;
};

describe('answers written by JSON.stringify, checked against the schema\'s serialiser', () => {
  it('marks a schema object, not its shape', () => {
    const marked = presentedInSchemaOrder({ type: 'object' });
    expect(isPresentedInSchemaOrder(marked)).toBe(true);
    expect(isPresentedInSchemaOrder({ type: 'object' })).toBe(false);
    expect(isPresentedInSchemaOrder(undefined)).toBe(false);
  });

  it('strict (the tests): writes what the serialiser writes, and throws at the first difference, naming the route and the place', () => {
    const exact = jest.fn(schemaOrder);
    const write = checkedStringify(() => exact, { name: 'GET /things 200', strict: true });
    expect(write({ b: 1, a: 'x' })).toBe('{"b":1,"a":"x"}');
    expect(exact).toHaveBeenCalledTimes(1);
    expect(() => write({ a: 'x', b: 1 })).toThrow(/GET \/things 200 .* at character 2/u);
  });

  it('in production: compares one answer in CHECK_EVERY, and at a difference goes back to the serialiser for good, warning once', () => {
    const exact = jest.fn(schemaOrder);
    const warn = jest.fn();
    const write = checkedStringify(() => exact, { name: 'GET /things 200', strict: false, warn });
    // In order: never a difference, the serialiser runs once per CHECK_EVERY answers.
    for (let i = 0; i < 2 * CHECK_EVERY; i++) expect(write({ b: i, a: 'x' })).toBe(`{"b":${i},"a":"x"}`);
    expect(exact).toHaveBeenCalledTimes(2);
    expect(warn).not.toHaveBeenCalled();

    // Out of order: JSON.stringify's text goes out until a compared answer shows the difference...
    const unchecked = write({ a: 'y', b: 0 });
    expect(unchecked).toBe('{"a":"y","b":0}');
    for (let i = 2; i < CHECK_EVERY; i++) write({ a: 'y', b: i });
    expect(write({ a: 'y', b: 1 })).toBe('{"b":1,"a":"y"}');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/GET \/things 200: its answers are written by the compiled serialiser/u);
    // ...and from then on every answer is the serialiser's.
    expect(write({ a: 'z', b: 2 })).toBe('{"b":2,"a":"z"}');
    expect(write({ a: 'z', b: 3 })).toBe('{"b":3,"a":"z"}');
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

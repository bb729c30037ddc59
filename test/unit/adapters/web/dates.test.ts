import { dayOf } from '../../../../src/adapters/web/components/notes';

// The pages write days out by hand instead of through Intl (its locale data costs the server about 5 MB resident):
// they must read exactly as Intl's British English would write them.
describe('dayOf', () => {
  const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

  it('writes every day of four years, leap day included, as Intl does in British English', () => {
    const start = Date.UTC(2023, 0, 1) / 1000;
    for (let day = 0; day < 4 * 366; day++) {
      const seconds = start + day * 86_400 + ((day * 3_607) % 86_400);
      expect(dayOf(seconds)).toBe(intl.format(new Date(seconds * 1000)));
    }
  });

  it('takes the UTC day at its edges', () => {
    expect(dayOf(Date.UTC(2026, 10, 26, 23, 59, 59) / 1000)).toBe('26 November 2026');
    expect(dayOf(Date.UTC(2026, 10, 27, 0, 0, 0) / 1000)).toBe('27 November 2026');
    expect(dayOf(0)).toBe('1 January 1970');
  });
});

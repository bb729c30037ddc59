import type { NoteFields } from '../../src/domain/note';
import { anonymous, firstPage, readerOf, withoutReadall, type ContractAdapters, type Fixtures } from './contract-adapters';

const ids = (page: { items: { id: number }[] }) => page.items.map((item) => item.id);

/** PlaceViews: places as each viewer sees them, summed over the notes that viewer may read. */
export function placesContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  const views = () => adapters().placeViews;

  /** The id of the place named by a unique city, as the anonymous viewer finds it. */
  const placeOf = async (city: string, viewer = anonymous): Promise<number> => {
    const id = (await views().list(viewer, { city: city.toLowerCase() }, firstPage)).items[0]?.id;
    if (id === undefined) throw new Error(`no place for ${city}`);
    return id;
  };
  const noteAt = (authorId: number, city: string, fields: NoteFields = {}) =>
    fixtures.note(authorId, { city, country: 'Portugal', ...fields });

  describe('PlaceViews', () => {
    it('shapes a place: its parts as first written, the centre and country code of its readable notes, its counts', async () => {
      const [author, fan] = [await fixtures.user(), await fixtures.user()];
      const city = fixtures.name('Lisbon');
      await noteAt(author.id, city, { latitude: 38.7, longitude: -9.1, isoCountryCode: 'PT' });
      await noteAt(author.id, city.toUpperCase(), { latitude: 38.8, longitude: -9.2, country: 'PORTUGAL' });
      await noteAt(author.id, city, { latitude: 40, longitude: -8, visibility: 'self', isoCountryCode: 'ES' });
      const id = await placeOf(city);
      await adapters().repositories.follows.followPlace(fan.id, id, fixtures.now());

      const seen = await views().get(anonymous, id);
      expect(seen).toEqual({
        id, city, state: null, country: 'Portugal', isoCountryCode: 'PT',
        latitude: expect.any(Number), longitude: expect.any(Number), counts: { notes: 2, followers: 1 },
      });
      expect(seen?.latitude).toBeCloseTo(38.75, 9);
      expect(seen?.longitude).toBeCloseTo(-9.15, 9);

      const byAuthor = await views().get(readerOf(author.id), id);
      expect(byAuthor).toMatchObject({ counts: { notes: 3, followers: 1 } });
      expect(byAuthor?.latitude).toBeCloseTo((38.7 + 38.8 + 40) / 3, 9);
      await expect(views().get(withoutReadall(author.id), id)).resolves.toMatchObject({ counts: { notes: 2 } });
    });

    it('takes the most common country code, the first in order on a tie, and null when no note has one', async () => {
      const author = await fixtures.user();
      const [tied, common, none] = [fixtures.name('tied'), fixtures.name('common'), fixtures.name('none')];
      await noteAt(author.id, tied, { isoCountryCode: 'PT' });
      await noteAt(author.id, tied, { isoCountryCode: 'BR' });
      await noteAt(author.id, common, { isoCountryCode: 'PT' });
      await noteAt(author.id, common, { isoCountryCode: 'BR' });
      await noteAt(author.id, common, { isoCountryCode: 'PT' });
      await noteAt(author.id, common);
      await noteAt(author.id, none);
      await expect(views().get(anonymous, await placeOf(tied))).resolves.toMatchObject({ isoCountryCode: 'BR' });
      await expect(views().get(anonymous, await placeOf(common))).resolves.toMatchObject({ isoCountryCode: 'PT' });
      await expect(views().get(anonymous, await placeOf(none))).resolves.toMatchObject({ isoCountryCode: null });
    });

    it('is not there for a viewer who may read none of its notes, nor for an unknown id', async () => {
      const [author, recipient, stranger] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const city = fixtures.name('hidden');
      await fixtures.note(author.id, { city, country: 'Portugal', visibility: 'recipients' }, [recipient.id]);
      const id = await placeOf(city, readerOf(author.id));
      await expect(views().get(anonymous, id)).resolves.toBeNull();
      await expect(views().get(readerOf(stranger.id), id)).resolves.toBeNull();
      await expect(views().get(withoutReadall(recipient.id), id)).resolves.toBeNull();
      await expect(views().get(readerOf(recipient.id), id)).resolves.toMatchObject({ id, counts: { notes: 1 } });
      await expect(views().list(anonymous, { city }, firstPage)).resolves.toEqual({ items: [], total: 0 });
      await expect(views().get(anonymous, 2_000_000_000)).resolves.toBeNull();
    });

    it('lists places by any of their parts, ignoring case, "" matching a missing part, newest place first', async () => {
      const author = await fixtures.user();
      const city = fixtures.name('porto');
      await noteAt(author.id, city);
      await noteAt(author.id, city, { state: 'Norte' });
      await noteAt(author.id, city, { country: 'Brazil' });
      const all = await views().list(anonymous, { city }, firstPage);
      expect(all.total).toBe(3);
      expect(ids(all)).toEqual([...ids(all)].sort((a, b) => b - a));
      await expect(views().list(anonymous, { city, state: '' }, firstPage)).resolves.toMatchObject({ total: 2 });
      await expect(views().list(anonymous, { city, state: 'norte' }, firstPage)).resolves.toMatchObject({
        total: 1, items: [{ state: 'Norte', country: 'Portugal' }],
      });
      await expect(views().list(anonymous, { city, country: 'brazil' }, { offset: 0, limit: 1 })).resolves.toMatchObject({ total: 1 });
      await expect(views().list(anonymous, { city, country: 'chile' }, firstPage)).resolves.toEqual({ items: [], total: 0 });
      await expect(views().list(anonymous, { city }, { offset: 2, limit: 5 }).then(ids)).resolves.toEqual(ids(all).slice(2));
    });

    it('lists places by words of their name, ignoring case, each word anywhere in it', async () => {
      const author = await fixtures.user();
      const city = fixtures.name('Vila Nova');
      await noteAt(author.id, city, { state: 'Minho' });
      const id = await placeOf(city);
      const words = (q: string) => q.toLowerCase().split(' ');
      // The place's name is "<city>, Minho, Portugal": every word must stand in it, in any order.
      await expect(views().list(anonymous, { words: [...words(city), 'minho'] }, firstPage).then(ids)).resolves.toEqual([id]);
      await expect(views().list(anonymous, { words: ['portu', ...words(city).slice(-1)] }, firstPage).then(ids)).resolves.toContain(id);
      await expect(views().list(anonymous, { words: [...words(city), 'spain'] }, firstPage)).resolves.toEqual({ items: [], total: 0 });
    });

    it('lists places whose centre, as the viewer sees it, lies in every area given (a box, a circle)', async () => {
      const author = await fixtures.user();
      const city = fixtures.name('Faro');
      // Public notes centre the place at 37.0, -7.9; the author's private one moves it to 38.0, -7.9 for the author.
      await noteAt(author.id, city, { latitude: 36.9, longitude: -7.9 });
      await noteAt(author.id, city, { latitude: 37.1, longitude: -7.9 });
      await noteAt(author.id, city, { latitude: 40, longitude: -7.9, visibility: 'self' });
      const id = await placeOf(city);
      const south = { kind: 'bbox' as const, minLon: -8, minLat: 36.95, maxLon: -7.8, maxLat: 37.05 };
      const near = (latitude: number, radius: number) => ({ kind: 'circle' as const, center: { latitude, longitude: -7.9 }, radius });
      const list = (viewer: typeof anonymous, areas: Parameters<ReturnType<typeof views>['list']>[1]['areas']) =>
        views().list(viewer, { city: city.toLowerCase(), areas }, firstPage);

      await expect(list(anonymous, [south])).resolves.toMatchObject({ items: [{ id }], total: 1 });
      await expect(list(readerOf(author.id), [south])).resolves.toEqual({ items: [], total: 0 });
      // 37.0 is about 1.1 km from 37.01: inside 2 km, outside 1 km.
      await expect(list(anonymous, [near(37.01, 2_000)])).resolves.toMatchObject({ total: 1 });
      await expect(list(anonymous, [near(37.01, 1_000)])).resolves.toMatchObject({ total: 0 });
      await expect(list(readerOf(author.id), [near(38, 1_000)])).resolves.toMatchObject({ items: [{ id }], total: 1 });
      // Every area must hold.
      await expect(list(anonymous, [south, near(37.01, 2_000)])).resolves.toMatchObject({ total: 1 });
      await expect(list(anonymous, [south, near(38, 1_000)])).resolves.toMatchObject({ total: 0 });
    });

    it('lists the places a user follows that the viewer may see, most recent follow first, as the profile counts them', async () => {
      const [author, fan] = [await fixtures.user(), await fixtures.user()];
      const [first, second, hidden] = [fixtures.name('first'), fixtures.name('second'), fixtures.name('hidden')];
      await noteAt(author.id, first);
      await noteAt(author.id, second);
      await noteAt(author.id, hidden, { visibility: 'self' });
      const places = [await placeOf(first), await placeOf(second), await placeOf(hidden, readerOf(author.id))];
      for (const place of places) await adapters().repositories.follows.followPlace(fan.id, place, fixtures.now());

      const seen = await views().followedBy(anonymous, fan.id, firstPage);
      expect(seen).toMatchObject({ total: 2 });
      expect(ids(seen)).toEqual([places[1], places[0]]);
      await expect(views().followedBy(readerOf(author.id), fan.id, firstPage).then(ids)).resolves.toEqual([...places].reverse());
      await expect(views().followedBy(anonymous, fan.id, { offset: 1, limit: 1 }).then(ids)).resolves.toEqual([places[0]]);
      for (const viewer of [anonymous, readerOf(author.id), readerOf(fan.id)]) {
        const listed = await views().followedBy(viewer, fan.id, firstPage);
        await expect(adapters().userViews.get(viewer, fan.id)).resolves.toMatchObject({ counts: { followedPlaces: listed.total } });
      }
    });
  });
}

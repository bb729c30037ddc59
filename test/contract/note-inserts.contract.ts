import type { NoteView } from '../../src/application/ports/note-views';
import { readerOf, type ContractAdapters, type Fixtures } from './contract-adapters';

/** NoteInserts: each note stored whole on its own, answered as its author reads it, however many are posted at once. */
export function noteInsertsContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  describe('NoteInserts', () => {
    const inserts = () => adapters().noteInserts;
    const readBack = async (view: NoteView, authorId: number) => adapters().noteViews.get(readerOf(authorId), view.id);

    it('answers a note with its place, tags and recipients exactly as NoteViews reads it for its author', async () => {
      const author = await fixtures.user({ name: 'Ana Author' });
      const recipient = await fixtures.user();
      const city = fixtures.name('city');
      const content = fixtures.content({
        title: 'At the corner', message: 'Fresh bread #Bakery', tags: ['Morning', 'bread'], visibility: 'recipients',
        city, state: 'Lisboa', country: 'Portugal', street: 'Rua Augusta', zoomLevel: 16, locationPrecision: 'neighborhood',
      });
      const now = fixtures.now();
      const view = await inserts().insert({ authorId: author.id, content, recipientIds: [recipient.id, recipient.id], now });
      expect(view).toEqual(await readBack(view, author.id));
      expect(view).toMatchObject({
        title: 'At the corner', visibility: 'recipients', locationPrecision: 'neighborhood',
        author: { id: author.id, name: 'Ana Author' }, createdAt: now.getTime() / 1000, updatedAt: now.getTime() / 1000,
        counts: { comments: 0, favoriters: 0, finders: 0, notemaps: 0, tags: 3 }, viewer: { isFavorited: false, isFound: false },
        place: { name: expect.stringContaining(city) as unknown }, image: null,
      });
      await expect(adapters().repositories.notes.findById(view.id)).resolves.toMatchObject({
        tags: ['morning', 'bread', 'bakery'], explicitTags: ['morning', 'bread'], recipientIds: [recipient.id],
      });
    });

    it('stores texts as written, quotes, backslashes, braces, commas and words like NULL included, in notes posted together', async () => {
      const author = await fixtures.user();
      const texts = ['say "hi", {then} leave', 'back\\slash \\"', 'NULL', 'null, {}, "" and \\', 'café 🗺️ map', 'line\nbreak\tand tab'];
      const views = await Promise.all(texts.map((text, i) => inserts().insert({
        authorId: author.id, now: fixtures.now(), recipientIds: [],
        content: fixtures.content({ title: text, message: `${text} #${i}`, street: text, city: fixtures.name(text.slice(0, 4)), country: 'Chile' }),
      })));
      for (const [i, view] of views.entries()) {
        expect(view).toMatchObject({ title: texts[i], message: `${texts[i]!} #${i}`, location: { street: texts[i] } });
        expect(view).toEqual(await readBack(view, author.id));
      }
    });

    // The answer is built from what the statement wrote (only the id, author and place come back): coordinates of every
    // precision and the snapped public position must read back bit for bit, whoever reads.
    it('answers positions, precisions and a moment mid-second exactly as they read back, for the author and for others', async () => {
      const author = await fixtures.user();
      const reader = await fixtures.user();
      const cases = [
        { latitude: 52.52 + 8.123456789e-9, longitude: 13.404954 + 1e-15, locationPrecision: 'exact' as const },
        { latitude: -33.86882 - 1e-14, longitude: 151.20929, locationPrecision: 'street' as const },
        { latitude: 0.1 + 0.2, longitude: -179.99999999999997, locationPrecision: 'neighborhood' as const },
        { latitude: -89.99999999999999, longitude: 1e-7, locationPrecision: 'city' as const },
      ];
      // Mid-second, and still in the fixtures' order of time (other tests list newest first).
      const now = new Date(fixtures.now().getTime() + 999);
      const views = await Promise.all(cases.map((position) => inserts().insert({
        authorId: author.id, now, recipientIds: [],
        content: fixtures.content({ ...position, title: null, message: 'where exactly #Here #here', zoomLevel: 3 }),
      })));
      for (const [i, view] of views.entries()) {
        expect(view).toEqual(await readBack(view, author.id));
        expect(view.location).toMatchObject({ latitude: cases[i]!.latitude, longitude: cases[i]!.longitude });
        expect(view).toMatchObject({ createdAt: Math.floor(now.getTime() / 1000), updatedAt: Math.floor(now.getTime() / 1000), counts: { tags: 1 } });
        await expect(adapters().noteViews.get(readerOf(reader.id), view.id)).resolves.toMatchObject({ id: view.id });
      }
    });

    it('stores each note of several posted together with its image or none, answered as read', async () => {
      const author = await fixtures.user();
      const images = [{ key: `${fixtures.name('image')}.jpg`, width: 640, height: 480 }, null, undefined, { key: `${fixtures.name('image')}.png`, width: 1, height: 2 }];
      const views = await Promise.all(images.map((image, i) => inserts().insert({
        authorId: author.id, content: fixtures.content({ message: `pictured ${i}` }), recipientIds: [], now: fixtures.now(), image,
      })));
      for (const [i, view] of views.entries()) {
        expect(view.image).toEqual(images[i] ?? null);
        expect(view).toEqual(await readBack(view, author.id));
        await expect(adapters().repositories.notes.findById(view.id)).resolves.toMatchObject({ image: images[i] ?? null });
      }
    });

    it('a note naming a known place in other letters keeps the place as first written', async () => {
      const author = await fixtures.user();
      const city = fixtures.name('Town');
      const first = await inserts().insert({ authorId: author.id, content: fixtures.content({ city, country: 'Chile' }), recipientIds: [], now: fixtures.now() });
      const second = await inserts().insert({ authorId: author.id, content: fixtures.content({ city: city.toUpperCase(), country: 'CHILE' }), recipientIds: [], now: fixtures.now() });
      expect(second.place).toEqual(first.place);
      expect(second).toEqual(await readBack(second, author.id));
    });

    it('stores every note of many posted at once, sharing new places and tags, each answered as read', async () => {
      const authors = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const cities = [fixtures.name('city'), fixtures.name('city')];
      const tags = [fixtures.name('tag'), fixtures.name('tag'), fixtures.name('tag')];
      const posted = Array.from({ length: 40 }, (_, i) => ({
        authorId: authors[i % 3]!.id,
        content: fixtures.content({
          message: `note ${i} #${tags[i % 3]!}`, tags: i % 2 === 0 ? [tags[(i + 1) % 3]!] : [],
          ...(i % 5 === 0 ? {} : { city: cities[i % 2]!, country: 'Peru' }), visibility: i % 4 === 0 ? 'self' : 'public',
        }),
        recipientIds: [],
        now: fixtures.now(),
      }));
      const views = await Promise.all(posted.map((note) => inserts().insert(note)));
      expect(new Set(views.map((view) => view.id)).size).toBe(40);
      for (const [i, view] of views.entries()) {
        expect(view).toEqual(await readBack(view, posted[i]!.authorId));
        expect(view.message).toBe(`note ${i} #${tags[i % 3]!}`);
        expect(view.counts.tags).toBe(i % 2 === 0 ? 2 : 1);
      }
      const placeIds = (city: string) => new Set(views.filter((view) => view.place?.name.startsWith(city)).map((view) => view.place?.id));
      expect(placeIds(cities[0]!).size).toBe(1);
      expect(placeIds(cities[1]!).size).toBe(1);
      expect(views.filter((view) => view.place === null)).toHaveLength(8);
    });
  });
}

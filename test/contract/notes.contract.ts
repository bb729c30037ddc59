import { anonymous, type ContractAdapters, type Fixtures } from './contract-adapters';

const byNumber = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

/** NoteRepository: find, update (content, tags, recipients), delete; the notes are written by NoteInserts. */
export function noteRepositoryContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  describe('NoteRepository', () => {
    const notes = () => adapters().repositories.notes;

    it('creates a note and finds it with content, tags, explicit tags and recipients', async () => {
      const author = await fixtures.user();
      const [r1, r2] = [await fixtures.user(), await fixtures.user()];
      const content = fixtures.content({
        title: 'At the café',
        message: 'Great #Coffee near the #books shop',
        visibility: 'recipients',
        tags: ['Books', 'reading'],
        latitude: -33.8688,
        longitude: 151.2093,
        street: 'George Street',
        streetNumber: '12',
        streetAddress: '12 George Street',
        neighborhood: 'The Rocks',
        city: 'Sydney',
        state: 'NSW',
        postalCode: '2000',
        country: 'Australia',
        isoCountryCode: 'au',
        zoomLevel: 17,
      });
      const now = fixtures.now();
      const id = await fixtures.insert(author.id, content, [r2.id, r1.id], now);

      const note = await notes().findById(id);
      expect(note).toEqual({
        id,
        authorId: author.id,
        title: 'At the café',
        message: 'Great #Coffee near the #books shop',
        visibility: 'recipients',
        location: {
          latitude: -33.8688,
          longitude: 151.2093,
          street: 'George Street',
          streetNumber: '12',
          streetAddress: '12 George Street',
          neighborhood: 'The Rocks',
          city: 'Sydney',
          state: 'NSW',
          postalCode: '2000',
          country: 'Australia',
          isoCountryCode: 'AU',
          zoomLevel: 17,
        },
        locationPrecision: 'exact',
        explicitTags: ['books', 'reading'],
        tags: ['books', 'reading', 'coffee'],
        recipientIds: expect.any(Array),
        image: null,
        createdAt: now,
        updatedAt: now,
      });
      expect(byNumber(note?.recipientIds ?? [])).toEqual(byNumber([r1.id, r2.id]));
    });

    it('stores a note without title, tags, recipients or address', async () => {
      const author = await fixtures.user();
      const id = await fixtures.insert(author.id, fixtures.content({ message: 'plain' }), [], fixtures.now());
      await expect(notes().findById(id)).resolves.toMatchObject({
        title: null,
        visibility: 'public',
        explicitTags: [],
        tags: [],
        recipientIds: [],
        location: { latitude: 52.52, longitude: 13.405, city: null, country: null, isoCountryCode: null, zoomLevel: 15 },
      });
    });

    it('stores how precisely others see the location, exact unless told, and an edit changes it', async () => {
      const author = await fixtures.user();
      const exact = await fixtures.insert(author.id, fixtures.content(), [], fixtures.now());
      await expect(notes().findById(exact)).resolves.toMatchObject({ locationPrecision: 'exact' });
      const id = await fixtures.insert(author.id, fixtures.content({ locationPrecision: 'city', latitude: 38.697612, longitude: -9.203301 }), [], fixtures.now());
      // The author's own record keeps the exact position.
      await expect(notes().findById(id)).resolves.toMatchObject({ locationPrecision: 'city', location: { latitude: 38.697612, longitude: -9.203301 } });
      await notes().update(id, fixtures.content({ locationPrecision: 'street' }), null, fixtures.now());
      await expect(notes().findById(id)).resolves.toMatchObject({ locationPrecision: 'street' });
    });

    it('finds nothing for an unknown id', async () => {
      await expect(notes().findById(2_000_000_000)).resolves.toBeNull();
    });

    it('update replaces content and tags, keeps recipients when given null, and sets updatedAt only', async () => {
      const author = await fixtures.user();
      const recipient = await fixtures.user();
      const created = fixtures.now();
      const id = await fixtures.insert(
        author.id,
        fixtures.content({ message: 'first #alpha', tags: ['beta', 'gamma'], visibility: 'recipients', city: 'Oslo' }),
        [recipient.id],
        created,
      );
      const updated = fixtures.now();
      // `alpha` moves from hashtag to explicit; `beta` becomes a hashtag only; `gamma` goes.
      await notes().update(id, fixtures.content({ message: 'second #beta', title: 'T', tags: ['alpha'], city: 'Bergen' }), null, updated);

      await expect(notes().findById(id)).resolves.toEqual({
        id,
        authorId: author.id,
        title: 'T',
        message: 'second #beta',
        visibility: 'public',
        location: expect.objectContaining({ city: 'Bergen' }),
        locationPrecision: 'exact',
        explicitTags: ['alpha'],
        tags: ['alpha', 'beta'],
        recipientIds: [recipient.id],
        image: null,
        createdAt: created,
        updatedAt: updated,
      });
    });

    it('update replaces recipients when given, and clears them with an empty list', async () => {
      const author = await fixtures.user();
      const [a, b, c] = [await fixtures.user(), await fixtures.user(), await fixtures.user()];
      const content = fixtures.content({ visibility: 'recipients' });
      const id = await fixtures.insert(author.id, content, [a.id, b.id], fixtures.now());

      await notes().update(id, content, [c.id, b.id], fixtures.now());
      expect(byNumber((await notes().findById(id))?.recipientIds ?? [])).toEqual(byNumber([b.id, c.id]));

      await notes().update(id, content, [], fixtures.now());
      await expect(notes().findById(id)).resolves.toMatchObject({ recipientIds: [] });
    });

    it('keeps tag ids stable across notes and edits', async () => {
      const author = await fixtures.user();
      const [kept, other] = [fixtures.name('tag'), fixtures.name('tag')];
      const first = await fixtures.note(author.id, { tags: [kept] });
      const tagId = (await adapters().tagViews.byName(anonymous, kept))?.id;
      expect(tagId).toEqual(expect.any(Number));

      await fixtures.note(author.id, { message: `again #${kept}` });
      await notes().update(first, fixtures.content({ tags: [other, kept] }), null, fixtures.now());
      await notes().update(first, fixtures.content({ tags: [] }), null, fixtures.now());
      await fixtures.note(author.id, { tags: [kept, other] });

      expect((await adapters().tagViews.byName(anonymous, kept))?.id).toBe(tagId);
    });

    it('delete removes the note and says whether there was one', async () => {
      const author = await fixtures.user();
      const recipient = await fixtures.user();
      const tag = fixtures.name('tag');
      const id = await fixtures.note(author.id, { tags: [tag], visibility: 'recipients' }, [recipient.id]);
      const kept = await fixtures.note(author.id, { tags: [tag] });

      await expect(notes().delete(id)).resolves.toBe(true);
      await expect(notes().findById(id)).resolves.toBeNull();
      await expect(notes().delete(id)).resolves.toBe(false);
      await expect(notes().findById(kept)).resolves.toMatchObject({ tags: [tag] });
      await expect(adapters().tagViews.byName(anonymous, tag)).resolves.toMatchObject({ notesCount: 1 });
      const forRecipient = await adapters().noteViews.list({ readerId: recipient.id, userId: recipient.id }, { authorId: author.id }, { offset: 0, limit: 20 });
      expect(forRecipient.items.map((n) => n.id)).toEqual([kept]);
    });
  });
}

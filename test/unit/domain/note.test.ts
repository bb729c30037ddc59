import { ADDRESS_FIELDS } from '../../../src/domain/location';
import {
  ADDRESS_PART_MAX, applyNoteFields, countsAsView, implicitTitle, MESSAGE_MAX, NOTE_TITLE_MAX, noteTitle,
  type NoteContent, type NoteFields,
} from '../../../src/domain/note';
import { problemsOf } from './domain-error-of';

const required: NoteFields = { message: 'Lunch by the river #food', latitude: 48.8566, longitude: 2.3522 };
const create = (fields: NoteFields = {}): NoteContent => applyNoteFields(null, { ...required, ...fields });
const problems = (previous: NoteContent | null, fields: NoteFields) => problemsOf(() => applyNoteFields(previous, fields));
const createProblems = (fields: NoteFields) => problems(null, { ...required, ...fields });
const problemNames = (fields: NoteFields) => createProblems(fields).map((p) => p.name);

describe('applyNoteFields on create', () => {
  it('builds the content of a note from the required fields, with every default', () => {
    expect(create()).toEqual({
      title: null,
      message: 'Lunch by the river #food',
      visibility: 'public',
      location: {
        latitude: 48.8566,
        longitude: 2.3522,
        street: null,
        streetNumber: null,
        streetAddress: null,
        neighborhood: null,
        city: null,
        state: null,
        postalCode: null,
        country: null,
        isoCountryCode: null,
        zoomLevel: 15,
      },
      locationPrecision: 'exact',
      explicitTags: [],
      tags: ['food'],
    });
  });

  it('takes a location precision, and refuses any other than exact, street, neighborhood and city', () => {
    expect(create({ locationPrecision: 'city' }).locationPrecision).toBe('city');
    expect(createProblems({ locationPrecision: 'block' })).toEqual([{ name: 'locationPrecision', problem: 'must be one of exact, street, neighborhood, city' }]);
    expect(problemNames({ locationPrecision: 'Street' })).toEqual(['locationPrecision']);
  });

  it('keeps the location precision on an edit that does not name it, and changes it on one that does', () => {
    const before = create({ locationPrecision: 'neighborhood' });
    expect(applyNoteFields(before, { message: 'edited' }).locationPrecision).toBe('neighborhood');
    expect(applyNoteFields(before, { locationPrecision: 'exact' }).locationPrecision).toBe('exact');
  });

  it('requires message, latitude and longitude, reporting all three at once', () => {
    expect(problems(null, {})).toEqual([
      { name: 'message', problem: 'is required' },
      { name: 'latitude', problem: 'is required' },
      { name: 'longitude', problem: 'is required' },
    ]);
  });

  it.each(['message', 'latitude', 'longitude'] as const)('requires %s alone', (name) => {
    const fields: NoteFields = { ...required };
    delete fields[name];
    expect(problems(null, fields)).toEqual([{ name, problem: 'is required' }]);
  });

  it('accepts a latitude or longitude of 0 as given', () => {
    expect(create({ latitude: 0, longitude: 0 }).location).toMatchObject({ latitude: 0, longitude: 0 });
  });

  describe('message', () => {
    it('refuses an empty or blank message', () => {
      expect(createProblems({ message: '' })).toEqual([{ name: 'message', problem: 'must not be empty' }]);
      expect(createProblems({ message: ' \n\t ' })).toEqual([{ name: 'message', problem: 'must not be empty' }]);
    });

    it('accepts a message of one character', () => {
      expect(create({ message: 'x' }).message).toBe('x');
    });

    it('accepts 20,000 characters and refuses 20,001', () => {
      expect(MESSAGE_MAX).toBe(20_000);
      expect(create({ message: 'm'.repeat(20_000) }).message).toHaveLength(20_000);
      expect(createProblems({ message: 'm'.repeat(20_001) })).toEqual([
        { name: 'message', problem: 'must be at most 20000 characters' },
      ]);
    });

    it('counts the limit in code points, not UTF-16 units', () => {
      const emoji = '\u{1F600}'.repeat(20_000);
      expect(create({ message: emoji }).message).toBe(emoji);
      expect(problemNames({ message: emoji + 'x' })).toEqual(['message']);
    });

    it('keeps the message as written, newlines included', () => {
      expect(create({ message: 'first\n\nsecond  line' }).message).toBe('first\n\nsecond  line');
    });
  });

  describe('title', () => {
    it('is trimmed', () => {
      expect(create({ title: '  At the market  ' }).title).toBe('At the market');
    });

    it('is null when blank, null or absent', () => {
      expect(create({ title: '   ' }).title).toBeNull();
      expect(create({ title: '' }).title).toBeNull();
      expect(create({ title: null }).title).toBeNull();
      expect(create().title).toBeNull();
    });

    it('accepts 100 characters (after trimming) and refuses 101', () => {
      expect(NOTE_TITLE_MAX).toBe(100);
      expect(create({ title: ` ${'t'.repeat(100)} ` }).title).toBe('t'.repeat(100));
      expect(createProblems({ title: 't'.repeat(101) })).toEqual([
        { name: 'title', problem: 'must be at most 100 characters' },
      ]);
    });

    it('counts the limit in code points', () => {
      expect(create({ title: '\u{1F5FA}'.repeat(100) }).title).toBe('\u{1F5FA}'.repeat(100));
      expect(problemNames({ title: '\u{1F5FA}'.repeat(101) })).toEqual(['title']);
    });
  });

  describe('coordinates', () => {
    it.each([-90, 90, 0, 45.5])('accepts the latitude %p', (latitude) => {
      expect(create({ latitude }).location.latitude).toBe(latitude);
    });

    it.each([-90.0001, 90.0001, 180, Number.NaN, Number.POSITIVE_INFINITY])('refuses the latitude %p', (latitude) => {
      expect(createProblems({ latitude })).toEqual([{ name: 'latitude', problem: 'must be a number from -90 to 90' }]);
    });

    it.each([-180, 180, 0, -73.98])('accepts the longitude %p', (longitude) => {
      expect(create({ longitude }).location.longitude).toBe(longitude);
    });

    it.each([-180.0001, 180.0001, 360, Number.NaN, Number.NEGATIVE_INFINITY])('refuses the longitude %p', (longitude) => {
      expect(createProblems({ longitude })).toEqual([{ name: 'longitude', problem: 'must be a number from -180 to 180' }]);
    });
  });

  describe('address fields', () => {
    it.each(ADDRESS_FIELDS)('%s is trimmed, blank is null, 200 characters pass and 201 fail', (name) => {
      expect(ADDRESS_PART_MAX).toBe(200);
      expect(create({ [name]: '  Somewhere  ' }).location[name]).toBe('Somewhere');
      expect(create({ [name]: '   ' }).location[name]).toBeNull();
      expect(create({ [name]: null }).location[name]).toBeNull();
      expect(create({ [name]: 'a'.repeat(200) }).location[name]).toBe('a'.repeat(200));
      expect(createProblems({ [name]: 'a'.repeat(201) })).toEqual([
        { name, problem: 'must be at most 200 characters' },
      ]);
    });
  });

  describe('isoCountryCode', () => {
    it('is uppercased and trimmed', () => {
      expect(create({ isoCountryCode: 'fr' }).location.isoCountryCode).toBe('FR');
      expect(create({ isoCountryCode: ' De ' }).location.isoCountryCode).toBe('DE');
    });

    it('is null when blank', () => {
      expect(create({ isoCountryCode: '' }).location.isoCountryCode).toBeNull();
      expect(create({ isoCountryCode: null }).location.isoCountryCode).toBeNull();
    });

    it.each(['F', 'FRA', 'F1', '12', 'É1', 'ÉS'])('refuses %j', (isoCountryCode) => {
      expect(createProblems({ isoCountryCode })).toEqual([
        { name: 'isoCountryCode', problem: 'must be a two-letter country code' },
      ]);
    });
  });

  describe('zoomLevel', () => {
    it('defaults to 15 when absent or null', () => {
      expect(create().location.zoomLevel).toBe(15);
      expect(create({ zoomLevel: null }).location.zoomLevel).toBe(15);
    });

    it.each([0, 1, 21, 22])('accepts %p', (zoomLevel) => {
      expect(create({ zoomLevel }).location.zoomLevel).toBe(zoomLevel);
    });

    it.each([-1, 23, 1.5, Number.NaN])('refuses %p', (zoomLevel) => {
      expect(createProblems({ zoomLevel })).toEqual([{ name: 'zoomLevel', problem: 'must be an integer from 0 to 22' }]);
    });
  });

  describe('visibility', () => {
    it('defaults to public', () => {
      expect(create().visibility).toBe('public');
    });

    it.each([
      ['public', 'public'],
      ['recipients', 'recipients'],
      ['self', 'self'],
      ['private', 'self'],
      [' Private ', 'self'],
    ])('reads %j as %s', (visibility, expected) => {
      expect(create({ visibility }).visibility).toBe(expected);
    });

    it('refuses an unknown visibility on the visibility field', () => {
      expect(problemNames({ visibility: 'friends' })).toEqual(['visibility']);
    });
  });

  describe('tags', () => {
    it('keeps the given tags, normalised, as the explicit tags', () => {
      const content = create({ tags: ['Picnic', '#Summer'] });
      expect(content.explicitTags).toEqual(['picnic', 'summer']);
    });

    it('are the given tags plus the hashtags of the message, each once', () => {
      const content = create({ message: 'Sunny #summer day #Park', tags: ['Picnic', 'summer'] });
      expect(content.tags).toEqual(['picnic', 'summer', 'park']);
    });

    it('refuses an invalid tag on the tags field', () => {
      expect(problemNames({ tags: ['fine', 'not fine'] })).toEqual(['tags']);
    });
  });

  it('reports the problems of every field together', () => {
    expect(problemNames({
      message: '',
      title: 't'.repeat(101),
      latitude: 91,
      longitude: -181,
      city: 'c'.repeat(201),
      isoCountryCode: 'XYZ',
      zoomLevel: 30,
      visibility: 'hidden',
      tags: ['bad tag'],
    })).toEqual(['message', 'title', 'latitude', 'longitude', 'city', 'isoCountryCode', 'zoomLevel', 'visibility', 'tags']);
  });
});

describe('applyNoteFields on edit', () => {
  const previous = create({
    title: 'Old title',
    message: 'Old message #old',
    visibility: 'recipients',
    tags: ['kept'],
    city: 'Paris',
    country: 'France',
    isoCountryCode: 'fr',
    zoomLevel: 10,
  });

  it('keeps every previous value when nothing is sent', () => {
    expect(applyNoteFields(previous, {})).toEqual(previous);
  });

  it('requires nothing', () => {
    expect(() => applyNoteFields(previous, { title: 'New title' })).not.toThrow();
  });

  it('changes only the fields sent', () => {
    const next = applyNoteFields(previous, { title: 'New title', city: 'Lyon', latitude: 45.76 });
    expect(next).toEqual({
      ...previous,
      title: 'New title',
      location: { ...previous.location, city: 'Lyon', latitude: 45.76 },
    });
  });

  it('keeps the explicit tags when the message changes without tags, and recomputes the hashtags', () => {
    const next = applyNoteFields(previous, { message: 'New message #new' });
    expect(next.explicitTags).toEqual(['kept']);
    expect(next.tags).toEqual(['kept', 'new']);
  });

  it('replaces the explicit tags when tags are sent, keeping the hashtags of the message', () => {
    expect(applyNoteFields(previous, { tags: ['other'] }).tags).toEqual(['other', 'old']);
    const cleared = applyNoteFields(previous, { tags: [] });
    expect(cleared.explicitTags).toEqual([]);
    expect(cleared.tags).toEqual(['old']);
  });

  it('clears the title with null or a blank string', () => {
    expect(applyNoteFields(previous, { title: null }).title).toBeNull();
    expect(applyNoteFields(previous, { title: '  ' }).title).toBeNull();
  });

  it('clears an address field with a blank string', () => {
    const next = applyNoteFields(previous, { city: '' });
    expect(next.location.city).toBeNull();
    expect(next.location.country).toBe('France');
  });

  it('keeps the zoom level when absent and resets it to 15 with null', () => {
    expect(applyNoteFields(previous, {}).location.zoomLevel).toBe(10);
    expect(applyNoteFields(previous, { zoomLevel: null }).location.zoomLevel).toBe(15);
  });

  it('changes the visibility, private meaning self', () => {
    expect(applyNoteFields(previous, { visibility: 'private' }).visibility).toBe('self');
    expect(applyNoteFields(previous, { title: 'x' }).visibility).toBe('recipients');
  });

  it('still checks the fields sent', () => {
    expect(problems(previous, { message: ' ' })).toEqual([{ name: 'message', problem: 'must not be empty' }]);
    expect(problems(previous, { latitude: -91 }).map((p) => p.name)).toEqual(['latitude']);
    expect(problems(previous, { zoomLevel: 23 }).map((p) => p.name)).toEqual(['zoomLevel']);
  });

  it('does not change the previous content', () => {
    const copy = structuredClone(previous);
    applyNoteFields(previous, { message: 'changed #x', tags: ['y'], city: 'Nice' });
    expect(previous).toEqual(copy);
  });
});

describe('noteTitle', () => {
  it('is the title the author gave', () => {
    expect(noteTitle({ title: 'My title', message: 'First line\nmore' })).toBe('My title');
  });

  it('is the first line of the message when there is no title', () => {
    expect(noteTitle({ title: null, message: '\n  First   line \nmore' })).toBe('First line');
  });

  it('shortens a long title at a word boundary to 60 characters with an ellipsis', () => {
    const title = `${'word '.repeat(19)}word`;
    expect(noteTitle({ title, message: 'm' })).toBe(`${'word '.repeat(11)}word\u2026`);
  });

  it('shortens a long first line the same way', () => {
    expect(noteTitle({ title: null, message: 'x'.repeat(80) })).toBe(`${'x'.repeat(60)}\u2026`);
  });
});

describe('implicitTitle', () => {
  it('is always derived from the first line of the message', () => {
    expect(implicitTitle('Morning walk\nalong the canal')).toBe('Morning walk');
  });

  it('skips blank lines and collapses white space', () => {
    expect(implicitTitle('\r\n \r\n  Morning \t walk  ')).toBe('Morning walk');
  });

  it('is shortened like the title', () => {
    expect(implicitTitle(`${'a'.repeat(30)} ${'b'.repeat(40)}`)).toBe(`${'a'.repeat(30)}\u2026`);
  });
});

describe('countsAsView', () => {
  it('counts a read of a public note by anyone but its author, signed in or not', () => {
    expect(countsAsView({ visibility: 'public', authorId: 1 }, null)).toBe(true);
    expect(countsAsView({ visibility: 'public', authorId: 1 }, 2)).toBe(true);
    expect(countsAsView({ visibility: 'public', authorId: 1 }, 1)).toBe(false);
    expect(countsAsView({ visibility: 'recipients', authorId: 1 }, 2)).toBe(false);
    expect(countsAsView({ visibility: 'self', authorId: 1 }, null)).toBe(false);
  });
});

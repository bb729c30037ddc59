import { hashtagsOf, normalizeTag, noteTags, parseTagList, TAG_MAX } from '../../../src/domain/tag';
import { domainErrorOf, problemsOf } from './domain-error-of';

describe('normalizeTag', () => {
  it.each([
    ['Paris', 'paris'],
    ['  #Paris  ', 'paris'],
    ['#street-food', 'street-food'],
    ['snake_case', 'snake_case'],
    ['2026', '2026'],
    ['CAFÉ', 'café'],
    ['Zürich', 'zürich'],
    ['東京', '東京'],
    ['МОСКВА', 'москва'],
  ])('%j is %j', (raw, name) => {
    expect(normalizeTag(raw)).toBe(name);
  });

  it('composes a decomposed name (NFC), so both spellings are one tag', () => {
    expect(normalizeTag('cafe\u0301')).toBe('caf\u00E9');
  });

  it('accepts 1 to 50 characters, the # not counted', () => {
    expect(TAG_MAX).toBe(50);
    expect(normalizeTag('a')).toBe('a');
    expect(normalizeTag('a'.repeat(50))).toBe('a'.repeat(50));
    expect(normalizeTag('#' + 'a'.repeat(50))).toBe('a'.repeat(50));
    expect(normalizeTag('a'.repeat(51))).toBeNull();
  });

  it('counts the 50 in code points', () => {
    expect(normalizeTag('é'.repeat(50))).toBe('é'.repeat(50));
    expect(normalizeTag('é'.repeat(51))).toBeNull();
  });

  it.each(['', '   ', '#', '##tag', 'two words', 'dot.tag', 'slash/tag', 'emoji\u{1F600}', 'a#b', 'comma,tag'])(
    'refuses %j',
    (raw) => {
      expect(normalizeTag(raw)).toBeNull();
    },
  );
});

describe('parseTagList', () => {
  it('normalises every tag and skips blank items', () => {
    expect(parseTagList(['Food', ' #Travel ', '', '  '])).toEqual(['food', 'travel']);
  });

  it('keeps the given order', () => {
    expect(parseTagList(['b', 'a', 'c'])).toEqual(['b', 'a', 'c']);
  });

  it('is empty for an empty list', () => {
    expect(parseTagList([])).toEqual([]);
  });

  it('fails validation on the tags field, naming the bad item', () => {
    const problems = problemsOf(() => parseTagList(['ok', 'not a tag']));
    expect(problems).toHaveLength(1);
    expect(problems[0]?.name).toBe('tags');
    expect(problems[0]?.problem).toContain('"not a tag"');
  });

  it('refuses a tag of 51 characters', () => {
    expect(domainErrorOf(() => parseTagList(['x'.repeat(51)])).kind).toBe('invalid');
  });
});

describe('hashtagsOf', () => {
  it('finds the hashtags of a message, normalised, in order', () => {
    expect(hashtagsOf('Lunch at #Paris, then #Lyon.')).toEqual(['paris', 'lyon']);
  });

  it('finds a hashtag at the start, after a newline, and inside brackets or quotes', () => {
    expect(hashtagsOf('#first line\n#second (#third) "#fourth"')).toEqual(['first', 'second', 'third', 'fourth']);
  });

  it('ends a hashtag at punctuation and keeps "_" and "-"', () => {
    expect(hashtagsOf('#wow! #street_food-2026?')).toEqual(['wow', 'street_food-2026']);
  });

  it('reads unicode hashtags', () => {
    expect(hashtagsOf('#Zürich #東京 #Café #МОСКВА')).toEqual(['zürich', '東京', 'café', 'москва']);
  });

  it('reads a decomposed hashtag whole, as the same tag as its composed spelling', () => {
    expect(hashtagsOf('#cafe\u0301 time')).toEqual(['caf\u00E9']);
  });

  it.each([
    'https://example.com/docs#install',
    'https://example.com/#top',
    'https://example.com/page?x=1#frag',
    'https://example.com/page.html#sec-2',
    'https://example.com/#/route',
    'see example.com/a_b#c',
  ])('ignores the fragment of the URL %j', (message) => {
    expect(hashtagsOf(message)).toEqual([]);
  });

  it('finds a hashtag next to a URL with a fragment', () => {
    expect(hashtagsOf('Read https://example.com/guide#part-2 #reading')).toEqual(['reading']);
  });

  it('ignores HTML character references such as &#39;', () => {
    expect(hashtagsOf('it&#39;s here &#x27;quoted&#x27; &#8217;')).toEqual([]);
    expect(hashtagsOf('it&#39;s #sunny')).toEqual(['sunny']);
  });

  it('ignores a # inside a word and a doubled #', () => {
    expect(hashtagsOf('C# and F#, issue#12, ##double, #a#b')).toEqual(['a']);
  });

  it('passes over a hashtag too long to be a tag', () => {
    expect(hashtagsOf(`#${'x'.repeat(51)} #ok`)).toEqual(['ok']);
    expect(hashtagsOf(`#${'x'.repeat(50)}`)).toEqual(['x'.repeat(50)]);
  });

  it('finds nothing in a message without hashtags or with a lone #', () => {
    expect(hashtagsOf('plain text')).toEqual([]);
    expect(hashtagsOf('# heading and # more')).toEqual([]);
  });

  it('keeps repeated hashtags; noteTags removes the duplicates', () => {
    expect(hashtagsOf('#sun #Sun')).toEqual(['sun', 'sun']);
  });
});

describe('noteTags', () => {
  it('is the given tags followed by the hashtags, each once, in first-seen order', () => {
    expect(noteTags(['Food', '#travel'], 'Nice #food and #sun, #SUN')).toEqual(['food', 'travel', 'sun']);
  });

  it('is the hashtags alone when no tags are given', () => {
    expect(noteTags([], '#a #b')).toEqual(['a', 'b']);
  });

  it('fails validation on a bad given tag', () => {
    expect(problemsOf(() => noteTags(['bad tag'], '#fine'))[0]?.name).toBe('tags');
  });
});

describe('tags in scripts with combining marks', () => {
  it('keeps combining marks as part of the tag', () => {
    expect(normalizeTag('हिन्दी')).toBe('हिन्दी');
    expect(hashtagsOf('Trip to #İstanbul')).toEqual(['i̇stanbul']);
    expect(hashtagsOf('#हिन्दी है')).toEqual(['हिन्दी']);
  });
});

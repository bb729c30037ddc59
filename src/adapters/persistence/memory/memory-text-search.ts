import stem from 'wink-porter2-stemmer';

// PostgreSQL's english.stop: words the 'english' configuration leaves out (the 'simple' one keeps them).
const ENGLISH_STOP_WORDS = new Set(`i me my myself we our ours ourselves you your yours yourself yourselves he him his
himself she her hers herself it its itself they them their theirs themselves what which who whom this that these those
am is are was were be been being have has had having do does did doing a an the and but if or because as until while of
at by for with about against between into through during before after above below to from up down in out on off over
under again further then once here there when where why how all any both each few more most other some such no nor not
only own same so than too very s t can will just don should now`.split(/\s+/u));

/** Words as PostgreSQL's parser roughly sees them: runs of letters and digits, lowercased. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
}

/** to_tsvector('english', …): stop words dropped, the rest stemmed (Porter2 is the Snowball English stemmer). */
function englishLexemes(words: string[]): string[] {
  return words.filter((word) => !ENGLISH_STOP_WORDS.has(word)).map((word) => stem(word));
}

/**
 * The memory twin of the SQL search (notes.search @@ plainto_tsquery('english', q) || plainto_tsquery('simple', q)):
 * null when the document does not hold every query word as an English stem or every word as written;
 * otherwise a rank, the number of times the query's lexemes occur (more is better, as with ts_rank).
 */
export function textRank(document: string, query: string): number | null {
  const words = wordsOf(document);
  const lexemes = [...englishLexemes(words), ...words];
  const present = new Set(lexemes);
  const queryWords = wordsOf(query);
  const english = englishLexemes(queryWords);
  const holdsAll = (terms: string[]) => terms.length > 0 && terms.every((term) => present.has(term));
  if (!holdsAll(english) && !holdsAll(queryWords)) return null;
  const wanted = new Set([...english, ...queryWords]);
  return lexemes.filter((lexeme) => wanted.has(lexeme)).length;
}

/**
 * The one tokenizer of Groundwork's text analysis: what a "word" is for the lexical index, its
 * queries, the extractive answerer, citation snippets and near-duplicate detection alike.
 *
 * A word is a run of letters and digits of any script. Before splitting, text is folded: NFKD,
 * combining marks dropped (é → e, ü → u; ß and ø, which have no decomposition, stay), lowercased.
 * Anything else separates words, so "COVID-19" is "covid" and "19", "running-shoes" is two words
 * and a possessive's pieces ("café’s" → "cafe", "s") are words of their own. A contraction is read
 * as its words (readingContractions): "they're" is "they", "doesn't" is "does".
 */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A word with a contraction's clitic ("'re", "'ve", "'ll", "'d", "'m") or a negation's "n't".
 * Split at the apostrophe their pieces were words of their own: "re", "ve", "ll", "isn", "doesn", "don",
 * which no page writes for "are", "have" or "does" and the lexical index weighs as rare terms, so
 * "…once they're all done?" searched for "re" (Python's module) and a sentence with "you're"
 * matched it. Their words ("are", "not", "will") are stop words, so a clitic reads as nothing.
 */
const CONTRACTION = /(?<![\p{L}\p{N}])(\p{L}+)(?:['’](?:re|ve|ll|d|m)|(n)['’]t)(?![\p{L}\p{N}])/giu;
/** The negations whose word is not what comes before "n't": "can't", "won't", "shan't". */
const IRREGULAR_NEGATION: Readonly<Record<string, string>> = { ca: 'can', wo: 'will', sha: 'shall' };

/**
 * `text` with each contraction read as its word, padded to the contraction's length so that every
 * other word keeps its offsets (wordSpans): "they're" is "they   ", "won't" is "will ".
 */
export function readingContractions(text: string): string {
  if (!text.includes("'") && !text.includes('’')) return text;
  return text.replace(CONTRACTION, (contraction, word: string, negation: string | undefined) =>
    (negation === undefined ? word : (IRREGULAR_NEGATION[word.toLowerCase()] ?? word)).padEnd(contraction.length),
  );
}

const ASCII = /^\p{ASCII}*$/u;

/** Accents and case folded away: the form words are compared in. ASCII text, most of it, has nothing to decompose. */
export function foldText(text: string): string {
  return ASCII.test(text) ? text.toLowerCase() : text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** The folded words of a text, in order, repeats kept. */
export function foldedWords(text: string): string[] {
  return foldText(readingContractions(text)).match(WORD) ?? [];
}

/** A word of a text with where it stands in the original (unfolded) text. */
export interface WordSpan {
  /** The folded word, as foldedWords gives it. */
  word: string;
  start: number;
  end: number;
}

/**
 * The folded words of a text with their offsets in the text as given, for callers that show the
 * original (snippets). A run of letters, digits and the marks written on them is one span; in the
 * rare run that folds into several words (a ligature-like "½") each of them gets the run's span.
 */
export function wordSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  for (const match of readingContractions(text).matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const start = match.index;
    const end = start + match[0].length;
    for (const word of foldedWords(match[0])) spans.push({ word, start, end });
  }
  return spans;
}

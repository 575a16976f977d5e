/**
 * SciFact's rationales (claims_dev_evidence.jsonl) as sentences, and whether a reply quotes one.
 * The evidence names sentences of an abstract by index; BEIR's corpus has the abstract as one
 * string, its sentences joined by spaces, so the abstract is cut again: after `.`, `!` or `?`
 * followed by white space and a capital, a digit or a bracket, except after a few abbreviations
 * (`et al.`, `e.g.`, `i.e.`, `vs.`, `Fig.`, a single capital). On the dev claims one evidence set
 * of 338 names a sentence past the end of its abstract so cut; the others fit.
 */
const ABBREVIATION = /(?:\bet al|\be\.g|\bi\.e|\bvs|\bFig|\bfig|\bapprox|\bca|\bNo|\bDr|\b[A-Z])\.$/;

export function abstractSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const boundary of text.matchAll(/[.!?]\s+(?=[A-Z0-9([])/g)) {
    const end = boundary.index + 1;
    if (ABBREVIATION.test(text.slice(start, end))) continue;
    sentences.push(text.slice(start, end).trim());
    start = boundary.index + boundary[0].length;
  }
  if (start < text.length) sentences.push(text.slice(start).trim());
  return sentences.filter(Boolean);
}

/** Share of a sentence this close to whole counts as quoted. */
export const QUOTE_SHARE = 0.8;

const wordsOf = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/\[\d+\]/g, ' ')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Whether the reply quotes the sentence: the longest run of the sentence's words that the reply
 * holds contiguously, in order, is at least QUOTE_SHARE of the sentence (words: letters and digits,
 * lowercased, after NFKC; the reply's `[n]` citation markers, punctuation and white space ignored).
 */
export function quotes(reply: string, sentence: string): boolean {
  const want = wordsOf(sentence);
  if (want.length === 0) return false;
  const have = wordsOf(reply);
  let longest = 0;
  let previous = new Array<number>(want.length + 1).fill(0);
  for (const word of have) {
    const current = new Array<number>(want.length + 1).fill(0);
    for (let j = 1; j <= want.length; j++) {
      if (want[j - 1] === word) {
        current[j] = previous[j - 1]! + 1;
        if (current[j]! > longest) longest = current[j]!;
      }
    }
    previous = current;
  }
  return longest >= QUOTE_SHARE * want.length;
}

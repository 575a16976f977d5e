/**
 * Where a sentence ends, as both the answer step (answering/sentences.ts) and the text a chunk's
 * record carries after it (chunking/following-text.ts) read it: one rule, so that the text read on
 * never ends where the answer step would go on.
 */

/** Words written with a full stop that ends no sentence. */
const ABBREVIATIONS = new Set(
  'e.g i.e etc vs cf al approx dept est fig inc ltd co corp mr mrs ms dr prof sr jr st no nos vol pp ca jan feb mar apr jun jul aug sep sept oct nov dec'.split(' '),
);

/** The word (dots within it kept) that the full stop at `index` closes, folded to lower case. */
const wordBefore = (text: string, index: number) => /([\p{L}.]+)\.$/u.exec(text.slice(Math.max(0, index - 12), index + 1))?.[1]?.toLowerCase() ?? '';

/** Whether the full stop at `index` closes an abbreviation ("e.g.", "i.e.", "Dr."). */
export function endsAbbreviation(text: string, index: number): boolean {
  return ABBREVIATIONS.has(wordBefore(text, index));
}

/** Whether the period at `index` ends a sentence rather than an abbreviation, an initial or a number. */
export function periodEndsSentence(text: string, index: number): boolean {
  const before = wordBefore(text, index);
  if (ABBREVIATIONS.has(before)) return false;
  if (/^\p{L}$/u.test(before)) return false;
  if (/\d$/.test(text.slice(0, index)) && /^\d/.test(text.slice(index + 1))) return false;
  return true;
}

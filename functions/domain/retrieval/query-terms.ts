/** Words too common to say what a question is about. */
const STOP_WORDS = new Set(
  'the and for are but not you all any can had her was one our out has have how its may new now see two who did does what when where which why with this that from they them then than there these those will would could should into onto about over under your yours their been being were is it in on of to a an as at by be or if do so no we us me my he she his i'.split(' '),
);

/** The lowercased words of a text, letters and digits of any script. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The distinct words of a query that say what it is about. */
export function queryTerms(query: string): string[] {
  return [...new Set(wordsOf(query).filter((word) => word.length >= 3 && !STOP_WORDS.has(word)))];
}

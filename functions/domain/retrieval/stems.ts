import { stem } from 'porter2';

/**
 * Words as the lexical index and the extractive answerer read them: accents folded (é → e),
 * lowercased, split at anything but letters and digits.
 */
export function foldedWords(text: string): string[] {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Most words whose stems are kept: a corpus repeats a small vocabulary millions of times. */
const MAX_CACHED_STEMS = 1_000_000;
const stems = new Map<string, string>();

/**
 * A folded word's Porter2 (Snowball English) stem, so "cells" meets "cell" and "studies" meets
 * "study". Cached for the process: every index, question and answer shares the vocabulary.
 */
export function stemOf(word: string): string {
  let term = stems.get(word);
  if (term === undefined) {
    term = stem(word);
    if (stems.size < MAX_CACHED_STEMS) stems.set(word, term);
  }
  return term;
}

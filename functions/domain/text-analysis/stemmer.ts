import { stem } from 'porter2';

/** Most words whose stems are kept: a corpus repeats a small vocabulary millions of times. */
const MAX_CACHED_STEMS = 1_000_000;
const stems = new Map<string, string>();

/**
 * A folded word's Porter2 (Snowball English) stem, from the maintained `porter2` package, so
 * "cells" meets "cell", "studies" meets "study" and "refunds", "refunded", "refunding" meet.
 * Words of other scripts come back as they are. Cached for the process: every index, question
 * and answer shares the vocabulary.
 */
export function stemOf(word: string): string {
  let term = stems.get(word);
  if (term === undefined) {
    term = stem(word);
    if (stems.size < MAX_CACHED_STEMS) stems.set(word, term);
  }
  return term;
}

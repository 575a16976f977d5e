import { foldedWords, stemOf } from '../retrieval/stems';

/**
 * Words as the extractive answerer compares them: lowercased, accents folded, reduced to their
 * Porter2 (Snowball English) stem, so "refunds", "refunded" and "refunding" meet, "policies" meets
 * "policy", and "translate" meets "translations". The same stemmer as the lexical index's: a
 * passage retrieved for a word is then also read for it.
 */

/** Words that say nothing about what a question is about, the question words among them. */
const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by can could ' +
    'did do does doing done down during each either else etc ever every few for from further get gets got had has have having he her here ' +
    'hers herself him himself his how however i if in into is it its itself just know let like may me might mine more most much must my ' +
    'myself need no nor not now of off on once one only or other our ours ourselves out over own please same shall she should so some ' +
    'such tell than that the their theirs them themselves then there these they this those through thus to too under until up upon us ' +
    'very via was way we well were what whatever when whenever where whether which while who whom whose why will with within without ' +
    'would yes yet you your yours yourself yourselves explain describe give show want wants'
  ).split(' '),
);

/** The stems of a text's content words, in order (repeats kept: bigrams need positions). */
export function contentTerms(text: string): string[] {
  return foldedWords(text)
    .filter((word) => word.length >= 2 && !STOP_WORDS.has(word))
    .map(stemOf);
}

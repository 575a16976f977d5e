/**
 * Words as the extractive answerer compares them: lowercased, accents folded, common English
 * endings removed, so "refunds", "refunded" and "refunding" meet, and "policies" meets "policy".
 * A light suffix stripper rather than a full stemmer: both sides go through the same rules, and
 * matching only needs them to agree, not to produce dictionary stems.
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

const VOWEL = /[aeiouy]/;

function stripEnding(word: string, ending: string, minimumRest: number): string | undefined {
  if (!word.endsWith(ending)) return undefined;
  const rest = word.slice(0, -ending.length);
  return rest.length >= minimumRest && VOWEL.test(rest) ? rest : undefined;
}

/** "shipp" → "ship", but "fall", "miss" and "buzz" keep their doubles. */
function undouble(word: string): string {
  const last = word[word.length - 1];
  return word.length > 3 && last === word[word.length - 2] && last !== undefined && !'lsz'.includes(last) && !VOWEL.test(last) ? word.slice(0, -1) : word;
}

export function stem(input: string): string {
  let word = input;
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('sses')) word = word.slice(0, -2);
  else if (word.endsWith('ies') && word.length > 4) word = `${word.slice(0, -3)}y`;
  else if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) word = word.slice(0, -1);

  for (const ending of ['ingly', 'edly', 'ing', 'ed']) {
    const rest = stripEnding(word, ending, 3);
    if (rest !== undefined) {
      word = undouble(rest);
      break;
    }
  }
  for (const [ending, replacement, minimumRest] of [
    ['ation', '', 4],
    ['tion', 't', 3],
    ['ness', '', 3],
    ['able', '', 4],
    ['ible', '', 4],
    ['ly', '', 4],
  ] as const) {
    const rest = stripEnding(word, ending, minimumRest);
    if (rest !== undefined) {
      word = rest + replacement;
      break;
    }
  }
  if (word.length > 4 && word.endsWith('e')) word = word.slice(0, -1);
  if (word.length > 3 && word.endsWith('y')) word = `${word.slice(0, -1)}i`;
  return word;
}

/** Lowercased words of any script, accents folded (é → e). */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** The stems of a text's content words, in order (repeats kept: bigrams need positions). */
export function contentTerms(text: string): string[] {
  return wordsOf(text)
    .filter((word) => word.length >= 2 && !STOP_WORDS.has(word))
    .map(stem);
}

import { documentKeyOf, type Passage } from '../../contracts/ports/passage';
import { foldedWords } from '../text-analysis/tokenizer';

/** Word-set overlap above which two chunks say the same thing (the same file in two knowledge bases, a page crawled twice). */
export const NEAR_DUPLICATE_SIMILARITY = 0.9;

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * The words of a set that any set at least NEAR_DUPLICATE_SIMILARITY alike must share one of
 * (prefix filtering, Chaudhuri et al. 2006): in one fixed order of all words, the first
 * |s| − ⌈t·|s|⌉ + 1. The
 * empty set has none, and is keyed by '' so that two empty chunks still meet.
 */
function prefixOf(words: ReadonlySet<string>): string[] {
  if (words.size === 0) return [''];
  // Any one order is correct; longest first puts rare words in prefixes, so few chunks share one.
  const sorted = [...words].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
  // The tolerance keeps 0.9 × 10 from rounding up to 10 and cutting the prefix short.
  return sorted.slice(0, sorted.length - Math.ceil(NEAR_DUPLICATE_SIMILARITY * sorted.length - 1e-9) + 1);
}

/**
 * The best `topK` passages of several knowledge bases, by score (ties: the caller's order of
 * knowledge bases, then document), keeping only the best of near-identical chunks. A passage is
 * compared only with the kept ones that share a word of its prefix (prefixOf), which finds every
 * near-duplicate while keeping a deep merge (evaluations ask for 1000) fast. At most `perDocument`
 * passages of one document are kept, and then the best passage of every document goes before any
 * document's second: a long page that repeats the question's words in every chunk would otherwise
 * fill a prompt's five places and leave the answerer one page to quote.
 */
export function mergePassages(rankings: readonly Passage[][], topK: number, perDocument = Number.POSITIVE_INFINITY): Passage[] {
  const ordered = rankings
    .flatMap((passages, rank) => passages.map((passage) => ({ passage, rank })))
    .sort((a, b) => b.passage.score - a.passage.score || a.rank - b.rank || a.passage.documentId.localeCompare(b.passage.documentId))
    .map(({ passage }) => passage);
  const kept: Passage[] = [];
  const keptByPrefixWord = new Map<string, Array<ReadonlySet<string>>>();
  const perDocumentKept = new Map<string, number>();
  // With a cap, documents come first: a document's second passage only fills a place no other
  // document's best passage wants, so five places span five documents when five have matches.
  const firstOfDocument = new Set<Passage>();
  if (Number.isFinite(perDocument)) {
    const seen = new Set<string>();
    for (const passage of ordered) {
      if (seen.has(documentKeyOf(passage))) continue;
      seen.add(documentKeyOf(passage));
      firstOfDocument.add(passage);
    }
  }
  const passes = Number.isFinite(perDocument) ? [ordered.filter((passage) => firstOfDocument.has(passage)), ordered.filter((passage) => !firstOfDocument.has(passage))] : [ordered];
  for (const passage of passes.flat()) {
    if (kept.length >= topK) break;
    const fromDocument = perDocumentKept.get(documentKeyOf(passage)) ?? 0;
    if (fromDocument >= perDocument) continue;
    const words = new Set(foldedWords(passage.text));
    const prefix = prefixOf(words);
    const candidates = new Set(prefix.flatMap((word) => keptByPrefixWord.get(word) ?? []));
    if ([...candidates].some((other) => jaccard(other, words) >= NEAR_DUPLICATE_SIMILARITY)) continue;
    kept.push(passage);
    perDocumentKept.set(documentKeyOf(passage), fromDocument + 1);
    for (const word of prefix) {
      const list = keptByPrefixWord.get(word);
      if (list) list.push(words);
      else keptByPrefixWord.set(word, [words]);
    }
  }
  return Number.isFinite(perDocument) ? kept.sort((a, b) => ordered.indexOf(a) - ordered.indexOf(b)) : kept;
}

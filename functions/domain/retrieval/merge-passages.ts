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
 * The passages of pages that gather other pages' text, when those pages' own passages are there to
 * stand for them: a documentation site's single-page edition (Node's all.html, Sphinx's singlehtml),
 * a print view. Crawled with the site, such a page holds every chunk of every page, and holding
 * every word of the site it outranked the page each chunk belongs to: Node's API questions cited
 * all.html first for every one. A gathering page is one whose passages repeat, character for
 * character, those of two documents or more that repeat no other document's: boilerplate on many pages gathers
 * nothing (each shares it with many), nor does an edited copy.
 */
function gatheredTwins(ordered: readonly Passage[]): Set<Passage> {
  const bySaying = new Map<string, Passage[]>();
  // The text itself: a gathering page repeats its pages' sections, so their chunks are the same
  // text; folding every passage's words for this cost a chat send 3.6 ms over 200 hits.
  for (const passage of ordered) {
    const saying = passage.text;
    (bySaying.get(saying) ?? bySaying.set(saying, []).get(saying)!).push(passage);
  }
  // Each document's partners: the documents a chunk of it is repeated in, one other only; and the
  // documents that share a chunk with two others or more (boilerplate), which pair with nothing.
  const partners = new Map<string, Set<string>>();
  const shared = new Set<string>();
  const pairs: Array<[Passage, string]> = [];
  for (const group of bySaying.values()) {
    const keys = [...new Set(group.map(documentKeyOf))];
    if (keys.length > 2) for (const key of keys) shared.add(key);
    if (keys.length !== 2) continue;
    const [one, other] = keys as [string, string];
    (partners.get(one) ?? partners.set(one, new Set()).get(one)!).add(other);
    (partners.get(other) ?? partners.set(other, new Set()).get(other)!).add(one);
    for (const passage of group) pairs.push([passage, documentKeyOf(passage) === one ? other : one]);
  }
  // A page whose chunks only one other document repeats.
  const pairedOnce = (key: string) => !shared.has(key) && partners.get(key)?.size === 1;
  const gathering = new Set([...partners].filter(([, others]) => [...others].filter(pairedOnce).length >= 2).map(([key]) => key));
  return new Set(pairs.filter(([passage, twin]) => gathering.has(documentKeyOf(passage)) && !gathering.has(twin)).map(([passage]) => passage));
}

/**
 * The best `topK` passages of several knowledge bases, by score (ties: the caller's order of
 * knowledge bases, then document), keeping only the best of near-identical chunks. A passage is
 * compared only with the kept ones that share a word of its prefix (prefixOf), which finds every
 * near-duplicate while keeping a deep merge (evaluations ask for 1000) fast; of a chunk a gathering
 * page repeats, the page's own copy is kept (gatheredTwins). At most `perDocument`
 * passages of one document are kept, and then the best passage of every document goes before any
 * document's second: a long page that repeats the question's words in every chunk would otherwise
 * fill a prompt's five places and leave the answerer one page to quote.
 */
export function mergePassages(rankings: readonly Passage[][], topK: number, perDocument = Number.POSITIVE_INFINITY): Passage[] {
  const ranked = rankings
    .flatMap((passages, rank) => passages.map((passage) => ({ passage, rank })))
    .sort((a, b) => b.passage.score - a.passage.score || a.rank - b.rank || a.passage.documentId.localeCompare(b.passage.documentId))
    .map(({ passage }) => passage);
  // A gathering page's copy of a chunk gives way to the page the chunk is from.
  const gathered = gatheredTwins(ranked);
  const ordered = gathered.size > 0 ? ranked.filter((passage) => !gathered.has(passage)) : ranked;
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

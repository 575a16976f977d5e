import { stemOf } from './stemmer';
import { QUESTION_STOP_WORDS, STOP_WORDS } from './stop-words';
import { foldedWords, foldText, readingContractions } from './tokenizer';

/**
 * The three ways Groundwork reads text for its words, all on the one tokenizer (tokenizer.ts), the
 * one stemmer (stemmer.ts) and the stop lists of stop-words.ts. Each is used for both sides of its
 * comparison, which is what keeps the comparison sound:
 *
 * | analysis       | used by                                         | stop words          | shortest | stemmed |
 * |----------------|-------------------------------------------------|---------------------|----------|---------|
 * | indexTerms     | lexical index: passages and the questions asked | STOP_WORDS          | 1        | yes (and operators such as ":=", short options such as "-s", versioned names such as "HTTP/2", hyphenated words joined, keywords named as such: the `with` statement) |
 * | contentTerms   | extractive answerer: question and sentences     | QUESTION_STOP_WORDS | 2        | yes (a dotted number is one term; operators, short options, versioned names, joined hyphenated words and named keywords after the words) |
 * | questionWords  | citation snippet: the question                  | QUESTION_STOP_WORDS | 3        | no      |
 *
 * Shortest word: the index keeps single letters and digits ("T cells", "vitamin D", "type 2
 * diabetes"), which its idf weighs; over a few sentences there is no such idf, so the answerer
 * leaves them out (and with them a contraction's "s" or "t"); a snippet matches words by their
 * start (snippet.ts), where a word of one or two letters would start half the text's words.
 *
 * Longest word: only the index drops tokens longer than MAX_TERM_LENGTH, which would bloat its
 * vocabulary for nothing. Over a few sentences they cost nothing, and documentation has
 * identifiers that long that people paste into a question ("imageAssetPublishingRoleAdditionalOptions").
 */

/** Longer tokens are base64, hashes or URLs run together: hardly ever what anybody types (tantivy drops them too). */
export const MAX_TERM_LENGTH = 40;

/**
 * The terms a text is indexed and searched by: folded words, stop words and tokens too long to be
 * typed dropped, English words reduced to their Porter2 stem, so "cells" meets "cell" and
 * "studies" meets "study". Repeats kept, in order: BM25 counts them.
 */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of foldedWords(text)) {
    if (word.length > MAX_TERM_LENGTH || STOP_WORDS.has(word)) continue;
    terms.push(stemOf(word));
  }
  terms.push(...operatorsOf(text), ...shortOptionsOf(text), ...versionedNamesOf(text), ...hyphenCompoundsOf(text.includes('-') ? foldText(text) : ''), ...keywordsOf(text));
  return terms;
}

/**
 * A language's keyword named as one (the `with` statement, a `for` loop, the `in` operator, a
 * `lambda` expression) is a term: the words are stop words, so "How can I use it in a with
 * statement?" searched for "statement" alone, which every page of Python's reference has. Kept as
 * the keyword itself, and only where it is named so, on both sides.
 */
const KEYWORD = /(?<![\w`])(?::keyword:)?`{0,2}(with|for|if|while|in|is|not|and|or|as|from|try|else|return|yield|break|continue|del|pass|lambda|import|case|match|async|await)`{0,2}\s+(?:statements?|loops?|clauses?|keywords?|operators?|blocks?|expressions?)\b/gi;
function keywordsOf(text: string): string[] {
  return /statement|loop|clause|keyword|operator|block|expression/i.test(text) ? [...text.matchAll(KEYWORD)].map((match) => match[1]!.toLowerCase()) : [];
}

/**
 * A word joined by a hyphen ("non-zero", "read-only", "built-in", "e-mail") is also one term, as
 * the same word written closed ("nonzero", "readonly", "builtin", "email") is: documentation writes
 * both, and split, "a non-zero exit status" held "non" and "zero" where sys.exit's "nonzero value"
 * has one word, and "a read-only view" held "read" (and "only", a stop word) where "Read-only
 * proxy of a mapping" was the one page with the rare "readonly". Offline, Python's and Celery's
 * hit@5 rose by a question each (0.800 -> 0.817, 0.850 -> 0.875); SciFact's nDCG@10 moved by 0.001.
 */
const HYPHEN_COMPOUND = /(?<![\p{L}\p{N}\-/.])(\p{L}+)-(\p{L}+)(?![\p{L}\p{N}-])/gu;
/** `folded`: the text as foldText leaves it. */
function hyphenCompoundsOf(folded: string): string[] {
  return folded.includes('-') ? [...folded.matchAll(HYPHEN_COMPOUND)].map((match) => stemOf(`${match[1]}${match[2]}`)) : [];
}

/**
 * A protocol named with its version ("HTTP/2", "HTTP/1.1") is also one term, written as a page's
 * name writes it ("http2", "HTTP2.md"): split, "How can I serve my application over HTTP/2?" held
 * "http" alone, which every page of a web framework's documentation has.
 */
const VERSIONED_NAME = /(?<![\w/])([A-Za-z]{2,})\/(\d+(?:\.\d+)?)(?![\w/])/g;
function versionedNamesOf(text: string): string[] {
  return text.includes('/') ? [...text.matchAll(VERSIONED_NAME)].map((match) => `${match[1]!.toLowerCase()}${match[2]}`) : [];
}

/**
 * A command's short options ("-s", "-W", "-rA"), as terms of their own, their case kept ("-W" is
 * not "-w"): "What does pytest -s do?" searched for "s", a stop word, and documentation of a
 * command line is asked about them by their spelling. A hyphen inside a word ("e-mail"), a
 * number ("-1") or a path is none.
 */
const SHORT_OPTION = /(?<![\w\-/.])-[A-Za-z]{1,2}(?![\w-])/g;
function shortOptionsOf(text: string): string[] {
  return text.includes('-') ? (text.match(SHORT_OPTION) ?? []) : [];
}

/**
 * Operators spelled with two or three symbols (":=", "**", "//", "->", "|=", "<=>") standing apart
 * from other symbols: documentation of a programming language is asked about them by their spelling
 * ("What does the := operator do?"), and the tokenizer reads letters and digits only. The index
 * keeps them as terms of their own, on both sides.
 */
const OPERATOR = /(?<![!%&*+\-./:<=>@^|~])[!%&*+\-/:<=>@^|~]{2,3}(?![!%&*+\-./:<=>@^|~])/g;
/** Runs of those symbols that are markup or punctuation, not operators: reST's literal marker, dashes, a URL's "://", a doctest prompt. */
const NOT_OPERATORS: ReadonlySet<string> = new Set(['::', '--', '---', '://', '>>>']);

/**
 * The stems of a text's content words, as the extractive answerer compares a question with
 * sentences: "refunds", "refunded" and "refunding" meet, "policies" meets "policy", and the same
 * stemmer as the lexical index's means a passage retrieved for a word is also read for it. In
 * order, repeats kept: bigrams need positions.
 */
export function contentTerms(text: string): string[] {
  const terms: string[] = [];
  const folded = foldText(readingContractions(text));
  for (const word of folded.match(CONTENT_WORD) ?? []) {
    if (word.length < 2 || QUESTION_STOP_WORDS.has(word)) continue;
    terms.push(DOTTED_NUMBER.test(word) ? word : stemOf(word));
  }
  // Operators after the words, as indexTerms has them; Markdown's **strong** is no operator here.
  terms.push(...operatorsOf(folded, MARKDOWN_STRONG), ...shortOptionsOf(text), ...versionedNamesOf(text), ...hyphenCompoundsOf(folded), ...keywordsOf(text));
  return terms;
}

/** A text's operators (OPERATOR, less NOT_OPERATORS), in order; none without two symbols in a row, which most texts lack. */
function operatorsOf(text: string, markup?: RegExp): string[] {
  if (!TWO_SYMBOLS.test(text)) return [];
  return ((markup ? text.replace(markup, ' $1 ') : text).match(OPERATOR) ?? []).filter((operator) => !NOT_OPERATORS.has(operator));
}

/**
 * A dotted number ("3.11", "2.0.1", "127.0.0.1") is one term when the answerer compares a question
 * with sentences: split, "Python 3.10" matched the "10" of "10-15% faster", and a sentence about
 * 3.11's startup answered "how much faster is 3.11 than 3.10". Otherwise a word as foldedWords reads one.
 */
const CONTENT_WORD = /\d+(?:\.\d+)+(?![\p{L}\p{N}])|[\p{L}\p{N}]+/gu;
const DOTTED_NUMBER = /^\d+(?:\.\d+)+$/;
/** Two operator symbols in a row: a text without them has no operator to read ("What does := do?" is answered by the sentence that has ":="). */
const TWO_SYMBOLS = /[!%&*+\-/:<=>@^|~]{2}/;
/** Markdown's strong emphasis (`**Note:**`), which the answerer reads sentences in: markup, not the operator. */
const MARKDOWN_STRONG = /\*\*(?=[^\s*])([^*\n]*?[^\s*])\*\*/g;

/** The distinct folded words of a question that say what it is about, unstemmed (a snippet matches them by their start in any language). */
export function questionWords(question: string): string[] {
  return [...new Set(foldedWords(question).filter((word) => word.length >= 3 && !QUESTION_STOP_WORDS.has(word)))];
}

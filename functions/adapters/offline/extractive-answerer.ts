import type { ChatModelInput, ChatModelPort } from '../../contracts/ports/chat-model';
import { readingText, type Passage } from '../../contracts/ports/passage';
import { NOTHING_RELEVANT } from '../../domain/answering/answer-texts';
import { contentTerms } from '../../domain/text-analysis/analyzers';
import { namesInCode } from '../../domain/text-analysis/code-names';
import { questionTermsOf, relevantPassages, termsToMatch } from '../../domain/answering/relevance';
import { DEFINED_TERM, firstCodeBlock, sentencesOf, type Sentence } from '../../domain/answering/sentences';

export const EXTRACTIVE_MODEL = 'groundwork-extractive-v1';

/** Share of the question's weight a sentence must cover to count as an answer at all. */
export const RELEVANCE_THRESHOLD = 0.4;
/** How much less a sentence of each later passage weighs than one of the passage before it (retrieval's order, up to the fifth). */
const RANK_STEP = 0.1;
/** A sentence that covers less than RELEVANCE_THRESHOLD of the question still competes, at this share of its score. */
const BELOW_THRESHOLD = 0.8;
/** The first passage's best sentence is quoted too when it scores at least this share of the best sentence. */
const FIRST_PAGE_SHARE = 0.5;
/** A further sentence joins the answer only when it scores at least this share of the best one. */
const FOLLOWER_SHARE = 0.45;
/**
 * Another page's best sentence joins at a lower share: a second page more often says what the first
 * does not (its option, its setting) than the first page's next-best sentence does. On git-docs-qa's
 * stored passages, 0.3 quoted 2 more of the 64 key facts for 15 more words per answer; lower added nothing.
 */
const ANOTHER_PAGE_SHARE = 0.3;
/**
 * Most sentences chosen for their own score (each then brings the sentences that follow it and the
 * one it points back at). Five, not four: offline on twelve documentation sets, key facts rose on
 * four (SQLAlchemy 0.662 to 0.725, Django 0.525 to 0.550) and fell on none, answers 7 % longer.
 */
const MAX_SENTENCES = 5;
/** A question word found in no passage counts as much as an average word that was found: often a paraphrase, not a sign of a wrong topic. */
const ABSENT_TERM_WEIGHT = 1;
/** A heading's words speak for the sentences under it, at half weight. */
const HEADING_WEIGHT = 0.5;
/**
 * The code or list a sentence introduces speaks for it more than its heading does, and somewhat
 * more than its own words: a how-to question is answered by the example ("Alternatively we can
 * specify custom bin-edges:" over `pd.cut(ages, bins=[0, 18, 35, 70])` for ages in brackets).
 * Offline on nine documentation sets, 0.5 -> 1.0 -> 1.2 raised key facts on seven and lowered
 * them on none (answers 3 % longer); 1.5 lowered two again.
 */
const CODE_WEIGHT = 1.2;
/**
 * Statement keywords read out of the code a sentence introduces: they are syntax, not what the code
 * is about, and their stems are a question's words ("raises", "exception", "returns"). Celery's
 * "Example re-queuing the message:" led the answer to "How do I make a task retry whenever it raises
 * a requests exception…?" on its example's `raise` and `self.request`; now the autoretry_for
 * example does. Offline: key facts unchanged on twelve sets, two answers changed.
 */
const CODE_KEYWORDS = /\b(?:raise|except|return|try|finally|yield|pass|self|throw|catch)\b/g;
/** A sentence the chunker cut the start off weighs this much of a whole one: it reads as a fragment. */
const CUT_OFF_FACTOR = 0.4;
/**
 * A heading that asks a question (an FAQ's "Why does Scrapy download pages in English instead of my
 * native language?") speaks for the answer under it as fully as the answer's own words: the answer
 * ("Try changing the default Accept-Language request header…") seldom repeats the question's.
 */
const ASKING_HEADING_WEIGHT = 1;
/**
 * A sentence that asks ("What is the recommended way to deploy a Scrapy crawler in production?",
 * the next FAQ entry's) answers nothing alone; it still leads into the sentences after it ("But how
 * do you specify the maximum file size…? … setting the MAX_CONTENT_LENGTH config key"), so it
 * weighs half rather than nothing. Offline, with ASKING_HEADING_WEIGHT: Scrapy's FAQ answer quoted
 * (key facts 0.750 -> 0.783), other sets' facts unchanged; a quarter lost Flask's url_for.
 */
const ASKING_SENTENCE_FACTOR = 0.5;
const asks = (text: string) => /\?["')\]]*\s*$/.test(text);
/** Most passages an answer quotes from. */
const MAX_QUOTED_PASSAGES = 3;
/** Added to the block numbers of a passage's alongside texts, once more for each: no block of one is a block of another's. */
const BLOCKS_APART = 1_000_000;

interface Candidate {
  passageIndex: number;
  sentence: Sentence;
  terms: Set<string>;
  score: number;
  /** The score before RELEVANCE_THRESHOLD: what ranks a passage's sentences when it is quoted for its retrieval score alone. */
  unthresholded: number;
  covered: Set<string>;
  /** The question's terms in the code or list the sentence introduces (and not in the sentence): a lead-in's list says them. */
  introduced: Set<string>;
}

/**
 * The question's terms with their weights: rarer across the passages' sentences weighs more (BM25's
 * idf). A term found in no sentence has no idf of its own here (it would get the largest, by
 * construction), so it weighs ABSENT_TERM_WEIGHT times the mean of the terms that were found: the
 * passages' topic words, present in many of their sentences, must not be outweighed by a word the
 * documentation simply does not use ("compute" against "calculate").
 */
function weightedTerms(questionTerms: Map<string, number>, sentenceTerms: Set<string>[]): Map<string, number> {
  const count = sentenceTerms.length;
  const weights = new Map<string, number>();
  const absent: Array<[string, number]> = [];
  for (const [term, boost] of questionTerms) {
    const frequency = sentenceTerms.filter((terms) => terms.has(term)).length;
    if (frequency === 0) absent.push([term, boost]);
    else weights.set(term, boost * Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5)));
  }
  const present = [...weights.values()];
  const mean = present.length > 0 ? present.reduce((sum, weight) => sum + weight, 0) / present.length : 1;
  for (const [term, boost] of absent) weights.set(term, boost * mean * ABSENT_TERM_WEIGHT);
  return weights;
}

/**
 * The words a "which …" or "what …" question names the kind of its answer by ("Which hook should I
 * use?", "Which environment variables make Git show…"): a sentence about a hook answers it, one
 * that shares the question's other words about commit messages does not. They weigh
 * ANSWER_KIND_WEIGHT times their idf.
 */
export function answerKindTerms(question: string): Set<string> {
  const kinds = new Set<string>();
  for (const match of question.matchAll(ANSWER_KIND)) for (const term of contentTerms(match[1]!)) kinds.add(term);
  return kinds;
}
/** "which"/"what" and up to two words after it, stopping at a word that starts the question's verb phrase. */
const ANSWER_KIND = /\b(?:which|what)\s+((?!(?:is|are|was|were|do|does|did|can|could|should|would|will|happens?|if|to|about|i|you|we|it|the|a|an)\b)[a-z][\w-]*(?:\s+(?!(?:is|are|do|does|did|can|could|should|would|will|to|i|you|we|it|makes?|sets?|lets?|gives?)\b)[a-z][\w-]*)?)/gi;
const ANSWER_KIND_WEIGHT = 2;

/** Adjacent question words found adjacent in the sentence ("refund policy") are a stronger sign than either alone. */
function phraseBonus(question: string[], sentence: string[]): number {
  const pairs = new Set(sentence.slice(1).map((term, index) => `${sentence[index]} ${term}`));
  let bonus = 0;
  for (let index = 1; index < question.length; index++) if (pairs.has(`${question[index - 1]} ${question[index]}`)) bonus += 0.1;
  return Math.min(0.2, bonus);
}

/**
 * Of two sentences that cover the question alike, the one mostly about it: "Python 3.11 is between
 * 10-60% faster than Python 3.10" answers "how much faster is 3.11", "this results in a 10-15%
 * faster startup in Python 3.11", where the question's words are a small part, answers a narrower one.
 */
function focusBonus(sentence: string[], covered: Set<string>): number {
  if (sentence.length === 0) return 0;
  return (FOCUS_WEIGHT * sentence.filter((term) => covered.has(term)).length) / sentence.length;
}
const FOCUS_WEIGHT = 0.2;

/**
 * A definition (DEFINED_TERM: a term list, a colon, what it does: "--autostash, --no-autostash:
 * Automatically create a temporary stash…", "pull.rebase: When true…") that matches the question
 * gets this bonus: reference pages answer a how-to question with the option or setting a
 * definition names.
 */
const DEFINITION_BONUS = 0.1;

/**
 * A sentence (or the code it introduces) that writes a name in code the question gives
 * (namesInCode) gets this bonus: it is about that thing. Split into words the names match
 * "association proxy" in prose as well.
 */
const NAMED_BONUS = 0.1;

/** A chunk's first sentence that starts in lower case is most likely the end of one cut at the chunk's start ("also enable dark mode for…"). */
function isCutOff(sentence: Sentence): boolean {
  return sentence.position === 0 && /^(?:\p{Ll}|[),.;:]|\(\p{Ll})/u.test(sentence.text);
}

/** A lead-in that opens on a word in lower case ("and run it:" over its code) is the end of a sentence, not one; a file's name ("setup.cfg:") is a title. */
function endsASentence(sentence: Sentence): boolean {
  return sentence.code !== undefined && /^\p{Ll}+\s/u.test(sentence.text);
}

/** A page's text read out of HTML (a crawled site's, an uploaded .html file's): its angle brackets are text, entities decoded by extraction. */
const readFromHtml = (passage: Passage) => passage.sourceType === 'web' || /\.x?html?$/i.test(passage.name);

function lengthFactor(words: number): number {
  if (words < 4) return 0.4;
  if (words > 60) return 0.85;
  return 1;
}

function scoreCandidates(input: ChatModelInput): Candidate[] {
  const questionTerms = questionTermsOf(input);
  if (questionTerms.size === 0) return [];
  const questionSequence = contentTerms(input.question);
  const identifiers = namesInCode(input.question);
  // A passage's headings, and a heading or term its sentences share, are read once: each of its sentences stands under them.
  const termsOfText = new Map<string, string[]>();
  const termsOf = (text: string) => {
    let terms = termsOfText.get(text);
    if (!terms) termsOfText.set(text, (terms = contentTerms(text)));
    return terms;
  };
  const pathTermsOf = (headings: readonly string[] | undefined) => (headings ?? []).flatMap(termsOf);
  // Each passage is read on past its chunk into the text that follows it: a sentence there answers
  // as well, and is quoted from the same page under the same marker.
  // A passage's document's next-best passages (Passage.alongside, the best two pages') are each read under
  // their own headings, their sentences numbered after the passage's so that none reads as the next of another.
  const sentences = input.passages.flatMap((passage, passageIndex) => {
    const ownPath = pathTermsOf(passage.headings);
    const tagsAreText = readFromHtml(passage);
    const read = sentencesOf(readingText(passage), passage.headings, { tagsAreText }).map((sentence) => ({ passage, passageIndex, sentence, pathTerms: ownPath }));
    for (const [further, text] of (passage.alongside ?? []).entries()) {
      const after = read.length + 1;
      const furtherPath = pathTermsOf(text.headings);
      // Not its cut first sentence (numbered on, it would no longer read as cut), nor what was read already (the passage's following text holds it).
      const seen = new Set(read.map(({ sentence }) => sentence.text));
      read.push(
        ...sentencesOf(readingText(text), text.headings, { tagsAreText })
          .filter((sentence) => !isCutOff(sentence) && !seen.has(sentence.text))
          .map((sentence) => ({ passage, passageIndex, sentence: { ...sentence, position: sentence.position + after, block: sentence.block === undefined ? undefined : sentence.block + BLOCKS_APART * (further + 1) }, pathTerms: furtherPath })),
      );
    }
    return read;
  });
  const ownTerms = sentences.map(({ sentence }) => contentTerms(sentence.text));
  const termSets = ownTerms.map((terms) => new Set(terms));
  const weights = weightedTerms(questionTerms, termSets);
  for (const term of answerKindTerms(input.question)) {
    const weight = weights.get(term);
    if (weight !== undefined) weights.set(term, weight * ANSWER_KIND_WEIGHT);
  }
  const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) return [];
  // Scores are BM25 saturated as s / (s + k): back on BM25's own scale, where a weaker page is told apart from the best one.
  const bm25Of = (score: number) => (score >= 1 ? 1e6 : score / (1 - score));
  const bestPassageScore = Math.max(...input.passages.map((passage) => bm25Of(passage.score)), 0) || 1;


  return sentences.map(({ passage, passageIndex, sentence, pathTerms }, index) => {
    const terms = termSets[index] as Set<string>;
    // A sentence stands under the nearest heading in its chunk and under the chunk's own sections (the chunker keeps those headings apart from the text).
    const headingTerms = new Set([...(sentence.heading ? termsOf(sentence.heading) : []), ...(sentence.term ? termsOf(sentence.term) : []), ...pathTerms]);
    const nearest = sentence.heading ?? passage.headings?.[passage.headings.length - 1];
    const askedTerms = new Set(nearest && asks(nearest) ? termsOf(nearest) : []);
    // The code or list a sentence introduces speaks for it: "Subscribe a queue:" is about what follows.
    const codeTerms = new Set([(sentence.code ?? '').replace(CODE_KEYWORDS, ' '), ...(sentence.items ?? [])].flatMap((text) => (text ? contentTerms(text) : [])));
    const covered = new Set<string>();
    const introduced = new Set<string>();
    let coverage = 0;
    let inContext = 0;
    for (const [term, weight] of weights) {
      if (terms.has(term)) {
        coverage += weight;
        covered.add(term);
      } else {
        const context = Math.max(askedTerms.has(term) ? ASKING_HEADING_WEIGHT : headingTerms.has(term) ? HEADING_WEIGHT : 0, codeTerms.has(term) ? CODE_WEIGHT : 0);
        coverage += weight * context;
        if (context > 0) inContext++;
        if (codeTerms.has(term)) introduced.add(term);
      }
    }
    const matches = covered.size + inContext >= termsToMatch(questionTerms.size);
    const lexical = matches ? coverage / total : 0;
    // Retrieval's order counts: the first page is preferred unless another's sentence is clearly better.
    const retrieval = (0.7 + 0.3 * (bm25Of(passage.score) / bestPassageScore)) * (1 - RANK_STEP * Math.min(passageIndex, 4));
    const position = (1 - Math.min(sentence.position, 10) * 0.01) * (isCutOff(sentence) ? CUT_OFF_FACTOR : 1);
    // A short line of a slide or a chart is short by nature, not a fragment; so is a lead-in quoted
    // with its code ("For example:", a section's title over its example), unless it starts in lower
    // case ("and run it:"), the end of a sentence.
    const length = sentence.line || (sentence.code !== undefined && (/^[\p{Lu}`]/u.test(sentence.text) || sentence.text === `${sentence.heading}:`)) ? 1 : lengthFactor(sentence.text.split(/\s+/).filter((word) => word !== '|').length);
    const named = identifiers.some((name) => sentence.text.includes(name) || sentence.code?.includes(name));
    const bonus = (named ? NAMED_BONUS : 0) + phraseBonus(questionSequence, ownTerms[index] as string[]) + focusBonus(ownTerms[index] as string[], covered) + (covered.size > 0 && DEFINED_TERM.test(sentence.text) ? DEFINITION_BONUS : 0);
    const asking = asks(sentence.text) ? ASKING_SENTENCE_FACTOR : 1;
    const unthresholded = (coverage / total + bonus) * length * retrieval * position * asking;
    // Every passage handed over is relevant (relevance.ts): a sentence that holds enough of the question's words competes on its score.
    const score = !matches ? 0 : lexical < RELEVANCE_THRESHOLD ? unthresholded * BELOW_THRESHOLD : (lexical + bonus) * length * retrieval * position * asking;
    return { passageIndex, sentence, terms, score, unthresholded, covered, introduced };
  });
}

/** Two sentences that share more than this share of the shorter one's words say the same: one is quoted. */
const SAME_SAYING = 0.8;

function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  return shared / Math.min(a.size, b.size);
}

/** The best sentence, then those that still score well and add something: a question word not yet covered, or the next sentence of the same passage. */
function selectSentences(candidates: Candidate[]): Candidate[] {
  // A lead-in whose code or list the chunk cut off ("As well as complex arithmetic expressions:") says nothing quoted alone.
  const ranked = candidates.filter((candidate) => candidate.score > 0 && !isBareLeadIn(candidate.sentence)).sort((a, b) => b.score - a.score || a.passageIndex - b.passageIndex || a.sentence.position - b.sentence.position);
  const best = ranked[0];
  if (!best) return [];
  const chosen = [best];
  // Retrieval's first page is quoted when it has a sentence near the best one: it is more often the
  // page that answers than the page of a sentence that happens to share more of the question's words.
  const first = best.passageIndex === 0 ? undefined : ranked.find((candidate) => candidate.passageIndex === 0);
  // Saying what the best one says, it stands for it.
  if (first && !isCutOff(first.sentence) && !endsASentence(first.sentence) && first.score >= best.score * FIRST_PAGE_SHARE) {
    if (overlap(first.terms, best.terms) > SAME_SAYING) chosen.shift();
    chosen.unshift(first);
  }
  // What a quote says of the question: its own words and those of the code or list it introduces.
  const says = (candidate: Candidate) => [...candidate.covered, ...candidate.introduced];
  const covered = new Set(chosen.flatMap(says));
  for (const candidate of ranked.slice(1)) {
    if (chosen.includes(candidate)) continue;
    if (chosen.length >= MAX_SENTENCES || candidate.score < best.score * ANOTHER_PAGE_SHARE) break;
    if (candidate.score < best.score * FOLLOWER_SHARE && chosen.some((other) => other.passageIndex === candidate.passageIndex)) continue;
    if (chosen.some((other) => overlap(other.terms, candidate.terms) > SAME_SAYING)) continue;
    const addsTerm = says(candidate).some((term) => !covered.has(term));
    const continues = candidate.covered.size > 0 && chosen.some((other) => other.passageIndex === candidate.passageIndex && Math.abs(other.sentence.position - candidate.sentence.position) === 1);
    const passages = new Set(chosen.map((other) => other.passageIndex));
    // Another page's sentence joins though it adds no word of the question: it may say what the first one does not (its number, its option).
    const anotherPage = !passages.has(candidate.passageIndex);
    if (!addsTerm && !continues && !anotherPage) continue;
    // The end of a sentence (cut by the chunker, or a lead-in in lower case) reads as a fragment: never quoted beside a whole one.
    if (isCutOff(candidate.sentence) || endsASentence(candidate.sentence)) continue;
    if (!passages.has(candidate.passageIndex) && passages.size >= MAX_QUOTED_PASSAGES) continue;
    chosen.push(candidate);
    for (const term of says(candidate)) covered.add(term);
  }
  return chosen;
}

/**
 * Most sentences that follow a quoted one under its heading, and the words it and they may take
 * together. Four, not two: a guide states a problem over a few sentences and then its solution
 * ("There's a race condition if… The solution is to use the on_commit callback…"); offline, three
 * raised key facts on five of seven sets and lowered none, answers growing by a tenth; four, on
 * twelve sets, raised four more (Python, pytest, Sphinx-Flask, pandas) and lowered none,
 * answers 4 % longer. A larger word budget (130) added a tenth to Git's answers for no more facts.
 */
const FOLLOWING_SENTENCES = 4;
const FOLLOWING_WORDS = 100;
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** A sentence that introduces what follows it (it ends with a colon) without the code or list it introduces. */
function isBareLeadIn(sentence: Sentence): boolean {
  return /:\s*$/.test(sentence.text) && sentence.code === undefined && !sentence.items?.length;
}

/**
 * Whether a sentence reads as text after the one before it: not a stray definition term the chunk
 * cut from its description ("--amend::"), nor a short lead-in ("For example:") whose code or list the
 * chunk does not hold.
 */
function readsOn(sentence: Sentence): boolean {
  return !isBareLeadIn(sentence) && (sentence.code !== undefined || Boolean(sentence.items?.length) || words(sentence.text) >= 4);
}

/**
 * Each quoted sentence with the sentences after it under the same heading, while they are short:
 * documentation states a thing and then its particulars ("…go into a file specified by
 * core.excludesFile. Its default value is $XDG_CONFIG_HOME/git/ignore."; "…base your work on the
 * oldest branch that your change is relevant to. * A bugfix should be based on maint in general."),
 * and the particular is often what was asked.
 */
function withFollowingSentences(chosen: Candidate[], candidates: Candidate[]): Candidate[] {
  const result = [...chosen];
  for (const quoted of chosen) {
    if (quoted.sentence.line || quoted.sentence.entry) continue;
    let budget = FOLLOWING_WORDS - words(quoted.sentence.text);
    let previous = quoted;
    const following = candidates
      .filter((other) => other.passageIndex === quoted.passageIndex && other.sentence.heading === quoted.sentence.heading && !other.sentence.line && !other.sentence.entry && other.sentence.position > quoted.sentence.position)
      .sort((a, b) => a.sentence.position - b.sentence.position)
      .slice(0, FOLLOWING_SENTENCES);
    for (const next of following) {
      budget -= words(next.sentence.text);
      // Past its paragraph, only what shares a word with the question or the sentence before: a list of particulars, not the next topic.
      const related = next.sentence.block === previous.sentence.block || next.covered.size > 0 || [...next.terms].some((term) => previous.terms.has(term));
      // A question that opens a paragraph opens the next topic (an FAQ's next entry), whatever words it shares.
      const nextTopic = next.sentence.block !== previous.sentence.block && asks(next.sentence.text);
      if (budget < 0 || !related || nextTopic || !readsOn(next.sentence)) break;
      if (!result.includes(next)) result.push(next);
      previous = next;
    }
  }
  return result;
}

/** A sentence that opens on a word pointing back at the one before it ("It can be used to enrich exceptions…"). */
const POINTS_BACK = /^(?:It|Its|This|These|That|Those|They|Their|Them|Such)\b/;

/**
 * Each quoted sentence with the sentence before it in its paragraph when that one leads into it:
 * - it shares a word with the question: a paragraph states its subject first ("Note that this is a
 *   *per worker instance* rate limit, and not a global rate limit. To enforce a global rate limit…",
 *   "This form is to view the changes you have in your working tree… You can use HEAD to compare…");
 * - the quoted one points back at it: quoted alone, "It can be used to enrich exceptions with
 *   context information" does not say what "it" is ("The add_note() method is added to BaseException.");
 * - the quoted one introduces code or a list and shares a word the question does not have with it:
 *   'In "diff3" style, the conflict may look like this:' needs 'An alternative style can be used by
 *   setting "merge.conflictStyle" to "diff3"'.
 * A "This…" sentence right after an example speaks of the example, and brings the sentence that
 * introduces it, so its code ("This would make pytest look for tests in files that match…").
 */
function withAntecedents(chosen: Candidate[], candidates: Candidate[]): Candidate[] {
  const result = [...chosen];
  // An antecedent that points back itself brings the one before it ("`connection.queries` is only
  // available if DEBUG is True. It's a list of dictionaries… Each dictionary has the following:").
  for (let at = 0; at < result.length; at++) {
    const quoted = result[at]!;
    if (quoted.sentence.line || quoted.sentence.entry) continue;
    const pointsBack = POINTS_BACK.test(quoted.sentence.text);
    if (at >= chosen.length && !pointsBack) continue;
    const before = candidates.find((other) => other.passageIndex === quoted.passageIndex && other.sentence.position === quoted.sentence.position - 1);
    // The end of a sentence the chunker cut ("is to do the following in an IPython session:") leads into nothing.
    if (!before || before.sentence.line || before.sentence.entry || result.includes(before) || isCutOff(before.sentence) || endsASentence(before.sentence)) continue;
    const introduces = quoted.sentence.code !== undefined || quoted.sentence.items !== undefined;
    const sameParagraph = before.sentence.block === quoted.sentence.block && before.sentence.code === undefined;
    const leadsIn = sameParagraph && (before.covered.size > 0 || pointsBack || (introduces && [...quoted.terms].some((term) => before.terms.has(term) && !quoted.covered.has(term))));
    const aboutTheCode = before.sentence.code !== undefined && pointsBack && !introduces;
    if (leadsIn || aboutTheCode) result.push(before);
  }
  return result;
}

/**
 * Quotes the chosen sentences, passage by passage in order of relevance and in reading order within
 * a passage, each group followed by its passage's marker. A sentence that introduces code or a list
 * is followed by its marker and the code or the items at once, so they stand right under it.
 */
function compose(chosen: Candidate[]): { text: string; citedPassageIndexes: number[] } {
  // Quoted passages in retrieval's order: the best-ranked page the answer uses comes first.
  const passageIndexes = [...new Set(chosen.map((candidate) => candidate.passageIndex))].sort((a, b) => a - b);
  // Overlapping chunks of one page hold the same sentence: said once, under the first marker. A
  // short lead-in ("For example:") is no repeat when its code differs.
  const said = new Set<string>();
  const saying = (sentence: Sentence) => (sentence.code === undefined && words(sentence.text) < 4 ? undefined : `${sentence.text}\n${sentence.code ?? ''}`);
  const paragraphs = passageIndexes.map((passageIndex) => {
    const marker = `[${passageIndex + 1}]`;
    const sentences = chosen
      .filter((candidate) => candidate.passageIndex === passageIndex)
      .map((candidate) => candidate.sentence)
      .sort((a, b) => a.position - b.position)
      .filter((sentence) => !said.has(saying(sentence) ?? ''));
    for (const sentence of sentences) said.add(saying(sentence) ?? '');
    const lines: string[] = [];
    let quoted: string[] = [];
    const listed: string[] = [];
    // Short lines are quoted as lines, under their heading; a code block's entries as its code.
    const shortLines = sentences.filter((sentence) => sentence.line);
    if (shortLines.length > 0) {
      const heading = shortLines[0]?.heading;
      lines.push(...(heading ? [`${heading} ${marker}`, ...shortLines.map((sentence) => `- ${sentence.text}`)] : shortLines.map((sentence) => `${sentence.text} ${marker}`)));
    }
    const entries = sentences.filter((sentence) => sentence.entry);
    // One block: entries are lines of the same one in the page ("…" where lines between are left out).
    const entryLines = entries.flatMap((sentence, at) => [...(at > 0 && sentence.position !== entries[at - 1]!.position + 1 ? ['…'] : []), ...sentence.code!.split('\n').slice(1, -1)]);
    if (entries.length > 0) lines.push(`${entries[0]!.heading ?? 'Code'} ${marker}:`, '```', ...entryLines, '```');
    const named = new Set<string>();
    let previous: Sentence | undefined;
    // Whether the last line is a row or an item this loop quoted, which the marker has not closed yet.
    let listOpen = false;
    for (const sentence of sentences) {
      if (sentence.line || sentence.entry) continue;
      // An item already quoted in its introduction's list is not quoted again, nor is any sentence of it.
      if (listed.some((item) => item.includes(sentence.text))) continue;
      // A description's later sentence names its term, unless the sentence that does is quoted too,
      // or an earlier quoted sentence of the same description already named it.
      const termShown = sentence.term === undefined || named.has(sentence.term) || sentences.some((other) => other.position < sentence.position && other.text.startsWith(sentence.term!));
      const text = termShown ? sentence.text : `${sentence.term}: ${sentence.text}`;
      // A table row or a list item is a line of its own, in a list with the rows or items quoted
      // beside it, under the table's heading rather than each after its term; an item's further
      // sentences go on in its line (an item that introduces code or a list is quoted with them, as
      // a sentence). Run into prose, items read as one sentence ("Monitoring the number of
      // concurrent in-flight requests Debugging deduplication behavior…").
      if (sentence.row || (sentence.item && sentence.code === undefined && sentence.items === undefined)) {
        if (quoted.length > 0) lines.push(`${quoted.join(' ')} ${marker}`);
        quoted = [];
        if (sentence.item && listOpen && previous?.item && previous.block === sentence.block && sentence.position === previous.position + 1) lines[lines.length - 1] += ` ${sentence.text}`;
        else lines.push(`- ${sentence.row ? sentence.text : text}`);
        listOpen = true;
        previous = sentence;
        continue;
      }
      listOpen = false;
      // Prose after a list is a paragraph of its own, not the last line's continuation.
      if (quoted.length === 0 && (previous?.row || previous?.item)) lines.push('');
      // Text left out between two quoted sentences is marked, unless the later one opens on the term it describes.
      const skips = quoted.length > 0 && previous !== undefined && sentence.position !== previous.position + 1 && !DEFINED_TERM.test(text);
      quoted.push(skips ? `… ${text}` : text);
      previous = sentence;
      if (sentence.term !== undefined) named.add(sentence.term);
      if (!sentence.code && !sentence.items) continue;
      lines.push(`${quoted.join(' ')} ${marker}`);
      if (sentence.code) lines.push(sentence.code);
      for (const item of sentence.items ?? []) {
        lines.push(`- ${item}`);
        listed.push(item);
      }
      quoted = [];
    }
    if (quoted.length > 0) lines.push(`${quoted.join(' ')} ${marker}`);
    // A list last: the marker closes it.
    else if (listOpen) lines[lines.length - 1] += ` ${marker}`;
    return lines.join('\n');
  });
  const cited = passageIndexes.filter((_, at) => paragraphs[at] !== '');
  return { text: paragraphs.filter((paragraph) => paragraph !== '').join('\n\n'), citedPassageIndexes: cited };
}

/**
 * The sentences of `passages` that best answer `question`, with the passages they come from; none
 * when nothing is relevant. The passages are those the answer step was handed (relevance.ts): when
 * they are about the question but no sentence matches it well enough (paraphrase, a question about
 * a page's topic), the best sentence of the first relevant one is quoted rather than saying nothing
 * was found while the right page sits there (issue 17).
 */
export function extractAnswer(input: Pick<ChatModelInput, 'question' | 'history'> & { passages: Passage[] }): { text: string; citedPassageIndexes: number[] } {
  const candidates = scoreCandidates({ ...input, model: EXTRACTIVE_MODEL });
  let chosen = selectSentences(candidates);
  if (chosen.length === 0 && relevantPassages(input, input.passages).length > 0) {
    // The first passage that has a sentence to quote; one of code alone is quoted as its code.
    for (const [passageIndex] of input.passages.entries()) {
      chosen = fallbackSentence(candidates, passageIndex);
      if (chosen.length > 0) break;
    }
    const first = input.passages[0];
    const code = chosen.length === 0 && first ? firstCodeBlock(first.text) : undefined;
    if (code) return { text: `${first!.name} [1]:\n${code}`, citedPassageIndexes: [0] };
  }
  if (chosen.length === 0) return { text: NOTHING_RELEVANT, citedPassageIndexes: [] };
  return compose(withAntecedents(withoutUnansweredQuestions(withFollowingSentences(chosen, candidates)), candidates));
}

/**
 * The quotes without a question quoted with nothing after it: it asks, and its answer is not
 * there ("… What is the recommended way to deploy a Scrapy crawler in production?", the next FAQ
 * entry's, after the one that answers). One that the next sentence answers stays ("Why would you
 * want to build URLs using url_for…? Reversing is often more descriptive…").
 */
function withoutUnansweredQuestions(quoted: Candidate[]): Candidate[] {
  const answered = (question: Candidate) => quoted.some((other) => other.passageIndex === question.passageIndex && other.sentence.position === question.sentence.position + 1);
  const kept = quoted.filter((candidate) => !asks(candidate.sentence.text) || answered(candidate));
  return kept.length > 0 ? kept : quoted;
}

/** The sentence of passage `passageIndex` that covers most of the question (its first when none covers any). */
function fallbackSentence(candidates: Candidate[], passageIndex: number): Candidate[] {
  const own = candidates.filter((candidate) => candidate.passageIndex === passageIndex);
  const best = [...own].sort((a, b) => b.unthresholded - a.unthresholded || a.sentence.position - b.sentence.position)[0];
  return best ? [best] : [];
}

/**
 * The offline answerer: no language model, so it writes nothing of its own. It picks the sentences
 * of the retrieved passages that best match the question (content words compared after suffix
 * stripping, rarer words weighing more, phrase matches, the passage's retrieval score and the
 * sentence's position), quotes them with their markers, and says plainly when nothing matches.
 * Replies are labelled `extractive` so the UI never presents them as a model's answer.
 */
export function createExtractiveAnswerer(): ChatModelPort {
  return {
    adapter: 'extractive',
    async answer(input) {
      return { ...extractAnswer(input), generator: { kind: 'extractive', model: EXTRACTIVE_MODEL } };
    },
  };
}

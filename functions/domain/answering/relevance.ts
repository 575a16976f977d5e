import type { ChatTurn } from '../../contracts/ports/chat-model';
import type { Passage } from '../../contracts/ports/passage';
import { contentTerms } from '../text-analysis/analyzers';

/**
 * Which retrieved passages an answer is made from and cited by (issue 17, §17.4 "with no relevant
 * passage, the assistant says so, and `sources` is []"). The answer step is handed exactly these, in
 * retrieval's order, so `[n]` in any reply (extractive or a model's) is the n-th of them and the
 * n-th entry of `sources`: nothing retrieval found relevant is lost between it and the citations.
 *
 * A question is about the documents when one of its passages holds at least RELEVANCE_FLOOR.coverage
 * of the question's distinct content words (in its text, headings or name). Then retrieval's first
 * passage is relevant, and so is every other that holds as many of its words as a quoted sentence
 * must (termsToMatch) and scores at least RELEVANCE_FLOOR.relative of the best passage, or holds
 * one of them and scores at least NEAR_BEST of it.
 *
 * Chosen on training data by bench/relevance-floor.ts (SciFact train claims, on-topic, against
 * documentation questions asked of the same abstracts, off-topic; bench/README.md). Retrieval's
 * score does not carry from one kind of question to another: BM25 grows with the question, so
 * SciFact's long claims score 0.85 over their abstract and a short how-to question 0.6 over its
 * right page, below what off-topic questions score over SciFact (0.70). The share of the question's
 * words a passage holds does not depend on the question's length: the coverage floor is the highest
 * that keeps 99 % of on-topic claims (0.24), so a question is refused only when the passages hold
 * next to none of its words. The relative floor is a guard, not tuned to an edge: in training every
 * relevant abstract found among the five scored at least 0.91 of the best passage, and in a small
 * knowledge base scores spread further (a long page that repeats the question's words), so only a
 * passage scored under half the best one is left out.
 *
 * A long, chatty question ("The bottom of every page on my built site still shows last year and our
 * old company name. Which setting controls that line?", 14 content words) dilutes the share its page
 * can hold: a passage that holds RELEVANCE_FLOOR.terms of its words and RELEVANCE_FLOOR.termsCoverage
 * of them is about it too. On the training data that refuses exactly the same questions as the
 * coverage floor alone (bench/relevance-floor.ts prints both).
 */
export const RELEVANCE_FLOOR = { score: 0, coverage: 0.24, terms: 3, termsCoverage: 0.15, relative: 0.5 } as const;

export type RelevanceFloor = { readonly [key in keyof typeof RELEVANCE_FLOOR]: number };

/** Whether a passage holding `found` of the question's terms, `coverage` of its weight, speaks of the question (RELEVANCE_FLOOR). */
export function isAbout(found: number, coverage: number, floor: RelevanceFloor = RELEVANCE_FLOOR): boolean {
  return coverage >= floor.coverage || (found >= floor.terms && coverage >= floor.termsCoverage);
}

/**
 * A passage that retrieval scores this close to the best one is kept on one of the question's words:
 * ranked there, it speaks of the question in words the question does not use, as the first one may
 * (Python's typing page second for "How do I annotate a parameter that can be either a string or
 * None?", holding "annotate" alone, was dropped between retrieval and the citations). In SciFact's
 * training claims every relevant abstract among the five scored at least 0.91 of the best.
 */
export const NEAR_BEST = 0.9;

/** Most passages an answer is made from: §17.4's top 5. */
export const MAX_RELEVANT_PASSAGES = 5;

/** A short follow-up ("and for digital goods?") borrows the previous question's words at this weight. */
export const FOLLOW_UP_WEIGHT = 0.5;

/** Terms of the question (weight 1), and of the previous question (FOLLOW_UP_WEIGHT) when this one says too little on its own. */
export function questionTermsOf(input: { question: string; history?: readonly ChatTurn[] }): Map<string, number> {
  const terms = new Map<string, number>();
  for (const term of contentTerms(input.question)) terms.set(term, 1);
  if (terms.size < 2) {
    const previous = [...(input.history ?? [])].reverse().find((turn) => turn.sender === 'user');
    for (const term of previous ? contentTerms(previous.text) : []) if (!terms.has(term)) terms.set(term, FOLLOW_UP_WEIGHT);
  }
  return terms;
}

/**
 * Distinct question terms a passage or a sentence (with its heading and code) must hold. Over a
 * handful of passages a word found in one sentence weighs most of the question: alone it would pass
 * ("you can skip this" for "How do I skip revalidation after an action?").
 */
export function termsToMatch(questionTerms: number): number {
  return questionTerms >= 3 ? 2 : 1;
}

/** The question's terms that a passage holds, in its text, its headings or its name. */
export function termsFoundIn(passage: Pick<Passage, 'text' | 'name' | 'headings'>, questionTerms: Iterable<string>): string[] {
  const terms = new Set(contentTerms([passage.name.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]/g, ' '), ...(passage.headings ?? []), passage.text].join('\n')));
  return [...questionTerms].filter((term) => terms.has(term));
}

/** Share (0..1) of the question's distinct terms, weighted as questionTermsOf weighs them, that a passage holds. */
export function coverageOf(passage: Pick<Passage, 'text' | 'name' | 'headings'>, questionTerms: Map<string, number>): number {
  return weightOf(termsFoundIn(passage, questionTerms.keys()), questionTerms);
}

/** The share of the question's weight that `found` of its terms carry. */
function weightOf(found: readonly string[], questionTerms: Map<string, number>): number {
  const total = [...questionTerms.values()].reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) return 0;
  return found.reduce((sum, term) => sum + (questionTerms.get(term) ?? 0), 0) / total;
}

/**
 * The passages an answer is made from, in retrieval's order, at most MAX_RELEVANT_PASSAGES: none
 * when the question is about none of them (see RELEVANCE_FLOOR).
 */
export function relevantPassages<P extends Pick<Passage, 'text' | 'name' | 'headings' | 'score'>>(
  input: { question: string; history?: readonly ChatTurn[] },
  passages: readonly P[],
  floor: RelevanceFloor = RELEVANCE_FLOOR,
): P[] {
  const questionTerms = questionTermsOf(input);
  if (questionTerms.size === 0 || passages.length === 0) return [];
  // Each passage's words are read once: the floor and the filter below both ask for them.
  const found = passages.map((passage) => termsFoundIn(passage, questionTerms.keys()));
  const about = passages.some((passage, rank) => passage.score >= floor.score && isAbout(found[rank]!.length, weightOf(found[rank]!, questionTerms), floor));
  if (!about) return [];
  const best = Math.max(...passages.map((passage) => passage.score));
  const needed = termsToMatch(questionTerms.size);
  // Retrieval's first passage is kept once the question is about the documents: ranked first, it
  // speaks of the question in words the question may not use ("params" for "parameters").
  return passages.filter((passage, rank) => rank === 0 || (passage.score >= best * floor.relative && (found[rank]!.length >= needed || (passage.score >= best * NEAR_BEST && found[rank]!.length > 0)))).slice(0, MAX_RELEVANT_PASSAGES);
}

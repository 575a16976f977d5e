import { describe, expect, it } from 'vitest';
import type { Passage } from '../../contracts/ports/passage';
import { coverageOf, MAX_RELEVANT_PASSAGES, questionTermsOf, RELEVANCE_FLOOR, relevantPassages } from './relevance';

const passage = (documentId: string, name: string, text: string, score: number, headings?: string[]): Passage => ({
  documentId,
  name,
  knowledgeBaseId: 'kb_docs',
  snippet: text.slice(0, 100),
  text,
  score,
  sourceType: 'file',
  ...(headings ? { headings } : {}),
});

const rebase = passage('fil_rebase', 'git-rebase.txt', '--autostash: Automatically create a temporary stash entry before the operation begins.', 0.62);
const stash = passage('fil_stash', 'git-stash.txt', 'Use git stash to record the current state of the working directory, then rebase or pull.', 0.6);
const pull = passage('fil_pull', 'git-pull.txt', 'Incorporates changes from a remote repository. With --rebase, it runs git rebase and can stash local changes.', 0.58);
const office = passage('fil_office', 'office.txt', 'The Lisbon office is open Monday to Friday.', 0.57);

describe('relevantPassages: what an answer is made from and cites (issue 17)', () => {
  it('keeps every passage that holds the question, in retrieval order, though none scores above the old 0.75 floor', () => {
    const question = 'Can git stash my changes automatically before a rebase?';
    expect(relevantPassages({ question }, [rebase, stash, pull, office]).map((each) => each.documentId)).toEqual(['fil_rebase', 'fil_stash', 'fil_pull']);
  });

  it('keeps none when no passage holds a quarter of the question, however high retrieval scored them', () => {
    const strong = [rebase, stash].map((each) => ({ ...each, score: 0.95 }));
    expect(relevantPassages({ question: 'Where do visitors park their cars near the cafeteria?' }, strong)).toEqual([]);
    expect(relevantPassages({ question: 'the and of' }, strong)).toEqual([]);
    expect(relevantPassages({ question: 'How do I rebase?' }, [])).toEqual([]);
  });

  it('answers a long question from a passage that holds three of its words, though under a quarter of them', () => {
    const question = 'The bottom of every page on my built site still shows last year and our old company name. Which setting controls that line?';
    const footer = passage('fil_conf', 'configuration.txt', 'copyright: A copyright statement in the style "2008, Author Name", shown at the bottom of every page.', 0.7);
    expect(coverageOf(footer, questionTermsOf({ question }))).toBeLessThan(RELEVANCE_FLOOR.coverage);
    expect(relevantPassages({ question }, [footer]).map((each) => each.documentId)).toEqual(['fil_conf']);
    // Two of its words are not enough.
    const twoWords = passage('fil_other', 'other.txt', 'A margin at the bottom of the page.', 0.7);
    expect(relevantPassages({ question }, [twoWords])).toEqual([]);
  });

  it('leaves out a passage scored far below the best one', () => {
    const weak = { ...stash, score: rebase.score * (RELEVANCE_FLOOR.relative - 0.05) };
    expect(relevantPassages({ question: 'Can git stash my changes automatically before a rebase?' }, [rebase, weak]).map((each) => each.documentId)).toEqual(['fil_rebase']);
  });

  it('keeps a passage scored close to the best on one of the question\'s words, and not one scored lower', () => {
    const union = passage('fil_typing', 'typing.rst', 'Optional[X] is equivalent to X | None.', 0.8);
    const annotated = passage('fil_typing', 'typing.rst', 'Annotated adds context-specific metadata to a type.', 0.75);
    const far = passage('fil_glossary', 'glossary.rst', 'An annotation is a label associated with a variable.', 0.6);
    const question = { question: 'How do I annotate a parameter that can be either a string or None?' };
    expect(relevantPassages(question, [union, annotated, far]).map((p) => p.text)).toEqual([union.text, annotated.text]);
  });

  it('reads a passage\'s name and headings as part of it', () => {
    const terms = questionTermsOf({ question: 'How are refunds paid?' });
    const bare = passage('fil_r', 'notes.txt', 'Paid within five days.', 0.5);
    expect(coverageOf(bare, terms)).toBe(0.5);
    expect(coverageOf({ ...bare, name: 'refunds.md' }, terms)).toBe(1);
    expect(coverageOf({ ...bare, headings: ['Refunds'] }, terms)).toBe(1);
  });

  it('lets a short follow-up borrow the previous question', () => {
    const history = [{ sender: 'user' as const, text: 'Can git stash my changes before a rebase?' }];
    expect(relevantPassages({ question: 'automatically?', history }, [rebase]).map((each) => each.documentId)).toEqual(['fil_rebase']);
  });

  it(`hands over at most ${MAX_RELEVANT_PASSAGES}`, () => {
    const many = Array.from({ length: 7 }, (_unused, n) => ({ ...rebase, documentId: `fil_${n}`, score: 0.6 - n / 1000 }));
    expect(relevantPassages({ question: 'stash automatically before rebase' }, many)).toHaveLength(MAX_RELEVANT_PASSAGES);
  });
});

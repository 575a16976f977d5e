import { describe, expect, it } from 'vitest';
import type { Passage } from '../../contracts/ports/passage';
import { NOTHING_RELEVANT } from './answer-texts';
import { citedIndexes, renumberMarkers } from './citation-markers';
import { groundedAnswer, groundedPrompt, SYSTEM_PROMPT } from './grounded-prompt';

const passage = (name: string, text: string): Passage => ({ documentId: name, name, knowledgeBaseId: 'kb', snippet: text, text, score: 0.5, sourceType: 'file' });

describe('citation markers', () => {
  it('reads [n] and [n, m] in order of first citation, ignoring numbers past the passages', () => {
    expect(citedIndexes('A [2]. B [1, 2]. C [7]. D [3][1].', 3)).toEqual([1, 0, 2]);
    expect(citedIndexes('No markers here.', 3)).toEqual([]);
  });

  it('renumbers markers to the sources list and drops those citing nothing kept', () => {
    expect(renumberMarkers('A [3]. B [1, 3]. C [9].', [2, 0])).toBe('A [1]. B [2, 1]. C.');
  });

  it('keeps the prose spacing around punctuation that no dropped marker left (issue 17: "the:func:`repr`")', () => {
    expect(renumberMarkers('Use the :func:`repr` of it ; see below [1]: done [2].', [0])).toBe('Use the :func:`repr` of it ; see below [1]: done.');
    expect(renumberMarkers('Columns:  a  b [1]', [0])).toBe('Columns:  a  b [1]');
  });

  it('leaves fenced code exactly as it is: its brackets are indexes, not markers, and its indentation stays', () => {
    const reply = 'Read the first item [3]:\n```ts\nif (ready) {\n    return items[1];\n}\n```\nDone [1].';
    expect(citedIndexes(reply, 3)).toEqual([2, 0]);
    expect(renumberMarkers(reply, [2, 0])).toBe('Read the first item [1]:\n```ts\nif (ready) {\n    return items[1];\n}\n```\nDone [2].');
  });
});

describe('the grounded prompt', () => {
  it("gives a model the first passage's alongside texts under the same number", () => {
    const first = { ...passage('git-stash.txt', 'The new stash entry records the files that match the pathspec.'), alongside: [{ text: 'All untracked files are also stashed.' }, { text: 'List them with git stash list.' }] };
    const content = groundedPrompt({ question: 'How do I stash untracked files?', history: [], passages: [first, passage('git-status.txt', 'Untracked files are listed.')], model: 'm' }).messages.at(-1)!.content;
    expect(content).toContain('[1] git-stash.txt\nThe new stash entry records the files that match the pathspec.\n[…]\nAll untracked files are also stashed.\n[…]\nList them with git stash list.\n\n[2] git-status.txt');
  });

  it('numbers the passages, asks for markers and the not-found sentence, and alternates turns', () => {
    const prompt = groundedPrompt({
      question: 'What about returns?',
      history: [
        { sender: 'assistant', text: 'orphan reply' },
        { sender: 'user', text: 'Hi' },
        { sender: 'user', text: 'Refunds?' },
        { sender: 'assistant', text: 'Within 30 days [1].' },
      ],
      passages: [passage('refunds.md', 'Refunds within 30 days.'), passage('returns.md', 'Returns are free.')],
      model: 'claude-3-sonnet',
    });
    expect(prompt.system).toBe(SYSTEM_PROMPT);
    expect(prompt.system).toContain(NOTHING_RELEVANT);
    expect(prompt.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(prompt.messages[0]?.content).toBe('Hi\n\nRefunds?');
    expect(prompt.messages[2]?.content).toBe('Passages:\n\n[1] refunds.md\nRefunds within 30 days.\n\n[2] returns.md\nReturns are free.\n\nQuestion: What about returns?');
  });

  it("gives the model the text that follows a passage's chunk, under the passage's number", () => {
    const prompt = groundedPrompt({
      question: 'How do I always rebase?',
      history: [],
      passages: [{ ...passage('git-pull.txt', '--rebase: Rebase after fetching.'), following: ' See pull.rebase to make it the default.' }],
      model: 'claude-3-sonnet',
    });
    expect(prompt.messages[0]?.content).toContain('[1] git-pull.txt\n--rebase: Rebase after fetching. See pull.rebase to make it the default.');
  });

  it('turns a reply into text and cited passages; the not-found reply cites nothing', () => {
    expect(groundedAnswer(' Returns are free [2]. ', 2)).toEqual({ text: 'Returns are free [2].', citedPassageIndexes: [1] });
    expect(groundedAnswer(`${NOTHING_RELEVANT} [1]`, 2)).toEqual({ text: `${NOTHING_RELEVANT} [1]`, citedPassageIndexes: [] });
    expect(groundedAnswer('', 2)).toEqual({ text: NOTHING_RELEVANT, citedPassageIndexes: [] });
  });
});

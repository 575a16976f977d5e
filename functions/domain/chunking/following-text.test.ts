import { describe, expect, it } from 'vitest';
import { chunkDocument } from './chunk-document';
import { FOLLOWING_CHARACTERS, followingText, restOfSentence } from './following-text';

describe('the text that follows a chunk', () => {
  it('runs on into the next sections as the document joins them, and is empty at its end', () => {
    const sections = [{ text: 'Install it. Then run it.' }, { text: 'Options\n\n--force: Overwrite files.' }];
    expect(followingText(sections, 0, 'Install it.'.length)).toBe(' Then run it.\n\nOptions\n\n--force: Overwrite files.');
    expect(followingText(sections, 1, sections[1]!.text.length)).toBe('');
  });

  it("marks a later section's title as a heading when the section gives it as a plain line (HTML, Markdown), not a reST title", () => {
    const sections = [
      { text: 'Debugging\n\nUse the shell.', headings: ['FAQ', 'Debugging'] },
      { text: "I'm scraping a XML document and my XPath selector doesn't return any items\n\nYou may need to remove namespaces.", headings: ['FAQ', "I'm scraping a XML document and my XPath selector doesn't return any items"] },
      { text: 'Options\n-------\n\n--force: Overwrite files.', headings: ['FAQ', 'Options'] },
    ];
    expect(followingText(sections, 0, sections[0]!.text.length)).toBe("\n\n## I'm scraping a XML document and my XPath selector doesn't return any items\n\nYou may need to remove namespaces.\n\nOptions\n-------\n\n--force: Overwrite files.");
  });

  it('gives the rest of the sentence a chunk stops inside of, and nothing when the chunk ends its paragraph', () => {
    expect(restOfSentence('\nline, ``options.filename`` will be set (e.g. by -f).  More text.')).toBe('\nline, ``options.filename`` will be set (e.g. by -f).');
    expect(restOfSentence('\n\nThe next paragraph. More.')).toBe('');
    expect(restOfSentence(' and no end')).toBe('');
  });

  it('does not end at the full stop of an abbreviation ("i.e.", "e.g.")', () => {
    const sentence = 'Scrapy logs every cookie it sends. ';
    const text = sentence.repeat(Math.ceil(FOLLOWING_CHARACTERS / sentence.length) - 2) + 'It logs the cookies it receives (i.e. the Set-Cookie header) and more text that runs on past the budget of characters.';
    expect(followingText([{ text }], 0, 0).endsWith('Scrapy logs every cookie it sends.')).toBe(true);
  });

  it('stops at FOLLOWING_CHARACTERS where a sentence or line ends, never inside a sentence', () => {
    const sentence = 'Every option is described in full on this page of the manual. ';
    const text = sentence.repeat(40);
    const following = followingText([{ text }], 0, 0);
    expect(following.length).toBeLessThanOrEqual(FOLLOWING_CHARACTERS);
    expect(following.length).toBeGreaterThan(FOLLOWING_CHARACTERS - sentence.length);
    expect(following.endsWith('manual.')).toBe(true);
  });

  it('does not stop at a line break inside hard-wrapped prose, only at a sentence end or a paragraph break', () => {
    const wrapped = 'Interpreter startup is now 10-15% faster in Python 3.11. This has a big\nimpact for short-running programs using Python.\n';
    const text = wrapped.repeat(Math.ceil(FOLLOWING_CHARACTERS / wrapped.length) + 1);
    // The cut falls in the middle of one of the repeats: the last whole sentence ends the text, not the line before.
    const following = followingText([{ text }], 0, 60);
    expect(following.endsWith('3.11.') || following.endsWith('Python.')).toBe(true);
    const paragraphs = 'A line of a code block\n'.repeat(30) + '\n' + 'x'.repeat(2000);
    expect(followingText([{ text: paragraphs }], 0, 0)).toBe('A line of a code block\n'.repeat(30).trimEnd());
  });

  it('is carried by every chunk but the last, as the document continues after it', () => {
    const text = ['First paragraph about installing the tool on a laptop.', 'Second paragraph: set pull.rebase to true to always rebase.', 'Third paragraph on removal.'].join('\n\n');
    const chunks = chunkDocument({ text, sections: [{ text }] }, { chunkSize: 100, overlap: 0 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks.slice(0, -1)) expect(text.slice(chunk.charEnd)).toBe(chunk.following);
    expect(chunks.at(-1)!.following).toBeUndefined();
  });
});

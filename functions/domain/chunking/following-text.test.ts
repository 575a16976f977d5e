import { describe, expect, it } from 'vitest';
import { chunkDocument } from './chunk-document';
import { FOLLOWING_CHARACTERS, followingText } from './following-text';

describe('the text that follows a chunk', () => {
  it('runs on into the next sections as the document joins them, and is empty at its end', () => {
    const sections = [{ text: 'Install it. Then run it.' }, { text: 'Options\n\n--force: Overwrite files.' }];
    expect(followingText(sections, 0, 'Install it.'.length)).toBe(' Then run it.\n\nOptions\n\n--force: Overwrite files.');
    expect(followingText(sections, 1, sections[1]!.text.length)).toBe('');
  });

  it('stops at FOLLOWING_CHARACTERS where a sentence or line ends, never inside a sentence', () => {
    const sentence = 'Every option is described in full on this page of the manual. ';
    const text = sentence.repeat(40);
    const following = followingText([{ text }], 0, 0);
    expect(following.length).toBeLessThanOrEqual(FOLLOWING_CHARACTERS);
    expect(following.length).toBeGreaterThan(FOLLOWING_CHARACTERS - sentence.length);
    expect(following.endsWith('manual.')).toBe(true);
  });

  it('is carried by every chunk but the last, as the document continues after it', () => {
    const text = ['First paragraph about installing the tool on a laptop.', 'Second paragraph: set pull.rebase to true to always rebase.', 'Third paragraph on removal.'].join('\n\n');
    const chunks = chunkDocument({ text, sections: [{ text }] }, { chunkSize: 100, overlap: 0 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks.slice(0, -1)) expect(text.slice(chunk.charEnd)).toBe(chunk.following);
    expect(chunks.at(-1)!.following).toBeUndefined();
  });
});

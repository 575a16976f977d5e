import { describe, expect, it } from 'vitest';
import { SNIPPET_MAX_CHARS, snippetFor } from './snippet';

const filler = (words: number, word = 'lorem') => Array.from({ length: words }, (_, index) => `${word}${index}`).join(' ');

describe('snippetFor', () => {
  it('keeps a short chunk whole, with whitespace collapsed', () => {
    expect(snippetFor('The harbour\n\nfreezes   in February.', 'harbour')).toBe('The harbour freezes in February.');
  });

  it('centres a long chunk on the window with the most query words, within 300 characters', () => {
    const text = `${filler(80)} The harbour freezes in February, so supplies arrive by boat. ${filler(80, 'ipsum')}`;
    const snippet = snippetFor(text, 'When does the harbour freeze?');
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
    expect(snippet).toContain('The harbour freezes in February');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
  });

  it('starts at the beginning when no query word occurs, and never cuts a word in half', () => {
    const text = filler(120);
    const snippet = snippetFor(text, 'unrelated question');
    expect(snippet.startsWith('lorem0 lorem1')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
    expect(snippet.slice(0, -1).split(' ').every((word) => /^lorem\d+$/.test(word))).toBe(true);
  });

  it('uses the whole room for a match near the end', () => {
    const text = `${filler(120)} finale`;
    const snippet = snippetFor(text, 'finale');
    expect(snippet.endsWith('finale')).toBe(true);
    expect(snippet.length).toBeGreaterThan(SNIPPET_MAX_CHARS - 20);
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
  });

  it('leaves code fences out and keeps the code between them', () => {
    expect(snippetFor('Run one test:\n\n```sh\nnpx vitest run a.test.ts\n```\nDone.', 'run a test')).toBe('Run one test: npx vitest run a.test.ts Done.');
  });

  it('shows reST roles and inline code as the text a reader sees (issue 17)', () => {
    expect(snippetFor('Use :func:`repr` and ``str()`` with :mod:`pprint`.', 'repr')).toBe('Use repr() and str() with pprint.');
  });

  it('finds the question’s words whatever their accents and case, and leaves filler out (issue 16)', () => {
    const text = `${filler(60)} Please explain this. ${filler(30, 'ipsum')} Le café crème est servi à midi. ${filler(60, 'dolor')}`;
    const snippet = snippetFor(text, 'Please explain when the CAFE CREME is served');
    expect(snippet).toContain('Le café crème est servi à midi.');
    expect(snippet).not.toContain('Please explain');
  });
});

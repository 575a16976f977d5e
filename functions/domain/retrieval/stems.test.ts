import { describe, expect, it } from 'vitest';
import { foldedWords, stemOf } from './stems';

describe('folded words and stems', () => {
  it('folds accents and case, and splits at anything but letters and digits', () => {
    expect(foldedWords('Café-Crème: 2 Übergrößen!')).toEqual(['cafe', 'creme', '2', 'ubergroßen']);
  });

  it('reduces English words to their Porter2 stem, the same from the cache as the first time', () => {
    expect(['cells', 'cell', 'studies', 'study'].map(stemOf)).toEqual(['cell', 'cell', 'studi', 'studi']);
    expect(stemOf('studies')).toBe('studi');
  });
});

import { describe, expect, it } from 'vitest';
import { stemOf } from './stemmer';

describe('stemmer', () => {
  it('reduces English words to their Porter2 stem, the same from the cache as the first time', () => {
    expect(['cells', 'cell', 'studies', 'study'].map(stemOf)).toEqual(['cell', 'cell', 'studi', 'studi']);
    expect(stemOf('studies')).toBe('studi');
  });

  it('makes the forms of a word meet', () => {
    expect(new Set(['refunds', 'refunded', 'refunding', 'refund'].map(stemOf))).toEqual(new Set(['refund']));
  });
});

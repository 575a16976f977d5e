import { describe, expect, it } from 'vitest';
import { QUESTION_STOP_WORDS, STOP_WORDS } from './stop-words';

describe('stop words', () => {
  it('drops function words from the index, but keeps the words documentation names commands with', () => {
    for (const word of ['the', 'which', 'how', 'not']) expect(STOP_WORDS.has(word)).toBe(true);
    for (const word of ['show', 'get', 'like', 'new', 't', 'd', 's']) expect(STOP_WORDS.has(word)).toBe(false);
  });

  it('reads a question without the words it asks with: every index stop word and the filler', () => {
    expect([...STOP_WORDS].every((word) => QUESTION_STOP_WORDS.has(word))).toBe(true);
    for (const word of ['explain', 'tell', 'please', 'get', 'cannot']) expect(QUESTION_STOP_WORDS.has(word)).toBe(true);
    for (const word of ['new', 'two', 'onto', 'refund']) expect(QUESTION_STOP_WORDS.has(word)).toBe(false);
  });
});

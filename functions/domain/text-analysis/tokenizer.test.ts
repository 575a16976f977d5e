import { describe, expect, it } from 'vitest';
import { foldedWords, foldText, wordSpans } from './tokenizer';

describe('tokenizer', () => {
  it('folds accents and case, and splits at anything but letters and digits', () => {
    expect(foldedWords('Café-Crème: 2 Übergrößen!')).toEqual(['cafe', 'creme', '2', 'ubergroßen']);
    expect(foldText('Généralisation')).toBe('generalisation');
  });

  it('keeps numbers and words of any script, and splits contractions and hyphenated words', () => {
    expect(foldedWords('COVID-19 при гриппе, the café’s running-shoes')).toEqual(['covid', '19', 'при', 'гриппе', 'the', 'cafe', 's', 'running', 'shoes']);
  });

  it('gives each word its place in the original text, decomposed accents included', () => {
    const text = 'Le Cafe\u0301 — ÉTÉ 2020';
    const spans = wordSpans(text);
    expect(spans.map(({ word }) => word)).toEqual(foldedWords(text));
    expect(spans.map(({ start, end }) => text.slice(start, end))).toEqual(['Le', 'Cafe\u0301', 'ÉTÉ', '2020']);
  });
});

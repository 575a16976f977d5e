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

  it('reads a contraction as its word, not as a word and a rare piece ("re", "doesn")', () => {
    const text = 'They’re sure it doesn\'t; you won\'t, I can\'t. The café\'s menu, O\'Reilly';
    expect(foldedWords(text)).toEqual(['they', 'sure', 'it', 'does', 'you', 'will', 'i', 'can', 'the', 'cafe', 's', 'menu', 'o', 'reilly']);
    const spans = wordSpans(text);
    expect(spans.map(({ word }) => word)).toEqual(foldedWords(text));
    expect(spans.slice(0, 4).map(({ start, end }) => text.slice(start, end))).toEqual(['They', 'sure', 'it', 'does']);
  });

  it('gives each word its place in the original text, decomposed accents included', () => {
    const text = 'Le Cafe\u0301 — ÉTÉ 2020';
    const spans = wordSpans(text);
    expect(spans.map(({ word }) => word)).toEqual(foldedWords(text));
    expect(spans.map(({ start, end }) => text.slice(start, end))).toEqual(['Le', 'Cafe\u0301', 'ÉTÉ', '2020']);
  });
});

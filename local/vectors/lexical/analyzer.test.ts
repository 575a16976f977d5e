import { describe, expect, it } from 'vitest';
import { createAnalyzer } from './analyzer';

describe('lexical analyzer', () => {
  const analyze = createAnalyzer();

  it('folds accents and case, splits at punctuation, drops stop words, stems English words', () => {
    expect(analyze('The Café’s STUDIES of cells, running-shoes and généralisation!')).toEqual(['cafe', 's', 'studi', 'cell', 'run', 'shoe', 'generalis']);
  });

  it('keeps numbers and words of any script, and drops tokens too long to be typed', () => {
    expect(analyze(`COVID-19 in 2020 при гриппе ${'x'.repeat(41)}`)).toEqual(['covid', '19', '2020', 'при', 'гриппе']);
  });

  it('gives a question and a passage the same terms for the same words', () => {
    expect(analyze('How are refunds processed?')).toEqual(analyze('refund processing'));
  });
});

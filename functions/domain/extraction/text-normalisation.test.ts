import { describe, expect, it } from 'vitest';
import { countCharacters, normaliseText } from './text-normalisation';

describe('normaliseText', () => {
  it('turns every line ending into \\n and composes to NFC', () => {
    expect(normaliseText('a\r\nb\rc\u2028d\fe')).toBe('a\nb\nc\nd\ne');
    expect(normaliseText('cafe\u0301')).toBe('café');
  });

  it('strips NULs and control characters but keeps tabs and line breaks', () => {
    expect(normaliseText('a\u0000b\u0007c\td\u009fe\uFEFFf\ng')).toBe('abc\tdef\ng');
  });

  it('drops lone surrogates, which cannot be stored as UTF-8', () => {
    expect(normaliseText('a\uD800b 😀')).toBe('ab 😀');
  });

  it('collapses runs of blank lines, trailing spaces and blank edges', () => {
    expect(normaliseText('\n\n  \n  indented\n\n\n\n\nnext   \n\n')).toBe('  indented\n\nnext');
  });
});

describe('countCharacters', () => {
  it('counts code points, so an emoji counts once', () => {
    expect(countCharacters('a😀b')).toBe(3);
  });
});

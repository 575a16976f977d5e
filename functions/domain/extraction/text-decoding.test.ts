import { describe, expect, it } from 'vitest';
import { encodeText, legacyText, utf8 } from '../../../test/support/extraction/fixture-builders';
import { decodeText } from './text-decoding';

const SAMPLE = 'Grüße aus Zürich: naïve café — 10 €';

describe('decodeText', () => {
  it('reads UTF-8 with and without a byte order mark', () => {
    expect(decodeText(utf8(SAMPLE))).toEqual({ text: SAMPLE, encoding: 'UTF-8' });
    expect(decodeText(encodeText(SAMPLE, 'utf-8-bom'))).toEqual({ text: SAMPLE, encoding: 'UTF-8' });
  });

  it.each([
    ['utf-16le', 'UTF-16LE'],
    ['utf-16be', 'UTF-16BE'],
    ['utf-32le', 'UTF-32LE'],
    ['utf-32be', 'UTF-32BE'],
  ] as const)('reads %s with a byte order mark', (encoding, name) => {
    expect(decodeText(encodeText(`${SAMPLE} 😀`, encoding))).toEqual({ text: `${SAMPLE} 😀`, encoding: name });
  });

  it('recognises UTF-16 without a mark by where its zero bytes fall', () => {
    const text = 'This is a test document to use for unit tests.\nImportant points: dogs, blankets.';
    expect(decodeText(encodeText(text, 'utf-16le', false))).toEqual({ text, encoding: 'UTF-16LE' });
    expect(decodeText(encodeText(text, 'utf-16be', false))).toEqual({ text, encoding: 'UTF-16BE' });
  });

  it('guesses legacy single-byte encodings: Hebrew in ISO-8859-8', () => {
    const hebrew = 'עדכון Tesla - נדרשת חתימה על הבקשה לרישום הרכב החדש שלך במשרד התחבורה';
    const decoded = decodeText(legacyText(hebrew, 'iso-8859-8'));
    expect(decoded.encoding).toMatch(/ISO-8859-8|windows-1255/);
    expect(decoded.text).toBe(hebrew);
  });

  it.each([
    ['Shift_JIS', 'shift_jis', 'このドキュメントは、日本語のテキストを古い文字コードで保存したものです。検索と回答のために正しく読み取られる必要があります。'],
    ['windows-1251', 'windows-1251', 'Этот документ сохранён в старой кодировке Windows, и его текст должен читаться правильно при поиске и в ответах.'],
  ] as const)('reads legacy %s text with the runtime decoder', (_name, encoding, text) => {
    const decoded = decodeText(legacyText(text, encoding));
    expect(decoded.text).toBe(text);
  });

  it('reads Western European legacy text as windows-1252, curly quotes included', () => {
    const text = '“Können” – äöüß, déjà vu, and a price of 5 €.';
    expect(decodeText(legacyText(text, 'windows-1252'))).toEqual({ text, encoding: 'windows-1252' });
  });
});

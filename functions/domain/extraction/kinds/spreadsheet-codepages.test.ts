import { describe, expect, it } from 'vitest';
import { legacyText } from '../../../../test/support/extraction/fixture-builders';
import { SPREADSHEET_CODE_PAGES } from './spreadsheet-codepages';

const { decode, encode } = SPREADSHEET_CODE_PAGES.utils;

describe('spreadsheet code pages', () => {
  it.each([
    [1251, 'windows-1251', 'Выручка по регионам'],
    [1250, 'windows-1250', 'Zürich, Łódź, Brno – tržby'],
    [932, 'shift_jis', '地域別の売上'],
    [936, 'gbk', '按地区划分的收入'],
    [10000, 'macintosh', 'Café “Süd”'],
  ] as const)('decodes code page %i as %s', (codePage, encoding, text) => {
    expect(decode(codePage, legacyText(text, encoding))).toBe(text);
  });

  it('reads windows-1252 with its curly quotes, dashes and euro sign', () => {
    expect(decode(1252, [0x93, 0x4b, 0x94, 0x20, 0x96, 0x20, 0x35, 0x80])).toBe('“K” – 5€');
  });

  it('takes byte arrays, Buffers and one-byte-per-character strings alike', () => {
    const bytes = legacyText('Привет', 'windows-1251');
    expect(decode(1251, Array.from(bytes))).toBe('Привет');
    expect(decode(1251, Buffer.from(bytes))).toBe('Привет');
    expect(decode(1251, String.fromCharCode(...bytes))).toBe('Привет');
  });

  it('reads UTF-16 the way BIFF8 stores its strings', () => {
    expect(decode(1200, new Uint8Array(Buffer.from('東京 Zürich', 'utf16le')))).toBe('東京 Zürich');
  });

  it('reads a code page the runtime lacks (DOS 437) as windows-1252, which agrees on ASCII', () => {
    expect(decode(437, [0x52, 0x65, 0x67, 0x69, 0x6f, 0x6e])).toBe('Region');
  });

  it('refuses to write, which reading a workbook never needs', () => {
    expect(() => encode(1252)).toThrow(/only reads/);
  });
});

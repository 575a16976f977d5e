import { describe, expect, it } from 'vitest';
import { extractDocument } from '../extract-document';
import { encodeText, utf8 } from '../../../../test/support/extraction/fixture-builders';
import { detectDelimiter } from './csv';

const extract = (bytes: Uint8Array) => extractDocument({ bytes, fileName: 'table.csv', mimeType: 'text/csv' });

describe('csv', () => {
  it('labels every value with its column header, keeping title rows above the header', async () => {
    const document = await extract(utf8('Stanley Cups,,\r\nTeam,Location,Stanley Cups\r\nBlues,STL,1\r\nMaple Leafs,TOR,13\r\n'));
    expect(document.text).toBe(
      'Stanley Cups\nTeam\tLocation\tStanley Cups\nTeam: Blues; Location: STL; Stanley Cups: 1\nTeam: Maple Leafs; Location: TOR; Stanley Cups: 13',
    );
    expect(document.sections).toHaveLength(1);
  });

  it('honours quotes: delimiters, doubled quotes and line breaks inside fields', async () => {
    const document = await extract(utf8('name,comment\n"Smith, J.","said ""hi""\nand left"\n'));
    expect(document.text).toBe('name\tcomment\nname: Smith, J.; comment: said "hi"\nand left');
  });

  it('detects semicolon, tab and pipe delimiters, and a single column', async () => {
    expect(detectDelimiter('Year;Month;Revenue\n2022;1;123,5\n2023;2;143,1\n')).toBe(';');
    expect(detectDelimiter('a\tb\tc\n1\t2\t3\n')).toBe('\t');
    expect(detectDelimiter('col1|col2\na|b\n')).toBe('|');
    expect(detectDelimiter('Lorem, ipsum\ndolor sit\namet consectetur\nsed do\n')).toBe('');
    const document = await extract(utf8('Lorem, ipsum\ndolor sit\namet consectetur\n'));
    expect(document.text).toBe('Lorem, ipsum\ndolor sit\namet consectetur');
  });

  it('keeps numeric tables without a header as tab-separated rows', async () => {
    expect((await extract(utf8('200.01,1\n400.01,3\n'))).text).toBe('200.01\t1\n400.01\t3');
  });

  it('reads UTF-16 CSV files', async () => {
    const document = await extract(encodeText('Team,Location\nFlyers,PHI\n', 'utf-16be'));
    expect(document.text).toContain('Team: Flyers; Location: PHI');
    expect(document.metadata.encoding).toBe('UTF-16BE');
  });
});

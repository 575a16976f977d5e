import { describe, expect, it } from 'vitest';
import { extractDocument } from '../extract-document';
import { encodeText, legacyText, utf8 } from '../../../../test/support/extraction/fixture-builders';

const extract = (bytes: Uint8Array, fileName = 'notes.txt') => extractDocument({ bytes, fileName, mimeType: 'text/plain' });

describe('plain text', () => {
  it('is one normalised section with the encoding it was read in', async () => {
    const document = await extract(utf8('Doylestown, PA 18901\r\n\r\n\r\n\r\nImportant points:\r\n   - Hamburgers are delicious   \r\n'));
    expect(document).toEqual({
      kind: 'txt',
      text: 'Doylestown, PA 18901\n\nImportant points:\n   - Hamburgers are delicious',
      sections: [{ text: 'Doylestown, PA 18901\n\nImportant points:\n   - Hamburgers are delicious' }],
      metadata: { encoding: 'UTF-8', characters: 69 },
    });
  });

  it('reads UTF-16 and UTF-32 files to the same words', async () => {
    for (const encoding of ['utf-16le', 'utf-16be', 'utf-32le', 'utf-32be'] as const) {
      expect((await extract(encodeText('Hamburgers are delicious', encoding))).text).toBe('Hamburgers are delicious');
    }
  });

  it('reads Hebrew saved as ISO-8859-8', async () => {
    const document = await extract(legacyText('שלום עולם, זהו מסמך בדיקה בעברית עם מספיק מילים כדי לזהות את הקידוד', 'iso-8859-8'));
    expect(document.text).toContain('שלום עולם');
  });

  it('refuses whitespace-only and empty files as empty', async () => {
    await expect(extract(utf8(' \n\n\t \r\n'))).rejects.toMatchObject({ failure: 'empty', message: 'File is empty' });
    await expect(extract(new Uint8Array(0))).rejects.toMatchObject({ failure: 'empty', message: 'File is empty' });
    await expect(extract(encodeText('   ', 'utf-16le'))).rejects.toMatchObject({ failure: 'empty' });
  });
});

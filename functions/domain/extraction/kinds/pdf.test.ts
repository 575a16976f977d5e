import { describe, expect, it } from 'vitest';
import { extractDocument } from '../extract-document';
import { minimalPdf } from '../../../../test/support/extraction/fixture-builders';

const extract = (bytes: Uint8Array) => extractDocument({ bytes, fileName: 'report.pdf', mimeType: 'application/pdf' });

describe('pdf', () => {
  it('gives one section per page with its page number, lines kept as lines', async () => {
    const document = await extract(minimalPdf([['Quarterly report', 'Revenue grew by ten percent'], ['Outlook for next year']], { title: 'Q3 Report' }));
    expect(document.sections).toEqual([
      { text: 'Quarterly report\nRevenue grew by ten percent', page: 1 },
      { text: 'Outlook for next year', page: 2 },
    ]);
    expect(document.text).toBe('Quarterly report\nRevenue grew by ten percent\n\nOutlook for next year');
    expect(document.metadata).toMatchObject({ pageCount: 2, title: 'Q3 Report' });
  });

  it('skips pages without text but counts them', async () => {
    const document = await extract(minimalPdf([['First page'], [], ['Third page']]));
    expect(document.sections.map((section) => section.page)).toEqual([1, 3]);
    expect(document.metadata.pageCount).toBe(3);
  });

  it('refuses a PDF with a user password as password-protected', async () => {
    const bytes = minimalPdf([['Secret plans']], { encryption: { userPassword: 'open sesame', ownerPassword: 'owner' } });
    await expect(extract(bytes)).rejects.toMatchObject({ failure: 'password_protected', message: 'File is password-protected' });
  });

  it('reads a copy-protected PDF (encrypted, empty user password, copying not permitted)', async () => {
    const bytes = minimalPdf([['Readable but not copyable']], { encryption: { userPassword: '', ownerPassword: 'owner' }, title: 'Protected' });
    const document = await extract(bytes);
    expect(document.text).toBe('Readable but not copyable');
    expect(document.metadata.title).toBe('Protected');
  });

  it('says "no text" for pages that have none (scanned images)', async () => {
    await expect(extract(minimalPdf([[], []]))).rejects.toMatchObject({
      failure: 'no_text',
      message: 'File contains no extractable text (it may be scanned images)',
    });
  });

  it('refuses a broken PDF as could-not-be-parsed', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\n%%EOF garbage');
    await expect(extract(bytes)).rejects.toMatchObject({ failure: 'malformed', message: 'File could not be parsed' });
  });

  it('leaves the caller its bytes (pdf.js detaches the buffer it is given)', async () => {
    const bytes = minimalPdf([['Hello']]);
    const length = bytes.byteLength;
    await extract(bytes);
    expect(bytes.byteLength).toBe(length);
  });
});

import { describe, expect, it } from 'vitest';
import { extractDocument } from '../extract-document';
import { encryptedOoxml, minimalDocx, plainZip } from '../../../../test/support/extraction/fixture-builders';

const extract = (bytes: Uint8Array, fileName = 'handbook.docx') => extractDocument({ bytes, fileName, mimeType: '' });

describe('docx', () => {
  it('keeps headings as the sections\' heading path, tables as tab-separated rows', async () => {
    const bytes = await minimalDocx(
      [
        { title: 'Trustee Handbook' },
        { paragraph: 'Issued by the Department.' },
        { heading: 'Chapter 1 Introduction', level: 1 },
        { paragraph: 'The United States Trustee appoints standing trustees.' },
        { heading: 'Purpose', level: 2 },
        { table: [['Role', 'Duty'], ['Trustee', 'Administers cases']] },
        { heading: 'Chapter 2 Appointment', level: 1 },
        { paragraph: 'Eligibility & selection.' },
      ],
      { title: 'Handbook', pages: 3 },
    );
    const document = await extract(bytes);
    expect(document.sections).toEqual([
      { text: 'Trustee Handbook\nIssued by the Department.', headings: ['Trustee Handbook'] },
      { text: 'Chapter 1 Introduction\nThe United States Trustee appoints standing trustees.', headings: ['Chapter 1 Introduction'] },
      { text: 'Purpose\nRole\tDuty\nTrustee\tAdministers cases', headings: ['Chapter 1 Introduction', 'Purpose'] },
      { text: 'Chapter 2 Appointment\nEligibility & selection.', headings: ['Chapter 2 Appointment'] },
    ]);
    expect(document.metadata).toMatchObject({ pageCount: 3, title: 'Handbook' });
    expect(document.kind).toBe('docx');
  });

  it('refuses an encrypted (password-protected) docx', async () => {
    await expect(extract(encryptedOoxml())).rejects.toMatchObject({ failure: 'password_protected', message: 'File is password-protected' });
  });

  it('refuses a zip that is not a Word document', async () => {
    await expect(extract(await plainZip({ 'readme.txt': 'hello' }))).rejects.toMatchObject({ failure: 'unsupported_type', message: 'File content does not match its type' });
  });

  it('refuses a package whose document part is not XML as could-not-be-parsed', async () => {
    const bytes = await plainZip({
      '[Content_Types].xml':
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      '_rels/.rels':
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      'word/document.xml': '<w:document><w:body><w:p>unterminated',
    });
    await expect(extract(bytes)).rejects.toMatchObject({ failure: 'malformed', message: 'File could not be parsed' });
  });

  it('says empty for a document with no text', async () => {
    await expect(extract(await minimalDocx([{ paragraph: '   ' }]))).rejects.toMatchObject({ failure: 'empty' });
  });
});

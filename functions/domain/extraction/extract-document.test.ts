import { describe, expect, it } from 'vitest';
import { asExtractionError, extractDocument } from './extract-document';
import { EXTRACTION_FORMAT_VERSION } from './extracted-document';
import { ExtractionError } from './extraction-error';
import { minimalDocx, plainZip, utf8, windowsExecutable } from '../../../test/support/extraction/fixture-builders';

describe('extractDocument', () => {
  it('refuses types that contract §9 does not accept', async () => {
    await expect(extractDocument({ bytes: utf8('<html></html>'), fileName: 'page.html', mimeType: 'text/html' })).rejects.toMatchObject({
      failure: 'unsupported_type',
      message: 'File type is not supported',
    });
  });

  it('refuses content that does not match the claimed type before any parser sees it', async () => {
    await expect(extractDocument({ bytes: windowsExecutable(), fileName: 'invoice.pdf', mimeType: 'application/pdf' })).rejects.toMatchObject({
      failure: 'unsupported_type',
      message: 'File content does not match its type',
    });
    await expect(extractDocument({ bytes: await plainZip({ 'x.txt': 'x' }), fileName: 'report.docx', mimeType: '' })).rejects.toMatchObject({
      message: 'File content does not match its type',
    });
  });

  it('refuses an empty file of any kind as empty', async () => {
    for (const fileName of ['a.txt', 'a.pdf', 'a.docx', 'a.xlsx', 'a.ppt']) {
      await expect(extractDocument({ bytes: new Uint8Array(0), fileName, mimeType: '' })).rejects.toMatchObject({ failure: 'empty', message: 'File is empty' });
    }
  });

  it('accepts by MIME type when the name has no extension', async () => {
    const document = await extractDocument({ bytes: await minimalDocx([{ paragraph: 'Named by its MIME type' }]), fileName: 'upload', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    expect(document).toMatchObject({ kind: 'docx', text: 'Named by its MIME type' });
  });

  it('has a format version to store beside extracted text', () => {
    expect(EXTRACTION_FORMAT_VERSION).toBe(3);
  });
});

describe('asExtractionError', () => {
  it('keeps refusals, calls running out of space "too large" and anything else "could not be parsed"', () => {
    const refusal = new ExtractionError('empty', 'File is empty');
    expect(asExtractionError(refusal)).toBe(refusal);
    expect(asExtractionError(new RangeError('Invalid string length'))).toMatchObject({ failure: 'too_large', message: 'File is too large or complex to process' });
    expect(asExtractionError(new TypeError('Cannot read properties of undefined'))).toMatchObject({ failure: 'malformed', message: 'File could not be parsed' });
  });
});

import { describe, expect, it } from 'vitest';
import { ACCEPTED_TYPES, kindFromNameOrMime, looksLikeText, sniffKind } from './file-type-check';
import {
  encodeText,
  encryptedOoxml,
  legacyWordContainer,
  minimalDocx,
  minimalPdf,
  minimalPpt,
  minimalPptx,
  plainZip,
  utf8,
  windowsExecutable,
  workbook,
} from '../../../test/support/extraction/fixture-builders';

describe('ACCEPTED_TYPES', () => {
  it('holds the rows of contract §9 first in each entry', () => {
    const rows = Object.entries(ACCEPTED_TYPES).map(([kind, types]) => [kind, types.extensions[0], types.mimeTypes[0]]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['txt', '.txt', 'text/plain'],
        ['pdf', '.pdf', 'application/pdf'],
        ['docx', '.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
        ['md', '.md', 'text/markdown'],
        ['csv', '.csv', 'text/csv'],
        ['json', '.json', 'application/json'],
        ['xlsx', '.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        ['xls', '.xls', 'application/vnd.ms-excel'],
        ['pptx', '.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
        ['ppt', '.ppt', 'application/vnd.ms-powerpoint'],
      ]),
    );
    expect(rows).toHaveLength(10);
  });
});

describe('kindFromNameOrMime', () => {
  it('accepts by extension, whatever the case and the MIME type', () => {
    expect(kindFromNameOrMime('Report.PDF', 'application/octet-stream')).toBe('pdf');
    expect(kindFromNameOrMime('notes.markdown', '')).toBe('md');
    expect(kindFromNameOrMime('budget.xls', '')).toBe('xls');
    expect(kindFromNameOrMime('deck.pptx', 'application/zip')).toBe('pptx');
  });

  it('lets the extension win over a MIME type that names another accepted kind', () => {
    // Windows browsers send application/vnd.ms-excel for .csv files.
    expect(kindFromNameOrMime('export.csv', 'application/vnd.ms-excel')).toBe('csv');
  });

  it('accepts by MIME type, with parameters and aliases, when the name has no accepted extension', () => {
    expect(kindFromNameOrMime('scan', 'application/pdf')).toBe('pdf');
    expect(kindFromNameOrMime('scan', 'application/x-pdf')).toBe('pdf');
    expect(kindFromNameOrMime('readme', 'text/plain; charset=utf-8')).toBe('txt');
    expect(kindFromNameOrMime('data.ndjson', 'APPLICATION/JSON')).toBe('json');
  });

  it('refuses what neither the extension nor the MIME type accepts', () => {
    expect(kindFromNameOrMime('mail.eml', 'message/rfc822')).toBeUndefined();
    expect(kindFromNameOrMime('page.html', 'text/html')).toBeUndefined();
    expect(kindFromNameOrMime('photo.png', 'image/png')).toBeUndefined();
    expect(kindFromNameOrMime('letter.doc', 'application/msword')).toBeUndefined();
    expect(kindFromNameOrMime('blob', 'application/octet-stream')).toBeUndefined();
    expect(kindFromNameOrMime('.pdf', '')).toBe('pdf');
    expect(kindFromNameOrMime('pdf', '')).toBeUndefined();
  });
});

const MISMATCH = { ok: false, reason: 'File content does not match its type' };

describe('sniffKind', () => {
  it('refuses a program renamed to .pdf and a PDF renamed to .txt', async () => {
    expect(await sniffKind(windowsExecutable(), 'pdf')).toEqual(MISMATCH);
    expect(await sniffKind(windowsExecutable(), 'txt')).toEqual(MISMATCH);
    expect(await sniffKind(minimalPdf([['Hello']]), 'txt')).toEqual(MISMATCH);
  });

  it('accepts a PDF, also with bytes before its header', async () => {
    expect(await sniffKind(minimalPdf([['Hello']]), 'pdf')).toEqual({ ok: true, kind: 'pdf' });
    const prefixed = new Uint8Array([...utf8('\r\n\r\n'), ...minimalPdf([['Hello']])]);
    expect(await sniffKind(prefixed, 'pdf')).toEqual({ ok: true, kind: 'pdf' });
  });

  it('accepts text in any encoding the extractor reads, and refuses binary under a text name', async () => {
    expect(await sniffKind(utf8('plain words'), 'txt')).toEqual({ ok: true, kind: 'txt' });
    expect(await sniffKind(encodeText('wide text', 'utf-16le'), 'md')).toEqual({ ok: true, kind: 'md' });
    expect(await sniffKind(encodeText('wide text without a mark', 'utf-16be', false), 'csv')).toEqual({ ok: true, kind: 'csv' });
    expect(await sniffKind(encodeText('very wide text', 'utf-32be'), 'json')).toEqual({ ok: true, kind: 'json' });
    expect(await sniffKind(new Uint8Array([0x41, 0x42, 0x00, 0x01, 0x02, 0x43, 0x44, 0xff, 0x00, 0x00]), 'txt')).toEqual(MISMATCH);
  });

  it('accepts OOXML only with the main part of the claimed family', async () => {
    const docx = await minimalDocx([{ paragraph: 'x' }]);
    const pptx = await minimalPptx([{ title: 'x' }]);
    const xlsx = workbook({ Sheet1: [['x']] }, 'xlsx');
    expect(await sniffKind(docx, 'docx')).toEqual({ ok: true, kind: 'docx' });
    expect(await sniffKind(pptx, 'pptx')).toEqual({ ok: true, kind: 'pptx' });
    expect(await sniffKind(xlsx, 'xlsx')).toEqual({ ok: true, kind: 'xlsx' });
    expect(await sniffKind(docx, 'pptx')).toEqual(MISMATCH);
    expect(await sniffKind(xlsx, 'docx')).toEqual(MISMATCH);
    expect(await sniffKind(await plainZip({ 'notes/readme.txt': 'not an office file' }), 'docx')).toEqual(MISMATCH);
  });

  it('reads a workbook or a presentation saved under the other generation\'s extension as what it is', async () => {
    expect(await sniffKind(workbook({ Sheet1: [['x']] }, 'xlsx'), 'xls')).toEqual({ ok: true, kind: 'xlsx' });
    expect(await sniffKind(workbook({ Sheet1: [['x']] }, 'biff8'), 'xlsx')).toEqual({ ok: true, kind: 'xls' });
    expect(await sniffKind(await minimalPptx([{ title: 'x' }]), 'ppt')).toEqual({ ok: true, kind: 'pptx' });
    expect(await sniffKind(minimalPpt([{ title: 'x', body: 'y' }]), 'pptx')).toEqual({ ok: true, kind: 'ppt' });
  });

  it('checks OLE files for the stream of the claimed kind', async () => {
    expect(await sniffKind(workbook({ Sheet1: [['x']] }, 'biff8'), 'xls')).toEqual({ ok: true, kind: 'xls' });
    expect(await sniffKind(minimalPpt([{ title: 'x', body: 'y' }]), 'ppt')).toEqual({ ok: true, kind: 'ppt' });
    expect(await sniffKind(minimalPpt([{ title: 'x', body: 'y' }]), 'xls')).toEqual(MISMATCH);
    expect(await sniffKind(legacyWordContainer(), 'docx')).toEqual(MISMATCH);
    expect(await sniffKind(legacyWordContainer(), 'xls')).toEqual(MISMATCH);
  });

  it('lets encrypted OOXML through, so that the extractor can say it is password-protected', async () => {
    expect(await sniffKind(encryptedOoxml(), 'docx')).toEqual({ ok: true, kind: 'docx' });
    expect(await sniffKind(encryptedOoxml(), 'xlsx')).toEqual({ ok: true, kind: 'xlsx' });
  });

  it('accepts the HTML and XML spreadsheets that programs save as .xls', async () => {
    expect(await sniffKind(utf8('<table><tr><td>Region</td><td>North</td></tr></table>'), 'xls')).toEqual({ ok: true, kind: 'xls' });
    const spreadsheetMl = '<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"><Worksheet ss:Name="S"/></Workbook>';
    expect(await sniffKind(utf8(spreadsheetMl), 'xls')).toEqual({ ok: true, kind: 'xls' });
  });

  it('passes an empty file, which the extractor refuses as empty', async () => {
    expect(await sniffKind(new Uint8Array(0), 'pdf')).toEqual({ ok: true, kind: 'pdf' });
  });
});

describe('looksLikeText', () => {
  it('allows tabs, line ends and form feeds but not other control bytes', () => {
    expect(looksLikeText(utf8('a\tb\r\nc\fd'))).toBe(true);
    expect(looksLikeText(new Uint8Array([0x41, 0x01, 0x02, 0x03, 0x04, 0x42]))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { extractDocument } from '../extract-document';
import { encryptedOoxml, workbook } from '../../../../test/support/extraction/fixture-builders';

const SHEETS = {
  Revenue: [
    ['Region', 'Q1', 'Q2'],
    ['North', 1200, 1350.5],
    [],
    ['South', 980, null, 'note:\nestimated'],
  ],
  'Read me': [['Figures in thousands of CHF, Zürich – 東京']],
};

describe.each([
  ['xlsx', 'budget.xlsx'],
  ['biff8', 'budget.xls'],
] as const)('spreadsheet written as %s', (bookType, fileName) => {
  it('gives one section per sheet, named, with rows of tab-separated cells', async () => {
    const document = await extractDocument({ bytes: workbook(SHEETS, bookType), fileName, mimeType: '' });
    expect(document.kind).toBe(bookType === 'xlsx' ? 'xlsx' : 'xls');
    expect(document.sections).toEqual([
      { text: 'Region\tQ1\tQ2\nNorth\t1200\t1350.5\nSouth\t980\t\tnote: estimated', sheet: 'Revenue' },
      { text: 'Figures in thousands of CHF, Zürich – 東京', sheet: 'Read me' },
    ]);
    expect(document.metadata.sheetNames).toEqual(['Revenue', 'Read me']);
  });
});

describe('text saved as .xls', () => {
  it('reads the HTML table a reporting tool exported under the .xls name', async () => {
    const html = new TextEncoder().encode('<html><body><table><tr><td>Region</td><td>Sales</td></tr><tr><td>North</td><td>42</td></tr></table></body></html>');
    const document = await extractDocument({ bytes: html, fileName: 'report.xls', mimeType: 'application/vnd.ms-excel' });
    expect(document).toMatchObject({ kind: 'xls', text: 'Region\tSales\nNorth\t42' });
  });
});

describe('spreadsheet refusals', () => {
  it('says empty for a workbook without values', async () => {
    await expect(extractDocument({ bytes: workbook({ Sheet1: [] }, 'xlsx'), fileName: 'empty.xlsx', mimeType: '' })).rejects.toMatchObject({
      failure: 'empty',
      message: 'File is empty',
    });
  });

  it('says password-protected for an encrypted workbook', async () => {
    await expect(extractDocument({ bytes: encryptedOoxml(), fileName: 'secret.xlsx', mimeType: '' })).rejects.toMatchObject({
      failure: 'password_protected',
    });
  });
});

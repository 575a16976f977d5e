import * as XLSX from '@e965/xlsx';
import type { ExtractedDocument, ExtractedSection } from '../extracted-document';
import { assembleDocument } from '../document-assembly';
import { EXTRACTION_MESSAGES, ExtractionError } from '../extraction-error';
import { SPREADSHEET_CODE_PAGES } from './spreadsheet-codepages';

// Excel 95 and older store text in the workbook's Windows code page; SheetJS's ESM build decodes
// only Latin-1 until it is given a code page interface.
XLSX.set_cptable(SPREADSHEET_CODE_PAGES);

/**
 * xlsx and xls (and the HTML/XML/text files spreadsheet programs save as .xls) through SheetJS:
 * one section per sheet, named after it, each row a line of tab-separated cells as Excel displays
 * them (formatted numbers and dates, the cached results of formulas). Blank rows and the empty cells
 * at the ends of rows are left out. Line breaks inside a cell become spaces so that a line stays a
 * row.
 */
export function extractSpreadsheet(bytes: Uint8Array, kind: 'xlsx' | 'xls'): ExtractedDocument {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      // Needed for the `w` (displayed) text of dates and numbers.
      cellText: true,
      cellDates: false,
    });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    if (/password|encrypt/i.test(message)) throw new ExtractionError('password_protected', EXTRACTION_MESSAGES.password_protected, { cause });
    throw new ExtractionError('malformed', EXTRACTION_MESSAGES.malformed, { cause });
  }

  const sections: ExtractedSection[] = workbook.SheetNames.map((name) => ({ text: sheetText(workbook.Sheets[name]), sheet: name }));
  const title = workbook.Props?.Title?.trim() || undefined;
  return assembleDocument(kind, sections, { sheetNames: [...workbook.SheetNames], title });
}

function sheetText(sheet: XLSX.WorkSheet | undefined): string {
  const rows = (sheet?.['!data'] as XLSX.CellObject[][] | undefined) ?? [];
  const lines: string[] = [];
  for (let rowIndex = 0; rowIndex < rows.length; rowIndex += 1) {
    const row = rows[rowIndex];
    if (!row) continue;
    const cells: string[] = [];
    let lastFilled = -1;
    for (let column = 0; column < row.length; column += 1) {
      const text = cellText(row[column]);
      cells.push(text);
      if (text) lastFilled = column;
    }
    if (lastFilled >= 0) lines.push(cells.slice(0, lastFilled + 1).join('\t'));
  }
  return lines.join('\n');
}

function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.t === 'z') return '';
  const shown = cell.w ?? (cell.v === undefined || cell.v === null ? '' : String(cell.v));
  return shown.replace(/\s*[\r\n\t]+\s*/g, ' ').trim();
}

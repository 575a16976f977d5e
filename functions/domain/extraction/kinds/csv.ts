import type { ExtractedDocument } from '../extracted-document';
import { assembleDocument } from '../document-assembly';
import { decodeText } from '../text-decoding';

const DELIMITERS = [',', ';', '\t', '|'] as const;
const SNIFF_RECORDS = 50;
const HEADER_SEARCH_ROWS = 5;

/**
 * Each data row becomes one line of `Header: value; Header: value`. Retrieval cuts text into chunks
 * and a chunk from the middle of a table has lost its header row, so "Location: TOR" answers a
 * question that a bare "Maple Leafs,TOR,13" cannot. Rows above the header (titles) and tables with
 * no recognisable header keep their cells, tab-separated as spreadsheets are. The delimiter is
 * whichever of , ; tab | splits the first records most consistently into more than one column;
 * when none does, the file is one column and its commas are text.
 */
export function extractCsv(bytes: Uint8Array): ExtractedDocument {
  const { text, encoding } = decodeText(bytes);
  const delimiter = detectDelimiter(text);
  const rows: string[][] = [];
  for (const row of parseDelimited(text, delimiter)) {
    const cells = row.map((cell) => cell.trim());
    if (cells.some(Boolean)) rows.push(cells);
  }
  const headerIndex = findHeaderRow(rows);
  const lines: string[] = [];
  rows.forEach((row, index) => {
    if (headerIndex === undefined || index <= headerIndex) {
      lines.push(trimEmptyTail(row).join('\t'));
      return;
    }
    lines.push(labelled(rows[headerIndex]!, row));
  });
  return assembleDocument('csv', [{ text: lines.join('\n') }], { encoding });
}

function labelled(header: string[], row: string[]): string {
  const parts: string[] = [];
  row.forEach((cell, column) => {
    if (!cell) return;
    const name = header[column];
    parts.push(name ? `${name}: ${cell}` : cell);
  });
  return parts.join('; ');
}

function trimEmptyTail(row: string[]): string[] {
  let end = row.length;
  while (end > 0 && !row[end - 1]) end -= 1;
  return row.slice(0, end);
}

const NUMERIC = /^[-+]?[$€£¥]?\s*\d[\d.,\s]*%?$/;

/**
 * A header names columns: among the first rows, the first with at least two cells, at least half of
 * them filled, none of them a number, none of them a paragraph, and data rows after it.
 */
function findHeaderRow(rows: string[][]): number | undefined {
  for (let index = 0; index < Math.min(rows.length - 1, HEADER_SEARCH_ROWS); index += 1) {
    const row = rows[index]!;
    const width = Math.max(row.length, rows[index + 1]!.length);
    const filled = row.filter(Boolean);
    if (width < 2 || filled.length < Math.max(2, width / 2)) continue;
    if (filled.some((cell) => NUMERIC.test(cell) || cell.length > 100)) continue;
    return index;
  }
  return undefined;
}

export function detectDelimiter(text: string): string {
  // No candidate splitting the records consistently means one column: nothing splits the lines.
  let best: { delimiter: string; score: number; columns: number } = { delimiter: '', score: 0, columns: 1 };
  for (const delimiter of DELIMITERS) {
    const counts: number[] = [];
    for (const record of parseDelimited(text, delimiter)) {
      if (record.length === 1 && !record[0]) continue;
      counts.push(record.length);
      if (counts.length === SNIFF_RECORDS) break;
    }
    const frequency = new Map<number, number>();
    for (const count of counts) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    let columns = 1;
    let agreeing = 0;
    for (const [count, times] of frequency) {
      if (times > agreeing || (times === agreeing && count > columns)) [columns, agreeing] = [count, times];
    }
    const score = columns > 1 && counts.length ? agreeing / counts.length : 0;
    if (score > best.score || (score === best.score && score > 0 && columns > best.columns)) best = { delimiter, score, columns };
  }
  return best.delimiter;
}

/**
 * RFC 4180 records: quoted fields may hold the delimiter, doubled quotes and line breaks; a quote
 * inside an unquoted field is kept as a character, as spreadsheet programs do.
 */
export function* parseDelimited(text: string, delimiter: string): Generator<string[]> {
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStart = true;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else field += char;
      continue;
    }
    if (char === '"' && fieldStart) {
      quoted = true;
      fieldStart = false;
    } else if (char === delimiter) {
      row.push(field);
      field = '';
      fieldStart = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(field);
      yield row;
      row = [];
      field = '';
      fieldStart = true;
    } else {
      field += char;
      if (char !== ' ') fieldStart = false;
    }
  }
  if (field || row.length) {
    row.push(field);
    yield row;
  }
}

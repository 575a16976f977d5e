/** The line structure reST and AsciiDoc blocks are read by: blank lines, indentation, paragraphs, indented blocks. */

/** A line's indentation in columns, a tab counting eight. */
export const indentOf = (line: string) => /^[ \t]*/.exec(line)![0].replace(/\t/g, '        ').length;

export const isBlank = (line: string | undefined) => line === undefined || line.trim() === '';

/** A block's first paragraph and the lines after it (from the blank line that ends it). */
export function splitFirstParagraph(lines: string[]): { first: string[]; rest: string[] } {
  const end = lines.findIndex(isBlank);
  return end === -1 ? { first: lines, rest: [] } : { first: lines.slice(0, end), rest: lines.slice(end) };
}

/** The indented block starting at `from` (blank lines inside it included), dedented; and where it ends. */
export function indentedBlock(lines: string[], from: number, base: number): { body: string[]; end: number } {
  let end = from;
  let last = from;
  while (end < lines.length && (isBlank(lines[end]) || indentOf(lines[end]!) > base)) {
    if (!isBlank(lines[end])) last = end + 1;
    end++;
  }
  const body = lines.slice(from, last);
  const margin = Math.min(...body.filter((line) => !isBlank(line)).map(indentOf));
  return { body: body.map((line) => line.replace(/\t/g, '        ').slice(Number.isFinite(margin) ? margin : 0)), end: last };
}

/** The lines without the blank lines that start and end them. */
export function trimBlank(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && isBlank(lines[start])) start++;
  while (end > start && isBlank(lines[end - 1])) end--;
  return lines.slice(start, end);
}

/**
 * reST grid tables as Markdown tables. A grid table draws its cells with "+---+" borders and "|"
 * walls, and a cell's text wraps onto as many lines as the row needs:
 *
 *     +----------------+-----------------------------------+
 *     | ``t1 = t2 - t3`` | Difference of *t2* and *t3*.      |
 *     |                | Afterwards *t1* == *t2* - *t3*.   |
 *     +----------------+-----------------------------------+
 *
 * Read line by line, each physical line was a row of its own, so an answer quoted half a cell of one
 * column beside half of the other. Here each row's lines are joined cell by cell into one Markdown
 * row. A chunk that starts inside a table (no border above its first row) takes its columns from
 * the walls of its first line.
 */

/** A border between rows ("+----+----+"), or under the header ("+====+====+"). */
const BORDER = /^\s*\+(?:-+\+)+\s*$/;
const HEADER_BORDER = /^\s*\+(?:=+\+)+\s*$/;
/**
 * A line of cells: it opens and closes with a wall, space after the first (a cell's text may touch
 * the last: "| `mpmath/calculus. <htt|"). A line that opens and closes on substitutions ("|Table|
 * columns do *not* always behave the same as |Quantity|. |Table|") is prose.
 */
const CELLS = /^\s*\|\s.*\|\s*$/;

export const isGridBorder = (line: string) => BORDER.test(line) || HEADER_BORDER.test(line);

/** Where the walls of a border or a line of cells stand, by column. */
function wallsOf(line: string, wall: string): number[] {
  const walls: number[] = [];
  for (let at = line.indexOf(wall); at !== -1; at = line.indexOf(wall, at + 1)) walls.push(at);
  return walls;
}

/**
 * The grid table that starts at `lines[from]` (a border, or a line of cells when a chunk starts
 * inside the table) as Markdown rows, and the index of the first line after it; undefined when no
 * table starts there. `cell` renders a cell's text (inline markup).
 */
export function gridTableAt(lines: readonly string[], from: number, cell: (text: string) => string): { rows: string[]; end: number } | undefined {
  const first = lines[from] ?? '';
  const bordered = isGridBorder(first);
  if (!bordered && !CELLS.test(first)) return undefined;
  const walls = bordered ? wallsOf(first, '+') : wallsOf(first, '|');
  if (walls.length < 3) return undefined;
  const rows: string[] = [];
  let pending: string[][] | undefined;
  const flush = (header: boolean) => {
    if (pending) {
      const cells = pending.map((parts) => cell(parts.join(' ').replace(/\s+/g, ' ').trim()));
      if (cells.some(Boolean)) rows.push(`| ${cells.join(' | ')} |`);
      if (header && rows.length > 0) rows.push(`|${cells.map(() => ' --- ').join('|')}|`);
    }
    pending = undefined;
  };
  let at = from;
  for (; at < lines.length; at++) {
    const line = lines[at]!;
    if (isGridBorder(line)) {
      flush(HEADER_BORDER.test(line));
      continue;
    }
    if (!CELLS.test(line)) break;
    pending ??= walls.slice(1).map(() => []);
    // A wall missing where the columns have one is a cell spanning them: its text goes to the first.
    let column = 0;
    for (let wall = 1; wall < walls.length; wall++) {
      if (line[walls[wall]!] !== '|' && wall < walls.length - 1) continue;
      const start = walls[column]! + 1;
      const text = line.slice(start, wall === walls.length - 1 ? line.lastIndexOf('|') : walls[wall]).trim();
      if (text) pending[column]!.push(text);
      column = wall;
    }
  }
  flush(false);
  return rows.length > 0 ? { rows, end: at } : undefined;
}

import { indentOf } from './markup-text';

/**
 * What a chunk that starts inside a reST literal block needs before its text to read as code.
 * Python's documentation is full of `Example::` blocks and `.. code-block::` directives, and a
 * 500-character chunk often starts in the middle of one ("pool, blocking_io)\n    print(result)"):
 * without the "::" above it, its lines read as sentences and the answer quoted them flattened into
 * prose. The chunker records the introduction (indented as the original's, a lone "::") and the
 * first line's own indentation, which the chunk lacks since it starts at a word; the answer step
 * reads them before the chunk's text (Passage.opening), the text itself stays the document's.
 */

/** Directives whose indented content is code (markup-text.ts reads the same). */
const CODE_DIRECTIVE = /^\.\.\s+(?:code-block|code|sourcecode|highlight-block|doctest|testcode|testoutput)::/;

/**
 * Whether a text is reStructuredText: it has a directive (".. note::") or a role (":func:`zip`").
 * AsciiDoc writes a definition's term as "Set::" over a blank line and an indented description,
 * which in reST would be a paragraph introducing a literal block; only reST's is read as one.
 */
export function readsAsRestructuredText(text: string): boolean {
  return /^[ \t]*\.\.[ \t]+[\w:-]+::/m.test(text) || /(?:^|\s):[\w:-]+:`[^`\n]+`/m.test(text);
}

/** How far up a chunk's start is looked for the block it is in: a literal block longer than this is rare. */
const MOST_LINES_UP = 200;

const isBlank = (line: string) => line.trim() === '';

/** The line of `text` that starts at `start`. */
function lineAt(text: string, start: number): string {
  const end = text.indexOf('\n', start);
  return text.slice(start, end === -1 ? text.length : end);
}

/**
 * The opening for a chunk of `text` starting at `offset`; undefined unless it starts inside a
 * literal or code block. A block introduced by a line indented p holds every line after it indented
 * more than p, so going up from the chunk's line, the first line indented less than all those
 * between that introduces a block ("…::" before a blank line, a code directive) is the chunk's.
 */
export function literalOpeningAt(text: string, offset: number): string | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const line = lineAt(text, lineStart);
  if (isBlank(line)) return undefined;
  let lowest = indentOf(line);
  for (let position = lineStart, looked = 0; position > 0 && lowest > 0 && looked < MOST_LINES_UP; looked++) {
    const end = position - 1;
    position = text.lastIndexOf('\n', end - 1) + 1;
    const above = text.slice(position, end);
    if (isBlank(above) || indentOf(above) >= lowest) continue;
    const trimmed = above.trim();
    const introduces = CODE_DIRECTIVE.test(trimmed) || (/::\s*$/.test(trimmed) && !/^\.\.\s/.test(trimmed) && isBlank(lineAt(text, end + 1)));
    if (introduces) {
      // The chunk starts at a word: its first line is given back the indentation it had.
      const missing = indentOf(line) - indentOf(lineAt(text, offset));
      return `${' '.repeat(indentOf(above))}::\n\n${' '.repeat(Math.max(0, missing))}`;
    }
    lowest = indentOf(above);
  }
  return undefined;
}

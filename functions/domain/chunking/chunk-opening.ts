import { closesFence, fenceOpenedBy, type Fence } from '../../../shared/markdown/code-fences';
import { indentOf, isBlank } from './markup-lines';
import { CODE_DIRECTIVE, CURRENT_CLASS, declaredModule, describedClass, describedObject, memberKind, opensDelimitedBlock } from './markup-text';

/**
 * What a chunk of a reST document needs before its text to read as it does in its document
 * (Chunk.opening). The chunker records it; the answer step reads it before the chunk's text
 * (Passage.opening), and the text itself stays the document's. Two things are lost at a cut:
 *
 * - The literal block a chunk starts inside of. Python's documentation is full of `Example::`
 *   blocks and `.. code-block::` directives, and a 500-character chunk often starts in the middle of
 *   one ("pool, blocking_io)\n    print(result)"): without the "::" above it, its lines read as
 *   sentences and the answer quoted them flattened into prose. The opening is the introduction
 *   (indented as the original's, a lone "::") and the first line's own indentation, which the chunk
 *   lacks since it starts at a word.
 * - The module its object descriptions belong to (`.. currentmodule:: tomllib`, declared once at
 *   the page's top): Sphinx shows `tomllib.load`, and the answer said "`load`: Read a TOML file."
 * - The class its member descriptions belong to (`.. currentclass:: WatchedFileHandler`, the
 *   chunker's own directive): the answer said "`emit`: Outputs the record to the file" for one of
 *   four handlers' `emit` methods.
 */

/**
 * How far up a chunk's start is looked for the block it is in: a literal block longer than this is
 * rare (itertools' recipes, one `.. testcode::` block, run to 340 lines). The look stops sooner at
 * the first line not indented, which prose has every few lines.
 */
const MOST_LINES_UP = 1000;

/** The lines of `text` above the one that starts at `lineStart`, nearest first, up to MOST_LINES_UP; `end` is where each ends. */
function* linesAbove(text: string, lineStart: number): Generator<{ line: string; end: number }> {
  for (let position = lineStart, looked = 0; position > 0 && looked < MOST_LINES_UP; looked++) {
    const end = position - 1;
    position = text.lastIndexOf('\n', end - 1) + 1;
    yield { line: text.slice(position, end), end };
  }
}

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
  for (const { line: above, end } of linesAbove(text, lineStart)) {
    if (lowest === 0) break;
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

/**
 * The class whose description a chunk of `text` starting at `offset` is inside of, when the chunk
 * describes members of it (".. method:: emit(record)", indented under ".. class:: WatchedFileHandler"
 * above the chunk): going up from the chunk's start, the first line indented less than the chunk's
 * first member description.
 */
export function enclosingClassAt(text: string, offset: number, chunk: string): string | undefined {
  const member = chunk.split('\n').find((line) => memberKind(line) !== undefined && indentOf(line) > 0);
  if (member === undefined) return undefined;
  const depth = indentOf(member);
  for (const { line: above } of linesAbove(text, text.lastIndexOf('\n', offset - 1) + 1)) {
    if (isBlank(above) || indentOf(above) >= depth) continue;
    return describedClass(above);
  }
  return undefined;
}

/**
 * The delimited code blocks of `text`: where each one's content starts and ends, and its opening
 * line. In Markdown (a text with fenced code) its fenced blocks: a long example cut by the chunker
 * ("request.server.magicKey = magicKey" in Fastify's guide) read as prose without its fence. Else
 * AsciiDoc's listing and literal blocks (Git's examples between lines of dashes; in Markdown such
 * a line is a thematic break). Only blocks closed again.
 */
export function delimitedBlocks(text: string): Array<{ start: number; end: number; delimiter: string }> {
  const blocks: Array<{ start: number; end: number; delimiter: string }> = [];
  const lines = text.split('\n');
  if (lines.some((line) => fenceOpenedBy(line) !== undefined)) return fencedBlocks(lines);
  let open: { start: number; delimiter: string } | undefined;
  for (let index = 0, at = 0; index < lines.length; at += lines[index]!.length + 1, index++) {
    if (open === undefined) {
      const delimiter = opensDelimitedBlock(lines, index);
      if (delimiter !== undefined) open = { start: at + lines[index]!.length + 1, delimiter };
    } else if (lines[index]!.trim() === open.delimiter) {
      blocks.push({ ...open, end: at });
      open = undefined;
    }
  }
  return blocks;
}

function fencedBlocks(lines: readonly string[]): Array<{ start: number; end: number; delimiter: string }> {
  const blocks: Array<{ start: number; end: number; delimiter: string }> = [];
  let open: { start: number; fence: Fence; line: string } | undefined;
  for (let index = 0, at = 0; index < lines.length; at += lines[index]!.length + 1, index++) {
    const line = lines[index]!;
    if (open === undefined) {
      const fence = fenceOpenedBy(line);
      if (fence !== undefined) open = { start: at + line.length + 1, fence, line: line.trim() };
    } else if (closesFence(line, open.fence)) {
      blocks.push({ start: open.start, end: at, delimiter: open.line });
      open = undefined;
    }
  }
  return blocks;
}

/**
 * The opening for a chunk starting at `offset` inside one of `blocks` (delimitedBlocks): the block's
 * delimiter, so that the block reads as code to its closing delimiter, which otherwise reads as the
 * opening of another.
 */
export function delimitedOpeningAt(blocks: ReadonlyArray<{ start: number; end: number; delimiter: string }>, offset: number): string | undefined {
  const block = blocks.find((each) => each.start <= offset && offset < each.end);
  return block ? `${block.delimiter}\n` : undefined;
}

/** Where a text declares its module (`.. module::`, `.. currentmodule::`), in order: null for "None". */
export function moduleDeclarations(text: string): Array<{ at: number; module: string | null }> {
  const declarations: Array<{ at: number; module: string | null }> = [];
  for (const match of text.matchAll(/^[ \t]*\.\.[ \t].*$/gm)) {
    const module = declaredModule(match[0]);
    if (module !== undefined) declarations.push({ at: match.index, module });
  }
  return declarations;
}

/** The module declared last before `offset`; undefined when none is. */
export function moduleAt(declarations: ReadonlyArray<{ at: number; module: string | null }>, offset: number): string | undefined {
  let module: string | null = null;
  for (const declaration of declarations) {
    if (declaration.at >= offset) break;
    module = declaration.module;
  }
  return module ?? undefined;
}

/**
 * The start of its first line that a chunk cut off when it holds no word: the line's indentation,
 * which says what the line is inside of (a directive indented in a list item, "    .. code-block::",
 * whose code is then what is indented past it, not the item's next paragraph), or the start of a
 * grid table's line ("      | " before "*POSITIONAL_ONLY* | Value must be…|"): without its first
 * wall, the line is no row of the table.
 */
export function cutLineStartAt(text: string, offset: number): string | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const cut = text.slice(lineStart, offset);
  return cut !== '' && /^[ \t]*(?:\|[ \t|]*)?$/.test(cut) ? cut : undefined;
}

/**
 * A chunk's opening: the module its object descriptions belong to when it holds one the module
 * names (and declares none itself), the class its member descriptions belong to when it starts
 * inside one, then the literal block it starts inside of, or the start of the table line it starts
 * inside of.
 */
export function chunkOpening(chunk: string, literal: string | undefined, module: string | undefined, cutLineStart?: string, enclosingClass?: string): string | undefined {
  const lines = module !== undefined ? chunk.split('\n') : [];
  const names = lines.some((line) => describedObject(line, module) !== describedObject(line)) && !lines.some((line) => declaredModule(line) !== undefined);
  const opening = `${names ? `.. currentmodule:: ${module}\n\n` : ''}${enclosingClass ? `.. ${CURRENT_CLASS}:: ${enclosingClass}\n\n` : ''}${literal ?? cutLineStart ?? ''}`;
  return opening || undefined;
}

import { chunkingProblems, type ChunkingOptions } from '../../../shared/rules/chunking';
import { entryHeading, entryTermsAt } from './entry-terms';
import { followingText } from './following-text';
import { chunkOpening, delimitedBlocks, delimitedOpeningAt, enclosingClassAt, literalOpeningAt, moduleAt, moduleDeclarations, cutLineStartAt } from './chunk-opening';
import { readsAsRestructuredText } from './markup-text';
import { sectionOffsets } from './section-offsets';
import { splitIntoUnits, type TextRange } from './text-units';

/**
 * Chunking for knowledge-base indexing. Every size here is in characters (JavaScript string
 * length), the unit of the knowledge-base form's "chunk size" and "overlap".
 */

/** Where a parser found a piece of text: a page of a PDF, a sheet of a workbook, a slide. */
export interface ChunkableSection {
  text: string;
  page?: number;
  sheet?: string;
  slide?: number;
  /** Heading path above the text, outermost first. */
  headings?: string[];
}

export interface ChunkableDocument {
  text: string;
  sections: ChunkableSection[];
}

export interface Chunk {
  /** Position in the document, from 0. */
  index: number;
  text: string;
  page?: number;
  sheet?: string;
  slide?: number;
  /** The section's heading path; a chunk that starts inside a definition-list entry ends it with the entry's terms (entry-terms.ts). */
  headings?: string[];
  /** `text` is `doc.text.slice(charStart, charEnd)` (see section-offsets for the one exception). */
  charStart: number;
  charEnd: number;
  /** The document's text right after the chunk, for the answer step to read on into (following-text.ts); absent at the document's end. */
  following?: string;
  /** What the chunk's text needs before it to read as in its document: a reST literal block's "::", the module and class it describes, an AsciiDoc block's delimiter (chunk-opening.ts). */
  opening?: string;
}

/**
 * Cuts a parsed document into chunks of at most `chunkSize` characters. Structure comes before
 * size: a chunk never spans two sections (so its page, sheet, slide and headings are exact), and
 * inside a section it breaks between paragraphs, else sentences, lines, words; a word is cut only
 * when it alone is longer than `chunkSize`. Units are packed greedily up to `chunkSize`. From the
 * second chunk of a section on, a chunk starts with up to `overlap` characters from the end of the
 * previous one, beginning at a sentence where one starts there, else at a word; the overlap
 * shrinks when it would not leave room for the next unit. Chunk text is the original text, not
 * re-spaced.
 *
 * @param options.chunkSize characters, 100–2000 (contract §15.4)
 * @param options.overlap characters, 0–200, smaller than chunkSize
 * @throws RangeError with the contract's messages joined by "\n" when the options are invalid
 */
export function chunkDocument(doc: ChunkableDocument, options: ChunkingOptions): Chunk[] {
  const problems = chunkingProblems(options);
  if (problems.length > 0) throw new RangeError(problems.map((problem) => problem.message).join('\n'));

  const sections = doc.sections.length > 0 ? doc.sections : [{ text: doc.text }];
  const offsets = sectionOffsets(doc.text, sections);
  const chunks: Chunk[] = [];
  // A file is written in one markup: a section without a directive or role of its own (pytest's
  // "Command-line Flags", one literal block of `pytest --help`) is reST all the same.
  const restructured = readsAsRestructuredText(doc.text);
  // A page declares its module once, at its top: every section after it describes that module's objects.
  const modules = restructured ? moduleDeclarations(doc.text) : [];
  sections.forEach((section, position) => {
    const base = offsets[position] ?? 0;
    const blocks = restructured ? [] : delimitedBlocks(section.text);
    for (const range of packSection(section.text, options)) {
      // A chunk that starts inside a definition-list entry carries the entry's terms (entry-terms.ts).
      const cut = range.start > 0;
      const module = moduleAt(modules, base + range.start);
      const terms = cut ? entryTermsAt(section.text, range.start, { restructured, module }) : undefined;
      const following = followingText(sections, position, range.end);
      const text = section.text.slice(range.start, range.end);
      const opening = restructured
        ? chunkOpening(text, cut ? literalOpeningAt(section.text, range.start) : undefined, module, cut ? cutLineStartAt(section.text, range.start) : undefined, cut ? enclosingClassAt(section.text, range.start, text) : undefined)
        : cut
          ? delimitedOpeningAt(blocks, range.start)
          : undefined;
      chunks.push({
        index: chunks.length,
        text,
        ...sectionMetadata(section, terms),
        charStart: base + range.start,
        charEnd: base + range.end,
        ...(following ? { following } : {}),
        ...(opening ? { opening } : {}),
      });
    }
  });
  return chunks;
}

function sectionMetadata(section: ChunkableSection, entryTerms?: string[]): Pick<Chunk, 'page' | 'sheet' | 'slide' | 'headings'> {
  const headings = [...(section.headings ?? []), ...(entryTerms ? [entryHeading(entryTerms)] : [])];
  return {
    ...(section.page !== undefined ? { page: section.page } : {}),
    ...(section.sheet !== undefined ? { sheet: section.sheet } : {}),
    ...(section.slide !== undefined ? { slide: section.slide } : {}),
    ...(headings.length > 0 ? { headings } : {}),
  };
}

function packSection(text: string, { chunkSize, overlap }: ChunkingOptions): TextRange[] {
  const units = splitIntoUnits(text, chunkSize);
  const chunks: TextRange[] = [];
  let next = 0;
  while (next < units.length) {
    const first = units[next]!;
    const previous = chunks.at(-1);
    const start = previous && overlap > 0 ? overlapStart(text, previous, first, chunkSize, overlap) : first.start;
    let end = first.end;
    next++;
    while (next < units.length && units[next]!.end - start <= chunkSize) {
      end = units[next]!.end;
      next++;
    }
    chunks.push({ start, end });
  }
  return chunks;
}

/**
 * Where the overlap begins: within the last `overlap` characters of the previous chunk, leaving room
 * for the next unit, the earliest sentence start, else the earliest word in lower case, else the
 * earliest word start; the unit's own start when there is none. A chunk that opens mid-sentence
 * hands the answer step a fragment without its subject ("key length of 128 bits is enforced" for
 * `enforce_key_length`'s description); opening on a word in lower case, it reads as the fragment it
 * is. Opened on a name ("`SQL.join()` method to pass them to the query:"), it was quoted as a
 * sentence beside the whole one.
 */
function overlapStart(text: string, previous: TextRange, first: TextRange, chunkSize: number, overlap: number): number {
  const earliest = Math.max(previous.start, previous.end - overlap, first.end - chunkSize);
  const wordStarts: number[] = [];
  for (let at = earliest; at < previous.end; at++) {
    const startsWord = !/\s/.test(text[at]!) && (at === 0 || /\s/.test(text[at - 1]!));
    if (startsWord) wordStarts.push(at);
  }
  return wordStarts.find((at) => startsSentence(text, at)) ?? wordStarts.find((at) => /\p{Ll}/u.test(text[at]!)) ?? wordStarts[0] ?? first.start;
}

/**
 * A word that starts a sentence: after a blank line, or after ".", "!", "?" or a lead-in's ":" and
 * white space, unless in lower case ("e.g. the").
 */
function startsSentence(text: string, at: number): boolean {
  if (/\p{Ll}/u.test(text[at]!)) return false;
  const before = text.slice(Math.max(0, at - 200), at);
  return /\n[^\S\n]*\n\s*$/.test(before) || /[.!?:]\s+$/.test(before);
}

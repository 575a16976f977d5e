import { infoFieldLabel } from './info-fields';
import { indentOf, isBlank } from './markup-lines';
import { ASCIIDOC_TITLE, definitionTerm, describedClass, describedObject, memberKind, opensDelimitedBlock } from './markup-text';
import { describes, isPlainTerm } from './plain-definitions';

/**
 * The definition-list entry a chunk starts inside of. Reference pages are long definition lists
 * (Git's OPTIONS: "--force-with-lease::" then paragraphs joined by "+"), and a 500-character chunk
 * often starts in the middle of one: its text then says what an option does without naming it, so
 * neither the search ("untracked" is in `--include-untracked`) nor the answer ("The protection it
 * offers over --force…" — offered by what?) has the name. The chunker adds the entry's terms to the
 * chunk's heading path, where both read it.
 *
 * AsciiDoc's rules: an entry is one or more "term::" lines at the margin, then its description,
 * indented or not; blocks joined by a "+" line and delimited blocks (----, ....) belong to it; an
 * unindented paragraph after a blank line without "+", a title, or the next term ends it.
 */

/** A title's underline (reST, AsciiDoc two-line titles). */
const UNDERLINE = /^([=\-~^])\1{2,}\s*$/;

/** How a heading-path element marks the terms of the entry a chunk continues. */
const ENTRY_SUFFIX = '::';

/**
 * The terms of the entry that `text` is inside of at `offset` (a chunk's start), if it is inside one.
 * In reStructuredText only an object description's: its "Example::" lines introduce literal blocks, no terms.
 */
export function entryTermsAt(text: string, offset: number, { restructured = false, module }: { restructured?: boolean; module?: string } = {}): string[] | undefined {
  // Up to the end of the line the offset falls in: that line either started before the chunk or is
  // its first, and either way it says whether the entry goes on (a title or a new paragraph ends it).
  const lineEnd = text.indexOf('\n', offset);
  const lines = text.slice(0, lineEnd === -1 ? text.length : lineEnd).split('\n');
  // A chunk that starts with a term names it itself.
  if (definitionTerm(lines.at(-1) ?? '') !== undefined) return undefined;
  const described = objectDescribedAt(lines, module);
  if (described !== undefined) return [described];
  if (restructured) return undefined;
  const plain = plainTermsAbove(lines);
  if (plain !== undefined) return plain;
  let terms: string[] | undefined;
  let readingTerms = false;
  let afterBlank = false;
  let joined = false;
  let delimiter: string | undefined;
  for (const [index, line] of lines.entries()) {
    const trimmed = line.trim();
    if (delimiter !== undefined) {
      if (trimmed === delimiter) delimiter = undefined;
      continue;
    }
    if (isBlank(line)) {
      afterBlank = true;
      continue;
    }
    if (trimmed === '+') {
      joined = true;
      afterBlank = false;
      continue;
    }
    const previous = index > 0 ? lines[index - 1]!.trim() : '';
    const opens = opensDelimitedBlock(lines, index);
    if (opens !== undefined) {
      delimiter = opens;
      afterBlank = false;
      joined = false;
      continue;
    }
    const term = definitionTerm(line);
    if (ASCIIDOC_TITLE.test(line) || (UNDERLINE.test(line) && previous !== '')) {
      terms = undefined;
      readingTerms = false;
    } else if (term !== undefined) {
      terms = readingTerms && !afterBlank ? [...(terms ?? []), term] : [term];
      readingTerms = true;
    } else if (terms !== undefined && afterBlank && !joined && !readingTerms && !/^\s/.test(line)) {
      terms = undefined;
    } else {
      readingTerms = false;
    }
    afterBlank = false;
    joined = false;
  }
  return terms;
}

/**
 * The name of the reST object description (`.. function:: zip(*iterables)`) whose indented body
 * the last of `lines` stands in: going up, each line indented less than all below it holds what
 * is below it (an "Examples::" paragraph its literal block, a directive its body), and the first
 * of them that is an object description is the one. A member described inside its class's
 * description is named with the class (`Lock.acquire`), as markup-text.ts shows it.
 */
function objectDescribedAt(lines: readonly string[], module?: string): string | undefined {
  const above = (from: number, indent: number) => lineAbove(lines, from, indent);
  const last = lines.at(-1) ?? '';
  // A chunk cut inside the directive's own line ("…aes_key_wrap(wrapping_key," | "key_to_wrap)") starts that object's description.
  const own = describedObject(last) !== undefined;
  if (!own && (isBlank(last) || indentOf(last) === 0)) return undefined;
  let at = own ? lines.length - 1 : above(lines.length - 2, indentOf(last));
  // The info field whose description the chunk starts in (":param enforce_key_length: A boolean
  // flag …" wrapped over lines): its later sentences say "this flag" of the parameter it names.
  let field: string | undefined;
  while (!own && at >= 0 && indentOf(lines[at]!) > 0 && describedObject(lines[at]!) === undefined) {
    field ??= infoFieldLabel(lines[at]!);
    at = above(at - 1, indentOf(lines[at]!));
  }
  if (at < 0) return undefined;
  const name = qualifiedName(lines, at, module);
  if (name === undefined || field === undefined) return name;
  // Without its type: "(int, optional)" would split the terms the heading path joins with ", ".
  const label = field.replace(/ \([^)]*\)$/, '');
  return `\`${name}\` ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}

/** The nearest line at or above `from` that is indented less than `indent` (and not blank); -1 when none is. */
function lineAbove(lines: readonly string[], from: number, indent: number): number {
  for (let at = from; at >= 0; at--) if (!isBlank(lines[at]) && indentOf(lines[at]!) < indent) return at;
  return -1;
}

/** The name an object description declares, with its class when it describes a member inside the class's description. */
function qualifiedName(lines: readonly string[], at: number, module?: string): string | undefined {
  const line = lines[at]!;
  const name = describedObject(line, module);
  if (name === undefined || name.includes('.') || memberKind(line) === undefined || indentOf(line) === 0) return name;
  const owner = lineAbove(lines, at - 1, indentOf(line));
  const enclosing = owner >= 0 ? describedClass(lines[owner]!) : undefined;
  return enclosing !== undefined ? `${enclosing}.${name}` : name;
}

/**
 * The terms of a plain-text definition (markup-text.ts's plainDefinitions: terms on lines of their
 * own, then the description's paragraph) whose description the last of `lines` is in. Only its
 * first paragraph: in plain text nothing tells a further paragraph of the entry from the page's own.
 */
function plainTermsAbove(lines: readonly string[]): string[] | undefined {
  let start = lines.length - 1;
  while (start > 0 && !isBlank(lines[start - 1]!)) start--;
  const first = lines[start]!;
  if (isPlainTerm(first) || !describes(first.trim())) return undefined;
  const terms: string[] = [];
  for (let at = start - 1; at >= 0; at--) {
    if (isBlank(lines[at]!)) continue;
    if (!isPlainTerm(lines[at]!)) break;
    terms.unshift(lines[at]!.trim());
  }
  return terms.length > 0 ? terms : undefined;
}

/** The heading-path element that carries an entry's terms. */
export function entryHeading(terms: readonly string[]): string {
  return `${terms.join(', ')}${ENTRY_SUFFIX}`;
}

/** The terms an entry heading carries; undefined for an ordinary heading. */
export function termsOfEntryHeading(heading: string | undefined): string[] | undefined {
  if (heading === undefined || !heading.endsWith(ENTRY_SUFFIX)) return undefined;
  const terms = heading.slice(0, -ENTRY_SUFFIX.length).split(', ').map((term) => term.trim()).filter(Boolean);
  return terms.length > 0 ? terms : undefined;
}

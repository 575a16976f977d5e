import type { ExtractedSection } from '../extracted-document';

/**
 * reStructuredText and AsciiDoc uploaded as .txt (Python's documentation, Git's) cut at their
 * titles, so that each section carries the heading path above it, as a Markdown file's sections do
 * (kinds/markdown.ts): a chunk of `git-push.txt` under "OPTIONS", or of a reST page under
 * "Faster CPython", is found and read under its headings.
 *
 * A title is a line of text at the left margin, after a blank line (or the file's start, or its
 * overline), underlined by one character repeated at least as long as the title less one
 * (`=====`, `-----`, `~~~~`, `^^^^`…), or AsciiDoc's one-line `== Title`. Levels follow the order in
 * which underline styles first appear, as reST and AsciiDoc define them. Text inside literal and
 * listing blocks (`::` indented blocks, `----` or `....` delimited ones, Markdown fences) holds no title.
 */
export const TITLE_ADORNMENT = /^([=\-~^"'`*+#:._<>])\1{2,}\s*$/;
const ASCIIDOC_TITLE = /^(={1,6})\s+(\S.*?)\s*=*\s*$/;
/** AsciiDoc's one-line title levels (`=` to `=====`) as the underline each matches. */
const ASCIIDOC_UNDERLINES = ['=', '-', '~', '^', '+', '+'];
const DELIMITER = /^(?:-{4,}|\.{4,}|`{3,}.*|~{3,}.*)\s*$/;

/** An AsciiDoc anchor or block attribute line above a title: `[[repositories-and-branches]]`, `[preface]`. */
const BLOCK_ATTRIBUTE = /^\[\[?[\w ,="'-]*\]\]?$/;

const isBlank = (line: string | undefined) => line === undefined || line.trim() === '';
/** A title as read: without AsciiDoc's inline anchor (`OPTIONS[[OPTIONS]]`). */
const titleText = (title: string) => title.replace(/\[\[[^\]]*\]\]/g, '').trim();

/** The sections of a reST or AsciiDoc text, or undefined when it has fewer than two titles (plain text stays one section). */
export function markupSections(text: string): ExtractedSection[] | undefined {
  const lines = text.split(/\r\n?|\n/);
  const titles: Title[] = [];
  let delimiter: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const trimmed = line.trim();
    if (delimiter !== undefined) {
      if (trimmed === delimiter || (/^[`~]/.test(delimiter) && new RegExp(`^\\${delimiter[0]}{3,}\\s*$`).test(trimmed))) delimiter = undefined;
      continue;
    }
    // A delimiter that no title above took as its underline opens a block.
    if (DELIMITER.test(line) && !isBlank(lines[index + 1])) {
      delimiter = trimmed;
      continue;
    }
    const oneLine = ASCIIDOC_TITLE.exec(line);
    if (oneLine && (isBlank(lines[index - 1]) || BLOCK_ATTRIBUTE.test(lines[index - 1]!.trim()))) {
      titles.push({ line: index, end: index + 1, style: ASCIIDOC_UNDERLINES[oneLine[1]!.length - 1]!, title: titleText(oneLine[2]!) });
      continue;
    }
    const under = lines[index + 1];
    const over = lines[index - 1];
    const overlined = over !== undefined && under !== undefined && TITLE_ADORNMENT.test(over) && over.trim()[0] === under.trim()[0];
    // A title ends with no sentence punctuation: "Start it like this:" over a listing block's "-----" is no title.
    // Only an overlined title may be indented ("  What's New In Python 3.11" between two rows of stars).
    if (!trimmed || (/^\s/.test(line) && !overlined) || /[.:,;!?]$/.test(trimmed) || TITLE_ADORNMENT.test(line) || under === undefined || !TITLE_ADORNMENT.test(under) || trimmed.length > 120) continue;
    if (under.trim().length < titleText(trimmed).length - 1) continue;
    if (!overlined && !isBlank(over) && !BLOCK_ATTRIBUTE.test(over!.trim())) continue;
    titles.push({ line: overlined ? index - 1 : index, end: index + 2, style: `${overlined ? 'over' : ''}${under.trim()[0]}`, title: titleText(trimmed) });
    index++;
  }
  if (titles.length < 2) return capitalTitleSections(lines);
  return sectionsUnder(lines, titles);
}

/**
 * A manual page saved as text has no underlines: its titles are lines of capitals alone between
 * blank lines ("NAME", "SYNOPSIS", "OPTIONS", "SEE ALSO"), one level. A text with two of them is
 * cut at them; with fewer it stays one section.
 */
const CAPITAL_TITLE = /^[A-Z][A-Z0-9 -]{1,38}[A-Z0-9]$/;

function capitalTitleSections(lines: readonly string[]): ExtractedSection[] | undefined {
  const titles: Title[] = [];
  for (const [index, line] of lines.entries()) {
    if (CAPITAL_TITLE.test(line) && /[A-Z]{3}/.test(line) && isBlank(lines[index - 1]) && isBlank(lines[index + 1])) titles.push({ line: index, end: index + 1, style: 'capitals', title: line.trim() });
  }
  return titles.length < 2 ? undefined : sectionsUnder(lines, titles);
}

interface Title {
  line: number;
  end: number;
  style: string;
  title: string;
}

/** The text before the first title, then each title's section under its heading path (levels in the order their styles first appear). */
function sectionsUnder(lines: readonly string[], titles: readonly Title[]): ExtractedSection[] {
  const levels: string[] = [];
  const path: Array<{ level: number; title: string }> = [];
  const sections: ExtractedSection[] = [];
  const preface = lines.slice(0, titles[0]!.line).join('\n');
  if (preface.trim()) sections.push({ text: preface });
  for (const [position, title] of titles.entries()) {
    if (!levels.includes(title.style)) levels.push(title.style);
    const level = levels.indexOf(title.style);
    while (path.length && path[path.length - 1]!.level >= level) path.pop();
    path.push({ level, title: title.title });
    const end = titles[position + 1]?.line ?? lines.length;
    // The title's own lines stay in its section's text: the answerer reads them as its heading.
    sections.push({ text: lines.slice(title.line, end).join('\n'), headings: path.map((entry) => entry.title) });
  }
  return sections;
}

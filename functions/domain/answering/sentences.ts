import { closesFence, codeOf, fencedSegments, fenceOpenedBy } from '../../../shared/markdown/code-fences';
import { termsOfEntryHeading } from '../chunking/entry-terms';
import { inlineMarkup, SUBSTITUTION } from '../chunking/inline-markup';
import { outsideCodeSpans, withoutCodeSpans } from '../../../shared/markdown/code-spans';
import { periodEndsSentence } from '../text-analysis/sentence-ends';
import { markupAsMarkdown } from '../chunking/markup-text';
import { shownTerms } from '../chunking/plain-definitions';

/**
 * A passage as sentences, with the heading each sits under. Chunks come from PDFs (hard-wrapped
 * lines), Markdown, spreadsheets and web pages, so lines are joined back into sentences where they
 * were wrapped, list items and headings stay apart, and a period after an abbreviation, an initial
 * or inside a number does not end a sentence.
 */
export interface Sentence {
  text: string;
  /** The nearest heading above it in the passage, if any. */
  heading?: string;
  /** Position among the passage's sentences, from 0. */
  position: number;
  /** Which paragraph, list item or table row of the passage it belongs to. */
  block?: number;
  /** The fenced code block the sentence introduces ("Subscribe a queue to your topic:"), verbatim, fences included. */
  code?: string;
  /** The list items the sentence introduces ("…pass it to the cache in two places:"), each as one line of text. */
  items?: string[];
  /** The term a definition list entry defines ("--porcelain[=<version>]"), on every sentence of its description but the first, which names it; or the name in code that heads a section ("`task_failure`"), on the sentences under it. */
  term?: string;
  /** A short line of a passage that has no sentences at all (slide titles, headings, chart labels), quoted as a line under its heading. */
  line?: boolean;
  /**
   * An entry of a code block the passage starts inside of, which no sentence of it introduces
   * (`pytest --help`'s "--pdb  Start the interactive Python debugger on errors…", cut from the
   * page's "…obtained by running ``pytest --help``::"): its line and the lines indented under it,
   * quoted as code (`code`) under the heading; its text is what it says, for scoring.
   */
  entry?: boolean;
  /** A table row, its cells parted by " | ": quoted as a line of its own, never run into prose. */
  row?: boolean;
  /** A list item's sentence: quoted as an item when its list's introduction is not quoted with it. */
  item?: boolean;
}

const LIST_MARKER = /^\s*(?:[-*+•▪◦–]|\d{1,3}[.)]|#\.|[a-z][.)])\s+/i;
const HEADING_MARKER = /^\s*#{1,6}\s+/;
const ENDS_SENTENCE = /[.!?:;]["'”’)\]]*$/;
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
/** A line that ends on a conjunction, an article or a preposition goes on in the next one. */
const CONTINUES = /\b(?:and|or|nor|but|the|a|an|of|to|with|for|from|in|on|by|at|as|into|than|that|which|is|are|be)$/i;

/** A label, a colon and a value that starts in lower case or with a digit, unlike a title's ("Queues: Adding consumers"). */
const FIELD_LINE = /^\p{Lu}[\p{L} ]*:\s+[\p{Ll}\d]/u;

/**
 * A Markdown heading, or a short line with no closing punctuation that the next line does not
 * continue (it ends the passage, or starts like a new sentence or item): context for what follows,
 * not an answer.
 */
function isHeadingLine(line: string, next: string | undefined): boolean {
  if (HEADING_MARKER.test(line)) return true;
  const words = wordCount(line);
  if (words === 0 || words > 8 || ENDS_SENTENCE.test(line) || LIST_MARKER.test(line)) return false;
  // A field's label and value ("Added in: v10.12.0" under Node's signatures) heads nothing: taken
  // for a heading, it hid the signature the sentences under it describe.
  if (FIELD_LINE.test(line)) return false;
  // A parenthesis closed but not opened ends something the chunk cut, such as a signature's last line ("dialect='excel', **kwds)").
  if ((line.match(/\)/g)?.length ?? 0) > (line.match(/\(/g)?.length ?? 0)) return false;
  // A title does not end on a word that needs the next one ("uWSGI has optimized integration with Nginx uWSGI and").
  if (CONTINUES.test(line)) return false;
  return next === undefined || next === '' || LIST_MARKER.test(next) || /^["'“‘([]?\p{Lu}/u.test(next);
}

/**
 * A question that is a paragraph of its own, a line long: an FAQ entry's title ("My Scrapy crawler
 * has memory leaks. What can I do?"), which a page's HTML or Markdown gives as a line of text
 * (extraction keeps headings as lines), or a tutorial's task ("What is the average NO2
 * concentration for each day of the week?") over the example that does it. Read as a sentence, it
 * was quoted as the end of the answer before it. A passage's last paragraph has nothing to head.
 */
function isQuestionTitle(line: string, after: string[]): boolean {
  return /\?["'”’)]*$/.test(line) && after[0] === '' && after.some((text) => text !== '') && wordCount(line) <= 20 && !LIST_MARKER.test(line);
}

interface Block {
  text: string;
  heading: boolean;
  /** A fenced code block, verbatim. */
  code?: boolean;
  /** A list item (its marker removed). */
  item?: boolean;
  /** A table row: its cells read as one line, never split into sentences. */
  row?: boolean;
  /** Prose that goes on the paragraph before it: it starts on the next line after a sentence's end, no blank line between. */
  continuesParagraph?: boolean;
  /** A paragraph indented under a list item that is a short label ("- Inspect command"): the label, which the paragraph describes. */
  underItem?: string;
}

/** The most list items an answer quotes under the sentence that introduces them. */
const MAX_LIST_ITEMS = 8;

/**
 * The longest code block an answer quotes, in lines between its fences: a reader of a chat reply
 * wants the example's start, and the rest is a citation away. Offline on eleven documentation
 * sets, 20 kept every key fact that 30 quoted (15 lost one).
 */
const MAX_CODE_LINES = 20;
const lineCount = (text: string) => text.split('\n').length;

/**
 * Whether a chunk begins inside a code block cut from the one before it: its fence lines are odd
 * in number, the first is bare (an opening fence usually names its language; a closing one never
 * does) and what stands before it is no sentence leading into it. Odd fences also come of a text
 * whose end is cut inside a block (a passage read on into the text after it), and a page's HTML
 * names no language: Scrapy's "Here's an example of its usage…" over its bare block read as the
 * end of code, and the passage's prose was lost while its code was quoted as a sentence.
 */
function startsInsideCode(lines: string[]): boolean {
  const fenceLines = lines.flatMap((line, index) => (fenceOpenedBy(line) ? [index] : []));
  if (fenceLines.length % 2 === 0 || fenceOpenedBy(lines[fenceLines[0]!]!)!.info !== '') return false;
  const before = lines.slice(0, fenceLines[0]).filter((line) => line.trim() !== '');
  return before.length > 0 && !endsProseSentence(before[before.length - 1]!);
}

/**
 * A line that ends a sentence of prose: a capital up front (after a list marker), a colon at the
 * end ("For example:") or a full stop after three words or more, and nothing of code.
 */
function endsProseSentence(line: string): boolean {
  const text = line.trim().replace(/^(?:[-*+]|\d+[.)])\s+/, '');
  if (!/^[\p{Lu}*_`"'“]/u.test(text) || looksLikeCode(text)) return false;
  return /:["')\]*_`”]*$/.test(text) || (/[.!?]["')\]*_`”]*$/.test(text) && text.split(/\s+/).length >= 3);
}

/**
 * Passage → blocks: prose (proseBlocksOf) and fenced code, kept verbatim. Code is never split into
 * sentences: flattened onto one line it reads as nothing, and `# comment` in it is no heading.
 */
function blocksOf(text: string, tagsAreText = false): Block[] {
  // reST and AsciiDoc read as Markdown: their literal blocks become fenced code, roles inline code.
  const normalized = withAlertsAsNotes(markupAsMarkdown(text.replace(/\r\n?/g, '\n')));
  return fencedSegments(normalized, { startsInside: startsInsideCode(normalized.split('\n')) }).flatMap((segment): Block[] =>
    segment.code ? [{ text: segment.lines.join('\n'), heading: false, code: true }] : proseBlocksOf(segment.lines, tagsAreText),
  );
}

/** Languages whose blocks a page shows side by side as one example: JavaScript's module systems and dialects, shells. */
const FLAVOURS: ReadonlyArray<ReadonlySet<string>> = [new Set(['mjs', 'cjs', 'js', 'javascript', 'ts', 'typescript', 'jsx', 'tsx']), new Set(['bash', 'sh', 'shell', 'console', 'zsh', 'powershell', 'ps1', 'cmd', 'bat'])];

/**
 * Whether `block` repeats the last block of `code` in another flavour: both fences name a language
 * of one family (FLAVOURS), not the same one, and four in five of the shorter's words are the other's ("import { EventEmitter }
 * from 'node:events'" and "const EventEmitter = require('node:events')" over the same lines).
 */
function isOtherFlavour(code: string, block: string): boolean {
  // Its last block opens on the last fence that names a language (a closing fence names none).
  const codeLines = code.split('\n');
  const opening = codeLines.findLastIndex((line) => (fenceOpenedBy(line)?.info ?? '') !== '');
  const last = codeLines.slice(Math.max(0, opening)).join('\n');
  const [language, other] = [last, block].map((each) => fenceOpenedBy(each.split('\n', 1)[0]!)?.info.split(/\s/, 1)[0]);
  if (!language || !other || language === other || !FLAVOURS.some((family) => family.has(language) && family.has(other))) return false;
  const [a, b] = [last, block].map((each) => new Set(each.match(/\w+/g) ?? []));
  let shared = 0;
  for (const word of a!) if (b!.has(word)) shared++;
  return shared >= 0.8 * Math.min(a!.size, b!.size);
}

/** The code block as an answer quotes it: at most MAX_CODE_LINES lines, and always closed. */
function quotedCode(block: string): string {
  const lines = block.split('\n');
  const fence = fenceOpenedBy(lines[0] ?? '');
  if (!fence) return block;
  const body = codeOf({ code: true, lines }).code.split('\n');
  // A block the chunk cut off goes on in the document: say so, as for one cut here for length.
  const cutByChunk = lines.length < 2 || !closesFence(lines[lines.length - 1]!, fence);
  const kept = body.length > MAX_CODE_LINES ? [...body.slice(0, MAX_CODE_LINES), '…'] : cutByChunk ? [...body, '…'] : body;
  return [lines[0], ...kept, fence.marker].join('\n');
}

/**
 * A line of a command's help or a settings listing: a term (an option, a name, with its argument),
 * two spaces or more, and its description in words ("--lf, --last-failed   Rerun only the tests
 * that failed…"). Code and its comments seldom read so.
 */
const LISTED_ENTRY = /^\s*[-\w.=[\]<>|/:]+(?:,? [-\w.=[\]<>|/:]+){0,2} {2,}[A-Za-z]{2,}(?: [A-Za-z(]{2,}){2}/;
/** The most lines an entry of a code block takes: a line and its continuation lines. */
const MAX_ENTRY_LINES = 6;

/**
 * The entries of a code block a chunk starts inside of (a command's `--help` output, a table of
 * settings printed as text): each line that lists a term and its description (LISTED_ENTRY) with the
 * lines indented under it. Quoted as code; their flattened text is what an answer is scored on.
 */
function codeEntries(block: string): Array<{ text: string; code: string }> {
  const lines = block.split('\n');
  const fence = fenceOpenedBy(lines[0] ?? '');
  const body = fence ? codeOf({ code: true, lines }).code.split('\n') : lines;
  const entries: Array<{ text: string; code: string }> = [];
  for (let start = 0; start < body.length; ) {
    const first = body[start]!;
    let end = start + 1;
    const indent = /^\s*/.exec(first)![0].length;
    while (end < body.length && body[end]!.trim() !== '' && /^\s*/.exec(body[end]!)![0].length > indent) end++;
    const group = body.slice(start, end);
    const text = group.map((line) => line.trim()).join(' ').replace(/\s+/g, ' ');
    if (group.length <= MAX_ENTRY_LINES && LISTED_ENTRY.test(first)) {
      const margin = Math.min(...group.map((line) => /^\s*/.exec(line)![0].length));
      entries.push({ text, code: ['```', ...group.map((line) => line.slice(margin)), '```'].join('\n') });
    }
    start = end;
  }
  return entries;
}

/** A definition list entry as markup-text.ts writes it (and as people do): its terms (an option with its argument in backticks, `-j <n>`), a colon, the description. */
export const DEFINED_TERM = /^((?:`[^`\n]+`|[`'"]?[-\w.]+(?:[=[<][^:\s]*)?[`'"]?)(?:,\s*(?:`[^`\n]+`|[`'"]?[-\w.]+(?:[=[<][^:\s]*)?[`'"]?))*):\s+\S/;

/**
 * A sentence that hands over to the code after it: "…like this:", "The following example…", or
 * one the code breaks off before its end ("To install it, you will typically just run").
 */
const INTRODUCES_CODE = /(:|\b(?:following|below|example|snippet)\b.*|[\p{L}\p{N}`*_]["'”’)\]]*)$/iu;

/** Inline HTML or JSX tags (`<docs-warning>`, `<p class="description">`), which a rendered page never shows. */
const MARKUP_TAG = /<\/?[A-Za-z][\w-]*(?:\s[^<>]*)?\/?>/g;
/** A Markdown link or image, inline (`[text](url)`) or by reference (`[text][label]`): its text reads, its target does not. */
const MARKDOWN_LINK = /!?\[([^\]\n]*)\](?:\([^()\s]*(?:\([^()\s]*\)[^()\s]*)*(?:\s+"[^"]*")?\)|\[[^\]\n]*\])/g;
/** A link reference definition (`[label]: ../guide.md`): no text a page shows. */
const LINK_DEFINITION = /^ {0,3}\[[^\]\n]+\]:\s*\S+(?:\s+["'(].*["')])?\s*$/;

/**
 * A Markdown block quote's line as the page shows it: without its "> " markers (a doctest's ">>>"
 * is no quote).
 */
function quoted(line: string): string {
  return /^\s*>>>/.test(line) ? line : line.replace(/^ {0,3}(?:> ?)+/, '');
}

/** A GitHub alert's "> [!NOTE]" line, and the quote's next line it labels. */
const ALERT = /^( {0,3}>[ \t]*)\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*\n(?: {0,3}>[ \t]?)?/gim;
/** GitHub's alerts read as the notes they show: "Note: …". */
const withAlertsAsNotes = (text: string) => text.replace(ALERT, (_whole, quote: string, kind: string) => `${quote}${kind[0]!.toUpperCase()}${kind.slice(1).toLowerCase()}: `);

/** HTML elements documentation writes inline; a lower-case word in angle brackets that is none of them is a placeholder ("Pass the <strategy-option> through"). */
const HTML_ELEMENTS: ReadonlySet<string> = new Set('a abbr b blockquote br code dd del details div dl dt em h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q s samp small span strong sub summary sup table tbody td th thead tr u ul'.split(' '));

/**
 * Whether a tag of `line` is markup a rendered page does not show: a closing or self-closing tag, one
 * with attributes, an HTML element, a component (`<Button>`), one closed on the same line
 * (`<docs-warning>…</docs-warning>`) or alone on it. Otherwise it is a placeholder, which the page shows.
 */
function isMarkupTag(tag: string, line: string): boolean {
  const name = /^<\/?([A-Za-z][\w-]*)/.exec(tag)![1]!;
  return tag.startsWith('</') || tag.endsWith('/>') || /\s/.test(tag) || HTML_ELEMENTS.has(name.toLowerCase()) || /^[A-Z]/.test(name) || line.includes(`</${name}>`) || line.trim() === tag;
}

/** A line as a reader sees it rendered: links as their text, without markup tags unless they are its text (inline `code` is left as written: `<title>` there is the point). */
function readableLine(line: string, tagsAreText = false): string {
  if (LINK_DEFINITION.test(line)) return '';
  const read = quoted(line).replace(MARKDOWN_LINK, '$1');
  if (tagsAreText) return read;
  return read
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') && part.endsWith('`') && part.length > 1 ? part : part.replace(MARKUP_TAG, (tag) => (!isMarkupTag(tag, line) ? tag : tag.startsWith('</') ? '' : ' '))))
    .join('');
}

/** How statements of the common languages start ("const x =", "import { a } from", "if ("); prose may start with the same words, never so. */
const CODE_STATEMENT = /^(?:(?:const|let|var)\s+[\w{[].*=|(?:import|export)\s.*(?:\sfrom\s|[{*]|default)|(?:function|class|interface|type|def)\s+\w+\s*[({<=:]|(?:if|for|while|switch)\s*\(|return\s.*;$)/;

/**
 * A line of JSX, of an object literal or a `//` comment outside a fence (a demo's markup in MDX, a code block the chunk cut): a component's tag
 * (`<IconButton`, `</Tooltip>`; capitalised, which HTML's tags and prose's "<b>" are not), an
 * attribute (`aria-label="show"`, `onClick={…}`), or a property ending in a comma (`color: theme.palette.main,`).
 */
const JSX_LINE = /^(?:\/\/\s|\/\*|<\/?[A-Z][\w.]*(?:[\s>]|\/>|$)|[\w-]+=(?:"[^"]*"|\{)|[\w$-]+\s*:\s*[^\s,]+,$)/;

/** Characters that are rare in prose and common in code (parentheses and brackets are common in both). */
const CODE_SYMBOLS = /[{};=<>]/g;

/**
 * A line of code outside any fence (a chunk cut inside a long code block, code pasted from a PDF or
 * a web page): a statement up front, a line that opens or closes a block, or three code symbols or
 * more, making up a twelfth of it once inline `code` spans are set aside. Not a sentence to answer with.
 */
function looksLikeCode(line: string): boolean {
  const trimmed = line.trim();
  if (CODE_STATEMENT.test(trimmed) || JSX_LINE.test(trimmed)) return true;
  // A line that opens or closes a block, or a statement ended by a semicolon ("f(x);", 'from "./types";', never prose's "policies (see below);").
  if (/^[{}]|^[\])]+[;,]?$/.test(trimmed) || /(?:[{[]|\w\()$/.test(trimmed) || /\w\(.*\);$|["'];$/.test(trimmed)) return true;
  const prose = readableLine(trimmed).replace(/^(?:>\s*)+/, '').replace(/`[^`]*`/g, '').replace(/\s+/g, '');
  const symbols = prose.match(CODE_SYMBOLS)?.length ?? 0;
  return symbols >= 3 && symbols / prose.length > 0.08;
}

/**
 * A table row: it opens on a cell border, or holds two outside code spans and is no list item; a
 * border has space (or the line's end) on both sides: "|Quantity|" is a reST substitution. A
 * pipe in a code span is code ("Jinja's `|tojson` filter"); a list item's are its text ("`path`
 * {string | Buffer | URL}", Node's parameter types), and so is a single one in prose.
 */
const isTableRow = (raw: string) => /^\s*\|(?:\s|-|:|$)/.test(raw) || ((withoutCodeSpans(raw).match(/(?<!\S)\|(?!\S)/g)?.length ?? 0) >= 2 && !LIST_MARKER.test(raw));

/**
 * A table row's cells, parted by " | ", without the borders at its ends and its empty cells (a
 * pipe inside inline code is kept): "Ctrl+Z | Moves running process into background. | Doesn't work on Windows".
 * Spaced, the cells ran into one another ("…into background. Doesn't work on Windows Ctrl+W").
 */
const CELL_BORDER = '\u241f';
const cellsAsText = (line: string) =>
  outsideCodeSpans(line, (text) => text.replace(/\|/g, CELL_BORDER))
    .split(CELL_BORDER)
    .map((cell) => cell.trim())
    .filter(Boolean)
    .join(' | ');

/** Lines → blocks: wrapped lines joined, list items and headings kept apart, table cells spaced. */
function proseBlocksOf(raws: string[], tagsAreText: boolean): Block[] {
  const blocks: Block[] = [];
  let current: string | undefined;
  let currentIsItem = false;
  let currentContinues = false;
  // The last list item, how far its marker is indented (paragraphs indented further belong to it) and its label, if it is one.
  let item: { indent: number; label?: string } | undefined;
  let currentIndent = 0;
  const flush = () => {
    // Links again, now that wrapped lines are joined: "[State Machine\nData](…)" spans two.
    const text = current?.replace(MARKDOWN_LINK, '$1').trim();
    if (text) {
      const under = !currentIsItem && item !== undefined && currentIndent > item.indent ? item.label : undefined;
      blocks.push({ text, heading: false, ...(currentIsItem ? { item: true } : {}), ...(currentContinues ? { continuesParagraph: true } : {}), ...(under ? { underItem: under } : {}) });
      if (currentIsItem) item = { indent: currentIndent, ...(isItemLabel(text) ? { label: text } : {}) };
      else if (item !== undefined && currentIndent <= item.indent) item = undefined;
    }
    current = undefined;
    currentIsItem = false;
    currentContinues = false;
  };
  const rows = raws.map(isTableRow);
  const lines = raws.map((raw, index) => {
    const readable = looksLikeCode(raw) ? '' : readableLine(raw, tagsAreText);
    // A reST substitution ("|Quantity|") a chunk's text kept reads as its name, as in a table's cells.
    return (rows[index] ? cellsAsText(readable) : outsideCodeSpans(readable, (text) => text.replace(SUBSTITUTION, '$1'))).replace(/\s+/g, ' ').trim();
  });
  for (const [index, line] of lines.entries()) {
    if (line === '') {
      flush();
      continue;
    }
    // A table row stands alone: its cells read as one line; a separator row (|---|) says nothing.
    if (rows[index]) {
      flush();
      item = undefined;
      if (/[\p{L}\p{N}]/u.test(line)) blocks.push({ text: line, heading: false, row: true });
      continue;
    }
    if ((isHeadingLine(line, lines[index + 1]) && (current === undefined || ENDS_SENTENCE.test(current))) || (current === undefined && isQuestionTitle(line, lines.slice(index + 1)))) {
      flush();
      item = undefined;
      blocks.push({ text: line.replace(HEADING_MARKER, '').replace(/[:#\s]+$/, ''), heading: true });
      continue;
    }
    const startsItem = LIST_MARKER.test(line);
    // A line that continues the previous one was wrapped: join it, unless it starts a list item
    // or the previous line ended a sentence and this one starts like a new one.
    const continues = current !== undefined && !startsItem && (!ENDS_SENTENCE.test(current) || /^[\p{Ll}\d]/u.test(line));
    if (continues) current = `${current} ${line}`;
    else {
      // A new line after a sentence's end, no blank line between: the same paragraph, hard-wrapped where a sentence ended.
      const sameParagraph = current !== undefined && !currentIsItem && !startsItem;
      flush();
      current = line.replace(LIST_MARKER, '');
      currentIsItem = startsItem;
      currentContinues = sameParagraph;
      currentIndent = /^\s*/.exec(raws[index]!)![0].length;
    }
  }
  flush();
  return blocks;
}

/** A list item that names something rather than says it: a few words, no sentence's end ("Inspect command", "Install the package"). */
function isItemLabel(text: string): boolean {
  return text.split(/\s+/).length <= MAX_LABEL_WORDS && !/[.!?:;,]$/.test(text);
}
const MAX_LABEL_WORDS = 6;

/** One block → sentences, split after . ! ? (and closing quotes) before a capital, digit or quote. */
function splitBlock(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  const boundary = /([.!?]+)(["'”’)\]]*)\s+(?=["'“‘([]?[\p{Lu}\d])/gu;
  for (let match = boundary.exec(text); match; match = boundary.exec(text)) {
    const punctuationEnd = match.index + (match[1]?.length ?? 0) - 1;
    if (match[1] === '.' && !periodEndsSentence(text, punctuationEnd)) continue;
    const end = match.index + (match[1]?.length ?? 0) + (match[2]?.length ?? 0);
    sentences.push(text.slice(start, end).trim());
    start = match.index + match[0].length;
  }
  sentences.push(text.slice(start).trim());
  return sentences.filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

/** A passage's first code block as an answer quotes it (closed, at most MAX_CODE_LINES lines): for a passage of code alone. */
export function firstCodeBlock(passage: string): string | undefined {
  const block = blocksOf(passage).find((each) => each.code && each.text.split('\n').length > 2);
  return block ? quotedCode(block.text) : undefined;
}

/**
 * A heading that is a name in code (reST's ``task_failure`` section of a signals page, a setting's
 * heading), alone or before a dash or colon and what it is ("``celery_worker`` - Embed live
 * worker."): what its sentences describe ("This fixture starts a worker…").
 */
function identifierHeading(heading: string | undefined): string | undefined {
  if (heading === undefined) return undefined;
  return /^(`[^`\s]+`)(?:$|\s+[-–—]\s|:\s)/.exec(inlineMarkup(heading.trim()))?.[1];
}

/** A heading as the path and the text both spell it: white space collapsed, closing punctuation and case ignored. */
function headingKey(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\s.:#]+$/, '').trim().toLowerCase();
}

/** Whether `heading` is the signature of the entry `term` names ("`f(a, b)`" for "`f`"). */
function headsEntry(heading: string, term: string): boolean {
  const name = term.replace(/^[`'"]|[`'"]$/g, '');
  const signature = heading.replace(/^[`'"]/, '');
  return signature.startsWith(name) && !/[\w.]/.test(signature.charAt(name.length));
}

/**
 * A passage's sentences. `headings` is the chunk's heading path: when it ends with the terms of a
 * definition entry the chunk starts inside of (chunking/entry-terms.ts), the sentences before the
 * chunk's first heading or own term describe that entry and carry its terms. `tagsAreText` when
 * the text was read out of HTML: what looks like a tag there is the page's text (Node's parameter
 * types, "`path` <string> | <Buffer> | <URL>"), not markup a renderer hides.
 */
export function sentencesOf(passage: string, headings?: readonly string[], { tagsAreText = false }: { tagsAreText?: boolean } = {}): Sentence[] {
  const entryTerms = termsOfEntryHeading(headings?.at(-1));
  let continuedTerm = entryTerms ? shownTerms(entryTerms) : identifierHeading(headings?.at(-1));
  const sentences: Sentence[] = [];
  let heading: string | undefined;
  let afterProse = false;
  let afterHeading = false;
  // The sentence whose list is being read: items that follow a sentence ending in ":" are its list.
  let listIntroduction: Sentence | undefined;
  // The sentence whose code is being read: the code blocks right after it are all its code.
  let codeOwner: Sentence | undefined;
  const headingLines: string[] = [];
  const pathHeadings = new Set((headings ?? []).map(headingKey));
  // Blocks of one paragraph (hard-wrapped where a sentence ended) share its number.
  let paragraph = -1;
  for (const [blockIndex, read] of blocksOf(passage, tagsAreText).entries()) {
    paragraph = read.continuesParagraph && paragraph >= 0 ? paragraph : blockIndex;
    // The chunker knows its headings: a long title ending in a period ("Microstructural development
    // of … imaging.") is one though it reads like a sentence, and quoted it answers nothing.
    const block = !read.heading && !read.code && !read.item && pathHeadings.has(headingKey(read.text)) ? { ...read, heading: true } : read;
    if (block.code) {
      // Code goes with the sentence right before it when that sentence introduces it; other code is
      // left out, but for the entries of a block the passage starts inside of (codeEntries).
      const introduction = afterProse ? sentences[sentences.length - 1] : undefined;
      if (introduction && introduction.code === undefined && INTRODUCES_CODE.test(introduction.text)) {
        introduction.code = quotedCode(block.text);
        codeOwner = introduction;
      }
      // Blocks that follow one another with no text between are one listing cut in pieces ("create a
      // user, a virtual host and allow…:" and a block for each command): the sentence introduces them all.
      else if (codeOwner?.code !== undefined && isOtherFlavour(codeOwner.code, block.text)) {
        // The same example again in another module system or language (Node's `mjs` then `cjs`): once is enough.
      } else if (codeOwner?.code !== undefined && lineCount(codeOwner.code) + lineCount(block.text) <= MAX_CODE_LINES) codeOwner.code += `\n${quotedCode(block.text)}`;
      else if (blockIndex === 0) for (const entry of codeEntries(block.text)) sentences.push({ ...entry, heading: heading ?? headings?.at(-1), position: sentences.length, block: paragraph, entry: true });
      // A section that opens with its code (a title, then an example) is answered by the title and the code.
      else if (afterHeading && heading !== undefined) {
        codeOwner = { text: `${heading}:`, heading, position: sentences.length, block: paragraph, code: quotedCode(block.text) };
        sentences.push(codeOwner);
      }
      afterProse = false;
      afterHeading = false;
      listIntroduction = undefined;
      continue;
    }
    codeOwner = undefined;
    afterProse = !block.heading;
    afterHeading = Boolean(block.heading);
    if (block.heading) {
      continuedTerm = identifierHeading(block.text);
      heading = block.text;
      headingLines.push(block.text);
      listIntroduction = undefined;
      continue;
    }
    if (block.item) {
      if (listIntroduction && (listIntroduction.items ??= []).length < MAX_LIST_ITEMS) listIntroduction.items.push(block.text);
    } else listIntroduction = undefined;
    // Items stay sentences of their own too: one of them may be the answer. The later sentences of
    // a definition ("--porcelain: Give the output… This is similar to the short output, but will
    // remain stable…") keep the term they describe: quoted alone they would not say what does that.
    const term = DEFINED_TERM.exec(block.text)?.[1];
    // A list item's own term ("- Returns: <Function>" under Node's `util.promisify(original)`) is
    // its own: the paragraphs after the list still describe the heading's.
    if (term && !block.item) continuedTerm = undefined;
    for (const [index, text] of (block.row ? [block.text] : splitBlock(block.text)).entries()) {
      // A paragraph under a labelled item describes the label ("- Inspect command" over "Does not have side effects…").
      const named = term && index > 0 ? term : (block.underItem ?? continuedTerm);
      sentences.push({ text, heading, position: sentences.length, block: paragraph, ...(named ? { term: named } : {}), ...(block.row ? { row: true } : {}), ...(block.item ? { item: true } : {}) });
    }
    // Under its own signature (a reST object's heading), a description's later paragraphs describe
    // it too, up to the next heading: "Return a Future…" says what run_coroutine_threadsafe returns.
    if (term && heading !== undefined && headsEntry(heading, term)) continuedTerm = term;
    const last = sentences[sentences.length - 1];
    if (!block.item && last?.text.endsWith(':')) listIntroduction = last;
  }
  // A passage of short lines only (a slide, a chart's labels, a table of contents) has no sentence
  // to quote, yet may be what the question asks about: its lines become the candidates, each under
  // the first line, which heads such a passage.
  if (sentences.length === 0 && headingLines.length > 1) {
    const [title, ...lines] = headingLines;
    return lines.map((text, position) => ({ text, heading: title, position, line: true }));
  }
  return sentences;
}

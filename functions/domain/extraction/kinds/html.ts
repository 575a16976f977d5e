import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
// turndown's browser build: the same converter without domino, the DOM its Node build bundles to
// parse strings (65 kB of the indexing Lambda's zip). It is only ever handed linkedom elements.
import TurndownService from 'turndown/lib/turndown.browser.es.js';
import type { ExtractedDocument } from '../extracted-document';
import { assembleDocument } from '../document-assembly';
import { decodeText, legacyDecoder, type LegacyDecoder } from '../text-decoding';
import { markdownSections } from './markdown';

export interface HtmlExtractionOptions {
  /** The charset of the HTTP Content-Type header, which decides before the page's own `<meta charset>`. */
  charset?: string;
}

/** Elements that are never content, whichever part of the page they are in. */
const NEVER_CONTENT = ['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'canvas', 'svg', 'form', 'button', 'select', 'input', 'textarea', 'dialog'];
/** Navigation, dropped wherever it is (a table of contents inside the article included). */
const NAVIGATION = 'nav, [role="navigation"], [role="search"], [aria-hidden="true"], .breadcrumb, .breadcrumbs';
/** Page chrome, dropped unless it is part of the article (an aside with a note, the article's own header). */
const CHROME = 'header, footer, aside, [role="banner"], [role="contentinfo"], [role="complementary"], .sidebar, .navbar, .site-header, .site-footer';

/**
 * A web page as sections of text: navigation, page header, footer and sidebars dropped, then its
 * main content found by Readability (the reader view of Firefox), or the body when it finds none;
 * turned into Markdown by turndown and cut at its headings like a Markdown file (kinds/markdown.ts),
 * so every section carries its heading path. Code blocks stay whole, fenced, with their line breaks;
 * lists stay lists and tables become Markdown tables. Links keep their text, not their addresses,
 * and emphasis its words, not its markers: neither helps anyone find or read the answer.
 * `metadata.title` is the page's `<title>`, else its first `<h1>`.
 */
export function extractHtml(bytes: Uint8Array, options: HtmlExtractionOptions = {}): ExtractedDocument {
  const { text, encoding } = decodeHtml(bytes, options.charset);
  return extractHtmlDocument(parseHtml(text), { encoding });
}

/** A parsed page (linkedom). A fragment without `<html>` is read as a page body, as browsers read it. */
export function parseHtml(text: string): Document {
  const whole = /<html[\s>]/i.test(text.slice(0, 4096)) ? text : `<!DOCTYPE html><html><head></head><body>${text}</body></html>`;
  return parseHTML(whole).document as unknown as Document;
}

/**
 * extractHtml for a page already parsed, so that the crawler reads its links from the same parse.
 * Readability rewrites the document it is given: read anything else from it first.
 */
export function extractHtmlDocument(document: Document, metadata: { encoding?: string } = {}): ExtractedDocument {
  removePermalinks(document);
  const title = pageTitle(document);
  const firstH1 = textOf(mainHeading(document));
  removeBoilerplate(document);
  const content = mainContent(document);
  let markdown = content ? htmlToMarkdown(content) : '';
  // The heading path of every section starts at the page's own heading, which Readability often
  // takes out of the article (it is the article's title) and pages without an <h1> lack.
  const rootHeading = firstH1 || title;
  if (rootHeading && !/^#\s/m.test(stripFences(markdown))) markdown = `# ${rootHeading}\n\n${markdown}`;
  const { sections } = markdownSections(markdown);
  return assembleDocument('html', sections, { ...metadata, title: title || firstH1 || undefined });
}

/** The page's `<title>` (the one in `<head>`, not an SVG's), whitespace collapsed; '' when it has none. */
export function pageTitle(document: Document): string {
  const element = document.querySelector('head > title') ?? document.querySelector('title');
  return textOf(element);
}

/**
 * Bytes to text as a browser would: a byte order mark, then the HTTP charset, then a `<meta>`
 * charset in the first 1024 bytes; without any, UTF-8 if the bytes are valid UTF-8, else a guess
 * (text-decoding.ts).
 */
export function decodeHtml(bytes: Uint8Array, headerCharset?: string): { text: string; encoding: string } {
  const hasBom = (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) || (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (!hasBom) {
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
    const declared = headerCharset ?? /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
    const decoder = declared ? decoderFor(declared) : undefined;
    if (decoder) return { text: decoder.decode(bytes), encoding: decoder.encoding };
  }
  return decodeText(bytes);
}

function decoderFor(label: string): LegacyDecoder | undefined {
  const decoder = legacyDecoder(label);
  // A page that says it is UTF-16 in ASCII bytes is not UTF-16 (the HTML standard reads it as UTF-8).
  return decoder?.encoding.startsWith('utf-16') ? legacyDecoder('utf-8') : decoder;
}

/**
 * Readability keeps at least this share of a page's text (its chrome removed) for its article to be
 * read; with less, it has dropped content, and the page's body is read instead. Readability picks
 * one best block of text: a documentation page made of sibling sections lost all but one (Git's
 * git-merge.html kept its options and lost how conflicts are presented and its configuration); on
 * Django's, Python's and Git's built pages it kept under 60 % of the text for one page in six, and
 * it drops code whose every name is a link (the fixture site's examples). The chrome it would have
 * dropped is mostly gone already (removeBoilerplate), and the rest is lists of links
 * (withoutLinkLists). Offline, Git's documentation as web pages went from cited hit@5 0.750 and key
 * facts 0.400 to 0.850 and 0.512 (as AsciiDoc text: 0.850, 0.525), Django's from 0.900 and 0.588
 * to 0.925 and 0.563; 0.6 and 0.95 did less for both.
 */
const READABLE_SHARE = 0.8;

/**
 * A page's content: where it marks it (one `<main>` or `role="main"`, else one `<article>`, holding
 * most of its text), else Readability's article, else the body without its lists of links.
 */
function mainContent(document: Document): Element | undefined {
  const body = document.body ?? document.documentElement ?? undefined;
  if (!body) return undefined;
  const whole = textOf(body).length;
  const only = (selector: string) => {
    const found = document.querySelectorAll(selector);
    return found.length === 1 && textOf(found[0]).length >= whole / 2 ? found[0] : undefined;
  };
  const marked = only('main, [role="main"]') ?? only('article');
  if (marked) return marked;
  // Readability rewrites the document it reads: the body is kept as it was, in case it is read instead.
  const original = body.cloneNode(true) as Element;
  // Readability takes the whole body of a short page for its article: the chrome is gone before it looks.
  const article = readableContent(document);
  if (article && textOf(article).length >= READABLE_SHARE * whole) return article;
  // A page that is a list of links (a table of contents) is read as its links' text.
  const unlinked = withoutLinkLists(original.cloneNode(true) as Element);
  return textOf(unlinked) ? unlinked : original;
}

/** A block that is mostly links ("Home | Table of contents | Index", "« previous | up | next »") is navigation however it is marked. */
const LINK_LIST_SHARE = 0.7;
function withoutLinkLists(element: Element): Element {
  for (const block of Array.from(element.querySelectorAll('div, p, ul, ol, table'))) {
    const text = textOf(block).length;
    const linked = Array.from(block.querySelectorAll('a')).reduce((sum, link) => sum + textOf(link).length, 0);
    if (text > 0 && linked >= LINK_LIST_SHARE * text && !block.querySelector('pre, code, h1, h2, h3, h4, h5, h6')) block.remove();
  }
  return element;
}

function readableContent(document: Document): Element | undefined {
  let article: { content: unknown; textContent: string | null | undefined } | null;
  try {
    // The serializer hands back the element itself, so turndown reads it without a second parse;
    // classes are kept for the code blocks' language-* names.
    article = new Readability(document, { keepClasses: true, serializer: (element: Node) => element }).parse() as typeof article;
  } catch {
    return undefined;
  }
  if (!article || !article.content || !article.textContent?.trim()) return undefined;
  return article.content as Element;
}

/**
 * The link a documentation generator puts beside each heading and caption to its own anchor
 * (Sphinx's and MkDocs' "¶", Docusaurus' "#", an icon): without it a heading read "Using initial
 * data with a formset¶".
 */
const PERMALINK = 'a.headerlink, a.hash-link, a.anchor-link, a.anchorjs-link';
const PERMALINK_TEXT = /^[¶§#🔗]?$/u;
function removePermalinks(document: Document): void {
  for (const link of Array.from(document.querySelectorAll(`${PERMALINK}, a[href^="#"]`))) {
    if (link.matches(PERMALINK) || PERMALINK_TEXT.test(textOf(link))) link.remove();
  }
}

function removeBoilerplate(document: Document): void {
  for (const element of Array.from(document.querySelectorAll([...NEVER_CONTENT, NAVIGATION].join(',')))) element.remove();
  for (const element of Array.from(document.querySelectorAll(CHROME))) {
    if (!element.closest('main, article, [role="main"]')) element.remove();
  }
}

/** The page's own <h1>: the one in its main content, else the first outside the page header (often a logo). */
function mainHeading(document: Document): Element | undefined {
  const inMain = document.querySelector('main h1, article h1, [role="main"] h1');
  if (inMain) return inMain;
  return Array.from(document.querySelectorAll('h1')).find((heading) => !heading.closest('header, nav, footer, aside')) ?? document.querySelector('h1') ?? undefined;
}

function textOf(element: Element | null | undefined): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function stripFences(markdown: string): string {
  return markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
}

let service: TurndownService | undefined;

/** The HTML-to-Markdown conversion, built once: the rules below are what the reading needs. */
function htmlToMarkdown(element: Element): string {
  service ??= createService();
  return service.turndown(element as unknown as HTMLElement).trim();
}

function createService(): TurndownService {
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', hr: '* * *' });
  // Markdown's escapes (mts\_filter, 1\. ) are noise in a passage. Only what would change the
  // structure read back from the Markdown is escaped: a line that would start a heading or a fence.
  turndown.escape = (text: string) => text.replace(/^(\s*)(#{1,6}\s|`{3,}|~{3,})/gm, '$1\\$2');
  turndown.remove(NEVER_CONTENT as TurndownService.Filter);
  turndown.addRule('links as their text', { filter: ['a'], replacement: (content) => content });
  turndown.addRule('emphasis as its words', { filter: ['em', 'i', 'strong', 'b', 'u', 'mark', 'cite'], replacement: (content) => content });
  turndown.addRule('list items with one space after their marker', {
    filter: 'li',
    replacement: (content, node) => {
      const parent = node.parentNode as HTMLElement | null;
      let prefix = '- ';
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? '1');
        prefix = `${(Number.isFinite(start) ? start : 1) + Array.from(parent.children).indexOf(node as HTMLElement)}. `;
      }
      const body = content.replace(/^\n+/, '').replace(/\n+$/, '\n').replace(/\n/gm, `\n${' '.repeat(prefix.length)}`);
      return prefix + body + (node.nextSibling && !/\n$/.test(body) ? '\n' : '');
    },
  });
  turndown.addRule('images as their description', {
    filter: 'img',
    replacement: (_content, node) => {
      const alt = ((node as HTMLElement).getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim();
      return alt ? ` ${alt} ` : '';
    },
  });
  turndown.addRule('preformatted text as a fenced block', {
    filter: (node) => node.nodeName === 'PRE',
    replacement: (_content, node) => fencedCode(node as HTMLElement),
  });
  turndown.addRule('tables as Markdown tables', {
    filter: 'table',
    replacement: (_content, node) => `\n\n${tableMarkdown(node as HTMLElement, turndown)}\n\n`,
  });
  return turndown;
}

function fencedCode(pre: HTMLElement): string {
  const code = preText(pre).replace(/\r\n?/g, '\n').replace(/^\n+|\s+$/g, '');
  if (!code) return '';
  const longestRun = Math.max(2, ...Array.from(code.matchAll(/`+/g), (match) => match[0].length));
  const fence = '`'.repeat(longestRun + 1);
  return `\n\n${fence}${codeLanguage(pre)}\n${code}\n${fence}\n\n`;
}

/**
 * The text of a code block with its line breaks: highlighters write lines as text with newlines,
 * as `<br>` (Hexo) or as one block element per line, and textContent keeps only the first.
 */
function preText(node: Node): string {
  let text = '';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 3) text += (child as Text).data;
    else if (child.nodeName === 'BR') text += '\n';
    else if (child.nodeType === 1) {
      const inner = preText(child);
      const block = /^(DIV|P|LI|TR)$/.test(child.nodeName);
      if (block && text && !text.endsWith('\n')) text += '\n';
      text += inner;
      if (block && inner && !inner.endsWith('\n') && child.nextSibling) text += '\n';
    }
  }
  return text;
}

/** `language-ts` / `lang-ts` on the block or its `<code>`, as highlighters mark it. */
function codeLanguage(pre: HTMLElement): string {
  const classes = `${pre.getAttribute('class') ?? ''} ${pre.querySelector('code')?.getAttribute('class') ?? ''}`;
  return /(?:^|\s)(?:language|lang)-([\w+#.-]+)/.exec(classes)?.[1] ?? '';
}

/**
 * A table as a Markdown table, each cell's content converted and kept on one line. A table of one
 * column is a layout of blocks, read as those blocks; nested tables are read inside their cell;
 * a highlighter's table around a code block is that code block.
 */
function tableMarkdown(table: HTMLElement, turndown: TurndownService): string {
  const rows = Array.from(table.querySelectorAll('tr')).filter((row) => row.closest('table') === table);
  // A one-row table around code is a highlighter's layout (Pygments, Rouge, Hexo): line numbers in one cell, the code in the other.
  if (rows.length === 1 && table.querySelector('pre')) {
    const code = Array.from(table.querySelectorAll('pre')).filter((pre) => !pre.closest('.linenos, .linenodiv, .gutter, .lineno, .line-numbers') && !/^[\d\s]*$/.test(pre.textContent ?? ''));
    return code.map((pre) => fencedCode(pre as HTMLElement).trim()).join('\n\n');
  }
  const cells = rows
    .map((row) => Array.from(row.children).filter((cell) => cell.nodeName === 'TD' || cell.nodeName === 'TH'))
    .filter((row) => row.length > 0)
    .map((row) => row.map((cell) => cellText(cell as HTMLElement, turndown)));
  const caption = textOf(table.querySelector('caption'));
  const width = Math.max(0, ...cells.map((row) => row.length));
  if (width <= 1) return [caption, ...cells.map((row) => row[0] ?? '')].filter(Boolean).join('\n\n');
  const line = (row: string[]) => `| ${Array.from({ length: width }, (_, index) => row[index] ?? '').join(' | ')} |`;
  const [header, ...body] = cells;
  return [caption, line(header!), `|${' --- |'.repeat(width)}`, ...body.map(line)].filter(Boolean).join('\n');
}

function cellText(cell: HTMLElement, turndown: TurndownService): string {
  // The cell element itself, not its HTML: turndown converts its children without parsing again.
  const markdown = cell.innerHTML.trim() ? turndown.turndown(cell) : '';
  // A heading inside a cell ("## All functions" heading a column of a reference index) is the cell's text.
  return markdown.replace(/^#{1,6}\s+/gm, '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim();
}

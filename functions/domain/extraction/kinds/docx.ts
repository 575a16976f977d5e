import mammoth from 'mammoth';
import type { ExtractedDocument, ExtractedSection } from '../extracted-document';
import { assembleDocument } from '../document-assembly';
import { EXTRACTION_MESSAGES, ExtractionError } from '../extraction-error';
import { hasMedia, openPackage, readPackageProperties } from '../ooxml-package';

// Word's Title and Subtitle styles head a document as much as Heading 1 does; mammoth's default
// map knows only the Heading styles.
const STYLE_MAP = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"];

/**
 * mammoth turns the document body into semantic HTML (headings from Word's heading styles, tables,
 * lists, footnotes), which is then cut into sections at h1–h6 with the heading path as metadata.
 * Images are not embedded (mammoth would inline them as base64, megabytes of text for nothing),
 * external files linked from the document are never read, and headers and footers are left out as
 * mammoth does: they repeat on every page and would crowd out the body in retrieval.
 * A docx has no pages of its own; pageCount is the count Word stored in docProps/app.xml.
 */
export async function extractDocx(bytes: Uint8Array): Promise<ExtractedDocument> {
  const zip = await openPackage(bytes);
  const properties = await readPackageProperties(zip);
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        styleMap: STYLE_MAP,
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      },
    );
    html = result.value;
  } catch (cause) {
    throw new ExtractionError('malformed', EXTRACTION_MESSAGES.malformed, { cause });
  }
  const sections = htmlSections(html);
  // Let the HTML (the largest copy of the text) be collected before the document is assembled.
  // eslint-disable-next-line no-useless-assignment -- the assignment frees memory, it is not read
  html = '';
  return assembleDocument('docx', sections, { pageCount: properties.pages, title: properties.title }, hasMedia(zip) ? 'no_text' : 'empty');
}

const TAG_OR_TEXT = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)/g;
const BLOCKS = new Set(['p', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'table', 'blockquote', 'pre']);

/**
 * Walks mammoth's HTML (a small, regular vocabulary it generates itself, so a tokenizer suffices):
 * block ends become line breaks, table cells become tab-separated rows (a nested table is flattened
 * into its cell), and footnote back-links ("↑") are dropped.
 */
export function htmlSections(html: string): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  const path: { level: number; title: string }[] = [];
  let lines: string[] = [];
  let line = '';
  let heading: { level: number; text: string } | undefined;
  let cellDepth = 0;
  let skipDepth = 0;

  const endLine = () => {
    if (line.trim()) lines.push(line);
    line = '';
  };
  const flushSection = () => {
    endLine();
    const headings = path.map((entry) => entry.title);
    if (lines.length) sections.push({ text: lines.join('\n'), ...(headings.length ? { headings } : {}) });
    lines = [];
  };

  for (const match of html.matchAll(TAG_OR_TEXT)) {
    const [, closing, rawName, attributes = '', text] = match;
    if (text !== undefined) {
      if (skipDepth > 0) continue;
      const decoded = decodeEntities(text);
      if (heading) heading.text += decoded;
      line += decoded;
      continue;
    }
    const name = rawName!.toLowerCase();
    if (name === 'a' && !closing && /href="#(footnote|endnote)-ref-/.test(attributes)) {
      skipDepth += 1;
      continue;
    }
    if (name === 'a' && closing && skipDepth > 0) {
      skipDepth -= 1;
      continue;
    }
    if (name === 'br') {
      line += cellDepth > 0 ? ' ' : '\n';
      continue;
    }
    if (name === 'td' || name === 'th') {
      if (closing) {
        cellDepth -= 1;
        line = line.replace(/ +$/, '') + (cellDepth > 0 ? ' ' : '\t');
      } else cellDepth += 1;
      continue;
    }
    if (name === 'tr' && closing) {
      if (cellDepth > 0) line += ' ';
      else line = line.replace(/\t+$/, '') + '\n';
      continue;
    }
    const level = /^h([1-6])$/.exec(name)?.[1];
    if (level && cellDepth === 0) {
      if (!closing) {
        flushSection();
        heading = { level: Number(level), text: '' };
      } else if (heading) {
        const title = heading.text.trim();
        while (path.length && path[path.length - 1]!.level >= heading.level) path.pop();
        if (title) path.push({ level: heading.level, title });
        heading = undefined;
        endLine();
      }
      continue;
    }
    if (closing && BLOCKS.has(name)) {
      if (cellDepth > 0) line += ' ';
      else endLine();
    }
  }
  flushSection();
  return sections;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (entity, body: string) => {
    if (body.startsWith('#x')) return safeCodePoint(Number.parseInt(body.slice(2), 16)) ?? entity;
    if (body.startsWith('#')) return safeCodePoint(Number.parseInt(body.slice(1), 10)) ?? entity;
    return NAMED_ENTITIES[body] ?? entity;
  });
}

function safeCodePoint(codePoint: number): string | undefined {
  return Number.isInteger(codePoint) && codePoint >= 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : undefined;
}

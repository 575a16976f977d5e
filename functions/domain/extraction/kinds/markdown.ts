import type { ExtractedDocument, ExtractedSection } from '../extracted-document';
import { assembleDocument } from '../document-assembly';
import { decodeText } from '../text-decoding';
import { parse as parseYaml } from 'yaml';
import { closesFence, fenceOpenedBy, type Fence } from '../../../../shared/markdown/code-fences';
import { withoutRawHtml } from './markdown-html';

const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const NOT_A_SETEXT_TITLE = /^ {0,3}([-*+>|]|\d+[.)]\s|#)|\|/;

/**
 * Markdown keeps its syntax (it reads well as is, and code stays code) but is cut at its headings,
 * ATX (`## Title`) and setext (`Title` over `===`/`---`), so that each section carries the heading
 * path above it. Lines inside fenced code blocks are never headings: `# comment` in a shell snippet
 * is code. YAML front matter (Jekyll, Hugo, Docusaurus) is not text to answer from: its `title`
 * and `description` are kept (frontMatterOf), its other keys (ids, ordering, labels) dropped.
 */
export function extractMarkdown(bytes: Uint8Array): ExtractedDocument {
  const { text, encoding } = decodeText(bytes);
  const { sections, title } = markdownSections(text, { rawHtml: true });
  return assembleDocument('md', sections, { encoding, title });
}

/**
 * Markdown text cut at its headings as extractMarkdown does, before assembly: the HTML extractor
 * (kinds/html.ts) turns a page into Markdown and cuts it here, so both kinds share one reading of
 * headings and code fences. `title` is the first level-1 heading, else the front matter's title.
 */
export function markdownSections(text: string, options: { rawHtml?: boolean } = {}): { sections: ExtractedSection[]; title?: string } {
  const lines = text.split(/\r\n?|\n/);
  const sections: ExtractedSection[] = [];
  const path: { level: number; title: string }[] = [];
  let body: string[] = [];
  let title: string | undefined;

  const flush = () => {
    const headings = path.map((heading) => heading.title);
    sections.push({ text: body.join('\n'), ...(headings.length ? { headings } : {}) });
    body = [];
  };
  const startSection = (level: number, heading: string) => {
    flush();
    while (path.length && path[path.length - 1]!.level >= level) path.pop();
    path.push({ level, title: heading });
    if (level === 1 && title === undefined && heading) title = heading;
    body = [heading];
  };

  let index = frontMatterEnd(lines);
  const frontMatter = frontMatterOf(index > 0 ? lines.slice(1, index - 1) : []);
  body = [...frontMatter.preface];
  let fence: Fence | undefined;
  // An HTML comment over several lines, which a Markdown file's reader never sees.
  let comment = false;
  // A setext title is a one-line paragraph: the line before it ends a block (or there is none).
  let afterBlock = true;
  for (; index < lines.length; index += 1) {
    const raw = lines[index]!;
    if (comment || (options.rawHtml && !fence && /^\s*<!--/.test(raw) && !raw.includes('-->'))) {
      comment = !raw.includes('-->');
      continue;
    }
    if (fence) {
      if (closesFence(raw, fence)) {
        fence = undefined;
        afterBlock = true;
      }
      body.push(raw);
      continue;
    }
    const open = fenceOpenedBy(raw);
    if (open) {
      fence = open;
      body.push(raw);
      continue;
    }
    // A Markdown file's raw HTML and MDX read as a renderer shows them (markdown-html.ts); turndown's Markdown has none.
    const line = options.rawHtml ? withoutRawHtml(raw) : raw;
    if (line === undefined) continue;
    const atx = ATX_HEADING.exec(line);
    if (atx) {
      startSection(atx[1]!.length, (atx[2] ?? '').trim());
      afterBlock = true;
      continue;
    }
    const next = lines[index + 1];
    const underline = next === undefined ? null : SETEXT_UNDERLINE.exec(next);
    if (underline && afterBlock && line.trim() && !NOT_A_SETEXT_TITLE.test(line)) {
      startSection(underline[1]!.startsWith('=') ? 1 : 2, line.trim());
      index += 1;
      continue;
    }
    afterBlock = !line.trim();
    body.push(line);
  }
  flush();
  // Without a level-1 heading of its own, the front matter's title is the document's heading (as static site generators show it).
  if (title === undefined && frontMatter.title) {
    title = frontMatter.title;
    // The preface, the first section, already starts with the title line.
    const titled = sections.map((section) => ({ ...section, headings: [frontMatter.title!, ...(section.headings ?? [])] }));
    return { sections: titled, title };
  }
  return { sections, ...(title !== undefined ? { title } : {}) };
}

/**
 * What front matter contributes: its `title` (the document's heading when the body has no level-1
 * heading, else a line of the preface: often the longer, searchable title) and its `description`
 * (a preface line). Anything else between the opening `---` lines stays as written: it may be
 * prose between thematic breaks.
 */
function frontMatterOf(yamlLines: string[]): { title?: string; preface: string[] } {
  if (yamlLines.length === 0) return { preface: [] };
  let data: unknown;
  try {
    data = parseYaml(yamlLines.join('\n'));
  } catch {
    data = undefined;
  }
  // Keys are identifiers ("title", "sidebar_position"); "Note: read this first" is a sentence.
  const isFrontMatter = data !== null && typeof data === 'object' && !Array.isArray(data) && Object.keys(data).every((key) => /^[\w-]+$/.test(key));
  if (!isFrontMatter) return { preface: ['---', ...yamlLines, '---'] };
  const text = (key: string) => {
    const value = (data as Record<string, unknown>)[key];
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const title = text('title');
  const description = text('description');
  return { ...(title ? { title } : {}), preface: [title, description].filter((line): line is string => line !== undefined) };
}

function frontMatterEnd(lines: string[]): number {
  if (lines[0]?.trim() !== '---') return 0;
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index]!.trim();
    if (line === '---' || line === '...') return index + 1;
  }
  return 0;
}

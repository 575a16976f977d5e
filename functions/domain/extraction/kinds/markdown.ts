import type { ExtractedDocument, ExtractedSection } from '../extracted-document';
import { assembleDocument } from '../document-assembly';
import { decodeText } from '../text-decoding';
import { closesFence, fenceOpenedBy, type Fence } from '../../../../shared/markdown/code-fences';

const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const NOT_A_SETEXT_TITLE = /^ {0,3}([-*+>|]|\d+[.)]\s|#)|\|/;

/**
 * Markdown keeps its syntax (it reads well as is, and code stays code) but is cut at its headings,
 * ATX (`## Title`) and setext (`Title` over `===`/`---`), so that each section carries the heading
 * path above it. Lines inside fenced code blocks are never headings: `# comment` in a shell snippet
 * is code. YAML front matter stays text and is not mistaken for a setext heading.
 */
export function extractMarkdown(bytes: Uint8Array): ExtractedDocument {
  const { text, encoding } = decodeText(bytes);
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
  body = lines.slice(0, index);
  let fence: Fence | undefined;
  // A setext title is a one-line paragraph: the line before it ends a block (or there is none).
  let afterBlock = true;
  for (; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (fence) {
      if (closesFence(line, fence)) {
        fence = undefined;
        afterBlock = true;
      }
      body.push(line);
      continue;
    }
    const open = fenceOpenedBy(line);
    if (open) {
      fence = open;
      body.push(line);
      continue;
    }
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
  return assembleDocument('md', sections, { encoding, title });
}

function frontMatterEnd(lines: string[]): number {
  if (lines[0]?.trim() !== '---') return 0;
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index]!.trim();
    if (line === '---' || line === '...') return index + 1;
  }
  return 0;
}

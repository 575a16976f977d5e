import { XMLValidator } from 'fast-xml-parser';
import type JSZip from 'jszip';
import type { ExtractedDocument, ExtractedSection } from '../extracted-document';
import { assembleDocument } from '../document-assembly';
import { EXTRACTION_MESSAGES, ExtractionError } from '../extraction-error';
import { chartLines } from './pptx-charts';
import {
  asArray,
  childrenOf,
  elementName,
  hasMedia,
  mainPartPath,
  openPackage,
  orderedXmlParser,
  type OrderedNode,
  readPackageProperties,
  readPart,
  readRelationships,
  xmlParser,
} from '../ooxml-package';

const SLIDE = /\/relationships\/slide$/;
const NOTES = /\/relationships\/notesSlide$/;
const DIAGRAM_DATA = /\/relationships\/diagramData$/;
const CHART = /\/relationships\/chart$/;
const TITLE_PLACEHOLDERS = new Set(['title', 'ctrTitle']);

/**
 * One section per slide in presentation order (p:sldIdLst, not file names: slide7.xml can be the
 * second slide), numbered from 1, with the slide's title as its heading. Text is every paragraph of
 * every shape in reading order, grouped shapes included, tables as tab-separated rows, SmartArt
 * text from its data part, charts' titles and data points (pptx-charts.ts), then the speaker notes' body, which often says what the slide only hints.
 * Masters and layouts are not read: their text is placeholder prompts, not content.
 */
export async function extractPptx(bytes: Uint8Array): Promise<ExtractedDocument> {
  const zip = await openPackage(bytes);
  const slidePaths = await slidesInOrder(zip);
  const sections: ExtractedSection[] = [];
  let damagedSlides = 0;
  for (const [index, path] of slidePaths.entries()) {
    const xml = await readPart(zip, path);
    const slide = xml === undefined ? undefined : parseSlide(xml);
    // One damaged slide should not cost the reader the others; a deck of nothing but is malformed.
    if (!slide) {
      damagedSlides += 1;
      continue;
    }
    const { lines, title } = shapeText(slide);
    const relationships = await readRelationships(zip, path);
    for (const relationship of relationships) {
      if (DIAGRAM_DATA.test(relationship.type) && !relationship.external) lines.push(...(await diagramText(zip, relationship.target)));
      if (CHART.test(relationship.type) && !relationship.external) lines.push(...(await chartLines(zip, relationship.target)));
    }
    const notes = relationships.find((relationship) => NOTES.test(relationship.type) && !relationship.external);
    if (notes) lines.push(...(await notesText(zip, notes.target)));
    sections.push({ text: lines.join('\n'), slide: index + 1, ...(title ? { headings: [title] } : {}) });
  }
  if (slidePaths.length > 0 && damagedSlides === slidePaths.length) throw new ExtractionError('malformed', EXTRACTION_MESSAGES.malformed);
  const properties = await readPackageProperties(zip);
  return assembleDocument('pptx', sections, { slideCount: slidePaths.length, title: properties.title }, hasMedia(zip) ? 'no_text' : 'empty');
}

async function slidesInOrder(zip: JSZip): Promise<string[]> {
  const presentationPath = (await mainPartPath(zip)) ?? 'ppt/presentation.xml';
  const presentationXml = await readPart(zip, presentationPath);
  if (presentationXml !== undefined) {
    const presentation = parseMapped(presentationXml) as { 'p:presentation'?: { 'p:sldIdLst'?: { 'p:sldId'?: unknown } } };
    const ids = asArray(presentation['p:presentation']?.['p:sldIdLst']?.['p:sldId']).map((entry) => (entry as Record<string, string>)['r:id']);
    const relationships = await readRelationships(zip, presentationPath);
    const byId = new Map(relationships.filter((relationship) => SLIDE.test(relationship.type)).map((relationship) => [relationship.id, relationship.target]));
    const ordered = ids.flatMap((id) => (id && byId.has(id) ? [byId.get(id)!] : []));
    if (ordered.length) return ordered;
  }
  // No usable slide list (a damaged or hand-made package): the slides by their number.
  return Object.keys(zip.files)
    .filter((path) => /^ppt\/slides\/slide\d+\.xml$/.test(path))
    .sort((a, b) => slideNumber(a) - slideNumber(b));
}

function slideNumber(path: string): number {
  return Number(/(\d+)\.xml$/.exec(path)?.[1] ?? 0);
}

// fast-xml-parser parses leniently (an unclosed element just ends the document), so a slide is
// validated first: reading half a slide silently would hide the damage.
function parseSlide(xml: string): OrderedNode[] | undefined {
  if (XMLValidator.validate(xml) !== true) return undefined;
  try {
    return orderedXmlParser.parse(xml) as OrderedNode[];
  } catch {
    return undefined;
  }
}

function parseMapped(xml: string): unknown {
  try {
    return xmlParser.parse(xml);
  } catch (cause) {
    throw new ExtractionError('malformed', EXTRACTION_MESSAGES.malformed, { cause });
  }
}

/**
 * The text of a slide's shapes in document order. Each a:p is a line; a table (a:tbl) is a line per
 * row. Of an mc:AlternateContent only the first choice is read, since its fallback repeats it.
 */
function shapeText(nodes: OrderedNode[], onlyPlaceholder?: string): { lines: string[]; title?: string } {
  const lines: string[] = [];
  let title: string | undefined;
  const walk = (list: OrderedNode[], placeholder: string | undefined) => {
    for (const node of list) {
      const name = elementName(node);
      if (!name || name === '#text') continue;
      const children = childrenOf(node, name);
      if (name === 'a:p') {
        if (onlyPlaceholder && placeholder !== onlyPlaceholder) continue;
        const text = paragraphText(children);
        if (text.trim()) {
          lines.push(text);
          if (placeholder && TITLE_PLACEHOLDERS.has(placeholder) && title === undefined) title = text.trim();
        }
        continue;
      }
      if (name === 'a:tbl') {
        if (!onlyPlaceholder) lines.push(...tableRows(children));
        continue;
      }
      if (name === 'mc:AlternateContent') {
        const choice = children.find((child) => elementName(child) === 'mc:Choice') ?? children.find((child) => elementName(child) === 'mc:Fallback');
        if (choice) walk(childrenOf(choice, elementName(choice)!), placeholder);
        continue;
      }
      if (name === 'p:sp') {
        walk(children, placeholderType(children));
        continue;
      }
      walk(children, placeholder);
    }
  };
  walk(nodes, undefined);
  return { lines, title };
}

function placeholderType(shapeChildren: OrderedNode[]): string | undefined {
  let found: string | undefined;
  const search = (list: OrderedNode[]): void => {
    for (const node of list) {
      const name = elementName(node);
      if (!name || found !== undefined) return;
      if (name === 'p:ph') {
        found = node[':@']?.type ?? 'obj';
        return;
      }
      if (name === 'p:nvSpPr' || name === 'p:nvPr') search(childrenOf(node, name));
    }
  };
  search(shapeChildren);
  return found;
}

function paragraphText(children: OrderedNode[]): string {
  let text = '';
  const collect = (list: OrderedNode[]) => {
    for (const node of list) {
      const name = elementName(node);
      if (name === '#text') continue;
      if (name === 'a:t') text += childrenOf(node, name).map((child) => String(child['#text'] ?? '')).join('');
      else if (name === 'a:br') text += '\n';
      else if (name === 'a:r' || name === 'a:fld') collect(childrenOf(node, name));
    }
  };
  collect(children);
  return text;
}

function tableRows(tableChildren: OrderedNode[]): string[] {
  return tableChildren
    .filter((node) => elementName(node) === 'a:tr')
    .map((row) =>
      childrenOf(row, 'a:tr')
        .filter((cell) => elementName(cell) === 'a:tc')
        .map((cell) => shapeText(childrenOf(cell, 'a:tc')).lines.join(' ').replace(/\s+/g, ' ').trim())
        .join('\t')
        .replace(/\t+$/, ''),
    )
    .filter((row) => row.trim());
}

async function diagramText(zip: JSZip, path: string): Promise<string[]> {
  const xml = await readPart(zip, path);
  if (!xml) return [];
  try {
    return shapeText(orderedXmlParser.parse(xml) as OrderedNode[]).lines;
  } catch {
    return [];
  }
}

// Only the notes' body placeholder: the others repeat the slide image, number and header.
async function notesText(zip: JSZip, path: string): Promise<string[]> {
  const xml = await readPart(zip, path);
  if (!xml) return [];
  try {
    return shapeText(orderedXmlParser.parse(xml) as OrderedNode[], 'body').lines;
  } catch {
    return [];
  }
}

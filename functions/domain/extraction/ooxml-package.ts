import JSZip from 'jszip';
import { XMLParser } from 'fast-xml-parser';
import type { DocumentKind } from './extracted-document';
import { EXTRACTION_MESSAGES, ExtractionError } from './extraction-error';

/**
 * Reading docx, xlsx and pptx packages: the zip, its relationship parts and its properties. A zip
 * declares every entry's uncompressed size in its central directory, so a zip bomb is refused from
 * those numbers before anything is inflated; inflated bytes live outside the V8 heap, where the
 * isolated worker's heap limit would not see them.
 */
export const MAX_UNCOMPRESSED_PACKAGE_BYTES = 1024 * 1024 * 1024;
const MAX_UNCOMPRESSED_PART_BYTES = 512 * 1024 * 1024;

export async function openPackage(bytes: Uint8Array): Promise<JSZip> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  } catch (cause) {
    throw new ExtractionError('malformed', EXTRACTION_MESSAGES.malformed, { cause });
  }
  let total = 0;
  for (const entry of Object.values(zip.files)) {
    // JSZip keeps the central directory's declared size on the internal `_data`; it has no public API for it.
    const declared = (entry as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;
    total += declared;
    if (declared > MAX_UNCOMPRESSED_PART_BYTES || total > MAX_UNCOMPRESSED_PACKAGE_BYTES) {
      throw new ExtractionError('too_large', EXTRACTION_MESSAGES.too_large);
    }
  }
  return zip;
}

export async function readPart(zip: JSZip, path: string): Promise<string | undefined> {
  const entry = zip.file(path.replace(/^\//, ''));
  return entry ? entry.async('string') : undefined;
}

export const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  htmlEntities: true,
});

/** The same parser keeping document order, for text whose order is the reading order. */
export const orderedXmlParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  htmlEntities: true,
});

export interface Relationship {
  id: string;
  type: string;
  /** The target as a package path without a leading slash, resolved against the source part. */
  target: string;
  external: boolean;
}

export async function readRelationships(zip: JSZip, sourcePart: string): Promise<Relationship[]> {
  const slash = sourcePart.lastIndexOf('/');
  const folder = slash >= 0 ? sourcePart.slice(0, slash + 1) : '';
  const name = sourcePart.slice(slash + 1);
  const xml = await readPart(zip, `${folder}_rels/${name}.rels`);
  if (!xml) return [];
  const parsed = xmlParser.parse(xml) as { Relationships?: { Relationship?: unknown } };
  return asArray(parsed.Relationships?.Relationship).flatMap((raw) => {
    const relationship = raw as Record<string, string | undefined>;
    if (!relationship.Id || !relationship.Target) return [];
    const external = relationship.TargetMode === 'External';
    return [
      {
        id: relationship.Id,
        type: relationship.Type ?? '',
        target: external ? relationship.Target : resolvePartPath(folder, relationship.Target),
        external,
      },
    ];
  });
}

export function resolvePartPath(folder: string, target: string): string {
  const segments = (target.startsWith('/') ? target.slice(1) : folder + target).split('/');
  const resolved: string[] = [];
  for (const segment of segments) {
    if (segment === '..') resolved.pop();
    else if (segment && segment !== '.') resolved.push(segment);
  }
  return resolved.join('/');
}

const OFFICE_DOCUMENT = /\/officeDocument$/;

/** The package's main part (word/document.xml and the like), as `_rels/.rels` names it. */
export async function mainPartPath(zip: JSZip): Promise<string | undefined> {
  const relationships = await readRelationships(zip, '');
  return relationships.find((relationship) => OFFICE_DOCUMENT.test(relationship.type) && !relationship.external)?.target;
}

/**
 * Which OOXML kind a zip is, from the content type its [Content_Types].xml gives the main part: a
 * zip whose main part is not a Word, Excel or PowerPoint main part is not an Office file.
 */
export async function ooxmlKindOfZip(bytes: Uint8Array): Promise<DocumentKind | undefined> {
  try {
    const zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
    const main = await mainPartPath(zip);
    const typesXml = await readPart(zip, '[Content_Types].xml');
    if (!main || !typesXml) return undefined;
    const types = xmlParser.parse(typesXml) as { Types?: { Override?: unknown } };
    const override = asArray(types.Types?.Override).find(
      (raw) => (raw as Record<string, string>).PartName?.replace(/^\//, '') === main,
    ) as Record<string, string> | undefined;
    const contentType = override?.ContentType ?? '';
    if (/wordprocessingml\.(document|template)\.main|ms-word\.(document|template)\.macroEnabled/i.test(contentType)) return 'docx';
    if (/spreadsheetml\.(sheet|template)\.main|ms-excel\.(sheet|template)\.macroEnabled/i.test(contentType)) return 'xlsx';
    if (/presentationml\.(presentation|slideshow|template)\.main|ms-powerpoint\.(presentation|slideshow|template)\.macroEnabled/i.test(contentType)) return 'pptx';
    return undefined;
  } catch {
    return undefined;
  }
}

export interface PackageProperties {
  title?: string;
  pages?: number;
  slides?: number;
}

/** docProps/core.xml's title and docProps/app.xml's page and slide counts, as the saving program recorded them. */
export async function readPackageProperties(zip: JSZip): Promise<PackageProperties> {
  const properties: PackageProperties = {};
  const core = await readPart(zip, 'docProps/core.xml').catch(() => undefined);
  if (core) {
    const parsed = safeParse(core) as Record<string, Record<string, unknown>> | undefined;
    const title = textOf(parsed?.['cp:coreProperties']?.['dc:title']).trim();
    if (title) properties.title = title;
  }
  const app = await readPart(zip, 'docProps/app.xml').catch(() => undefined);
  if (app) {
    const parsed = safeParse(app) as { Properties?: Record<string, unknown> } | undefined;
    const pages = Number(textOf(parsed?.Properties?.Pages));
    const slides = Number(textOf(parsed?.Properties?.Slides));
    if (Number.isInteger(pages) && pages > 0) properties.pages = pages;
    if (Number.isInteger(slides) && slides > 0) properties.slides = slides;
  }
  return properties;
}

function safeParse(xml: string): unknown {
  try {
    return xmlParser.parse(xml);
  } catch {
    return undefined;
  }
}

function textOf(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && '#text' in value) return String((value as { '#text': unknown })['#text']);
  return '';
}

export function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Images in the package: a document with pictures and no text is "no text", not "empty". */
export function hasMedia(zip: JSZip): boolean {
  return Object.keys(zip.files).some((path) => /\/media\//.test(path));
}

export type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

/** The element name of a node from {@link orderedXmlParser}. */
export function elementName(node: OrderedNode): string | undefined {
  for (const key of Object.keys(node)) if (key !== ':@') return key;
  return undefined;
}

export function childrenOf(node: OrderedNode, name: string): OrderedNode[] {
  const children = node[name];
  return Array.isArray(children) ? (children as OrderedNode[]) : [];
}

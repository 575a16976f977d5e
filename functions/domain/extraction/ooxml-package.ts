import JSZip from 'jszip';
import { XMLParser } from 'fast-xml-parser';
import { createInflateRaw } from 'node:zlib';
import type { UploadKind } from './extracted-document';
import { EXTRACTION_MESSAGES, ExtractionError } from './extraction-error';

/**
 * Reading docx, xlsx and pptx packages: the zip, its relationship parts and its properties.
 *
 * A zip's central directory declares every entry's sizes, and a zip bomb lies there: a 1 MB upload
 * declaring kilobytes inflated to gigabytes inside mammoth. The declared sizes only refuse the
 * honest bombs early; what counts is the ACTUAL output, so every entry is stream-inflated once with
 * node:zlib, counting bytes and discarding them, and the package is refused as soon as one entry or
 * all of them together pass the caps. Only then do the parsers (mammoth, SheetJS, JSZip) inflate
 * what they need, which is bounded by what was just counted. Inflated bytes live outside the V8
 * heap, where the isolated worker's heap limit would not see them, hence caps well below it.
 */
export interface PackageLimits {
  /** Inflated bytes of one entry. */
  part: number;
  /** Inflated bytes of all entries together. */
  total: number;
}

export const PACKAGE_LIMITS: PackageLimits = { part: 256 * 1024 * 1024, total: 512 * 1024 * 1024 };
/** Parts read outside the isolated worker (type sniffing) are small by nature; a large one is refused. */
const SNIFF_PART_BYTES = 4 * 1024 * 1024;

const STORED = 0;
const DEFLATED = 8;

/** What JSZip keeps of an entry; it has no public API for the compressed bytes or the declared sizes. */
interface CompressedEntry {
  _data?: { uncompressedSize?: number; compressedContent?: Uint8Array; compression?: { magic?: string } };
}

function tooLarge(): ExtractionError {
  return new ExtractionError('too_large', EXTRACTION_MESSAGES.too_large);
}

export async function openPackage(bytes: Uint8Array, limits: PackageLimits = PACKAGE_LIMITS): Promise<JSZip> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  } catch (cause) {
    throw new ExtractionError('malformed', EXTRACTION_MESSAGES.malformed, { cause });
  }
  let declaredTotal = 0;
  for (const entry of Object.values(zip.files)) {
    const declared = (entry as unknown as CompressedEntry)._data?.uncompressedSize ?? 0;
    declaredTotal += declared;
    if (declared > limits.part || declaredTotal > limits.total) throw tooLarge();
  }
  let actualTotal = 0;
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    actualTotal += await inflateEntry(entry, Math.min(limits.part, limits.total - actualTotal), () => undefined);
  }
  return zip;
}

/** A package ready for SheetJS, which reads the zip itself: refused here if it inflates past the caps. */
export async function assertPackageWithinLimits(bytes: Uint8Array, limits: PackageLimits = PACKAGE_LIMITS): Promise<void> {
  await openPackage(bytes, limits);
}

/**
 * Streams one entry through node:zlib, handing each inflated chunk to `keep`, and stops (too_large)
 * the moment the output passes `limit`; answers the inflated size.
 */
function inflateEntry(entry: JSZip.JSZipObject, limit: number, keep: (chunk: Buffer) => void): Promise<number> {
  const data = (entry as unknown as CompressedEntry)._data;
  const content = data?.compressedContent;
  if (!content) return Promise.resolve(0);
  const magic = data?.compression?.magic ?? '';
  const method = magic.length >= 2 ? magic.charCodeAt(0) | (magic.charCodeAt(1) << 8) : -1;
  if (method === STORED) {
    if (content.length > limit) return Promise.reject(tooLarge());
    keep(Buffer.from(content.buffer, content.byteOffset, content.byteLength));
    return Promise.resolve(content.length);
  }
  if (method !== DEFLATED) return Promise.reject(new ExtractionError('malformed', EXTRACTION_MESSAGES.malformed));
  return new Promise<number>((resolve, reject) => {
    const inflater = createInflateRaw();
    let inflated = 0;
    let stopped = false;
    inflater.on('data', (chunk: Buffer) => {
      if (stopped) return;
      inflated += chunk.length;
      if (inflated > limit) {
        stopped = true;
        inflater.destroy();
        reject(tooLarge());
        return;
      }
      keep(chunk);
    });
    inflater.on('error', (cause) => {
      if (stopped) return;
      stopped = true;
      reject(new ExtractionError('malformed', EXTRACTION_MESSAGES.malformed, { cause }));
    });
    inflater.on('end', () => {
      if (!stopped) resolve(inflated);
    });
    inflater.end(Buffer.from(content.buffer, content.byteOffset, content.byteLength));
  });
}

export async function readPart(zip: JSZip, path: string, limit = PACKAGE_LIMITS.part): Promise<string | undefined> {
  const entry = zip.file(path.replace(/^\//, ''));
  if (!entry) return undefined;
  const chunks: Buffer[] = [];
  await inflateEntry(entry, limit, (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** Attributes kept, values as written: text is the content here, never data to convert. */
const XML_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  htmlEntities: true,
} as const;

export const xmlParser = new XMLParser(XML_OPTIONS);

/** The same parser keeping document order, for text whose order is the reading order. */
export const orderedXmlParser = new XMLParser({ ...XML_OPTIONS, preserveOrder: true });

export interface Relationship {
  id: string;
  type: string;
  /** The target as a package path without a leading slash, resolved against the source part. */
  target: string;
  external: boolean;
}

export async function readRelationships(zip: JSZip, sourcePart: string, limit = PACKAGE_LIMITS.part): Promise<Relationship[]> {
  const slash = sourcePart.lastIndexOf('/');
  const folder = slash >= 0 ? sourcePart.slice(0, slash + 1) : '';
  const name = sourcePart.slice(slash + 1);
  const xml = await readPart(zip, `${folder}_rels/${name}.rels`, limit);
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
export async function mainPartPath(zip: JSZip, limit = PACKAGE_LIMITS.part): Promise<string | undefined> {
  const relationships = await readRelationships(zip, '', limit);
  return relationships.find((relationship) => OFFICE_DOCUMENT.test(relationship.type) && !relationship.external)?.target;
}

/**
 * Which OOXML kind a zip is, from the content type its [Content_Types].xml gives the main part: a
 * zip whose main part is not a Word, Excel or PowerPoint main part is not an Office file.
 */
export async function ooxmlKindOfZip(bytes: Uint8Array): Promise<UploadKind | undefined> {
  try {
    const zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
    // This runs in the serving process, not the isolated worker: only small parts are inflated.
    const main = await mainPartPath(zip, SNIFF_PART_BYTES);
    const typesXml = await readPart(zip, '[Content_Types].xml', SNIFF_PART_BYTES);
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

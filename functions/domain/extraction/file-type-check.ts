import { fileTypeFromBuffer } from 'file-type';
import type { UploadKind } from './extracted-document';
import { EXTRACTION_MESSAGES } from './extraction-error';
import { byteOrderMark, unmarkedWideEncoding } from './text-decoding';

/**
 * Contract §9's "Accepted file types": the first extension and MIME type of each row are the
 * contract's; the rest are aliases that real clients send for the same files. Browsers take the MIME
 * type from the operating system's registry, so older Windows machines send `application/x-pdf`,
 * `application/msexcel` or `application/mspowerpoint`, and Markdown often arrives as `text/x-markdown`.
 * `application/vnd.ms-excel` is not an alias of csv here although Windows sends it for .csv files:
 * the extension decides first, and that MIME type alone must mean the xls row.
 */
export const ACCEPTED_TYPES: Record<UploadKind, { extensions: string[]; mimeTypes: string[] }> = {
  txt: { extensions: ['.txt'], mimeTypes: ['text/plain'] },
  pdf: { extensions: ['.pdf'], mimeTypes: ['application/pdf', 'application/x-pdf', 'application/acrobat'] },
  docx: {
    extensions: ['.docx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  },
  md: { extensions: ['.md', '.markdown'], mimeTypes: ['text/markdown', 'text/x-markdown'] },
  csv: { extensions: ['.csv'], mimeTypes: ['text/csv', 'application/csv', 'text/x-csv', 'text/comma-separated-values'] },
  json: { extensions: ['.json'], mimeTypes: ['application/json', 'text/json'] },
  xlsx: {
    extensions: ['.xlsx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  },
  xls: { extensions: ['.xls'], mimeTypes: ['application/vnd.ms-excel', 'application/msexcel', 'application/x-msexcel', 'application/x-excel'] },
  pptx: {
    extensions: ['.pptx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  },
  ppt: { extensions: ['.ppt'], mimeTypes: ['application/vnd.ms-powerpoint', 'application/mspowerpoint', 'application/x-mspowerpoint'] },
};

const KINDS = Object.keys(ACCEPTED_TYPES) as UploadKind[];
const TEXT_KINDS: ReadonlySet<UploadKind> = new Set(['txt', 'md', 'csv', 'json']);

/**
 * §9 accepts a file "by extension or by MIME type". The extension decides when it is one of ours:
 * it is what the person chose, while the MIME type is the browser's guess from that same extension
 * (or `application/octet-stream`). The MIME type decides only for names without an accepted extension.
 * Either way the content is checked afterwards by {@link sniffKind}.
 */
export function kindFromNameOrMime(fileName: string, mimeType: string): UploadKind | undefined {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 || (dot === 0 && fileName.length > 1) ? fileName.slice(dot).toLowerCase() : '';
  if (extension) {
    const byExtension = KINDS.find((kind) => ACCEPTED_TYPES[kind].extensions.includes(extension));
    if (byExtension) return byExtension;
  }
  const essence = mimeType.split(';')[0]!.trim().toLowerCase();
  if (!essence) return undefined;
  return KINDS.find((kind) => ACCEPTED_TYPES[kind].mimeTypes.includes(essence));
}

export type SniffResult = { ok: true; kind: UploadKind } | { ok: false; reason: string };

// Families whose members one library reads alike: a workbook saved as .xls by a program that
// really wrote xlsx (or the reverse) is still the workbook the person meant to upload.
const FAMILY: Record<UploadKind, 'text' | 'pdf' | 'document' | 'workbook' | 'presentation'> = {
  txt: 'text',
  md: 'text',
  csv: 'text',
  json: 'text',
  pdf: 'pdf',
  docx: 'document',
  xlsx: 'workbook',
  xls: 'workbook',
  pptx: 'presentation',
  ppt: 'presentation',
};

// file-type recognises some text formats by their first bytes; they are still text.
const TEXTUAL_DETECTIONS: ReadonlySet<string> = new Set(['xml', 'rtf', 'ics', 'vcf', 'vtt', 'svg']);

/**
 * Checks the bytes against the kind the name or MIME type claimed, so that a program renamed to
 * .pdf or a zip renamed to .docx is refused with "File content does not match its type" before a
 * parser sees it. The kind returned may differ from the claim inside one family (see FAMILY).
 * An empty file passes: it is refused as "empty" by the extractor, which is the truer reason.
 * Encrypted OOXML passes too: Office saves it as an OLE container whatever the extension, and the
 * extractor's "password-protected" is what the person needs to hear.
 */
export async function sniffKind(bytes: Uint8Array, claimed: UploadKind): Promise<SniffResult> {
  if (bytes.length === 0) return { ok: true, kind: claimed };
  const family = FAMILY[claimed];
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);

  if (family === 'text') {
    if (detected && !TEXTUAL_DETECTIONS.has(detected.ext)) return mismatch();
    return looksLikeText(bytes) ? { ok: true, kind: claimed } : mismatch();
  }

  if (family === 'pdf') return hasPdfHeader(bytes) ? { ok: true, kind: 'pdf' } : mismatch();

  if (detected?.ext === 'cfb' || isOle(bytes)) return await sniffOle(bytes, claimed);

  if (detected && OOXML_DETECTIONS[detected.ext]) return withinFamily(OOXML_DETECTIONS[detected.ext]!, claimed);
  if (detected?.ext === 'zip' || isZip(bytes)) {
    // Loaded on demand, like every container reader here: a text file should not pay for JSZip.
    const { ooxmlKindOfZip } = await import('./ooxml-package');
    const kind = await ooxmlKindOfZip(bytes);
    return kind ? withinFamily(kind, claimed) : mismatch();
  }

  // Spreadsheet programs and reporting tools save HTML tables, SpreadsheetML 2003 XML and tab
  // separated text under the .xls name, and SheetJS reads all of them.
  if (claimed === 'xls' && (!detected || TEXTUAL_DETECTIONS.has(detected.ext)) && looksLikeText(bytes)) return { ok: true, kind: 'xls' };
  return mismatch();
}

// Macro-enabled files, templates and slide shows share their family's main part and parser.
const OOXML_DETECTIONS: Record<string, UploadKind> = {
  docx: 'docx',
  docm: 'docx',
  dotx: 'docx',
  dotm: 'docx',
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  xltx: 'xlsx',
  xltm: 'xlsx',
  pptx: 'pptx',
  pptm: 'pptx',
  potx: 'pptx',
  potm: 'pptx',
  ppsx: 'pptx',
  ppsm: 'pptx',
};

function withinFamily(actual: UploadKind, claimed: UploadKind): SniffResult {
  return FAMILY[actual] === FAMILY[claimed] ? { ok: true, kind: actual } : mismatch();
}

async function sniffOle(bytes: Uint8Array, claimed: UploadKind): Promise<SniffResult> {
  const { findOleStream, isEncryptedOoxml, readOleContainer } = await import('./ole-container');
  const container = readOleContainer(bytes);
  if (!container) return mismatch();
  if (isEncryptedOoxml(container)) return { ok: true, kind: claimed };
  const family = FAMILY[claimed];
  if (family === 'workbook' && (findOleStream(container, 'Workbook') || findOleStream(container, 'Book'))) return { ok: true, kind: 'xls' };
  if (family === 'presentation' && findOleStream(container, 'PowerPoint Document')) return { ok: true, kind: 'ppt' };
  return mismatch();
}

function mismatch(): SniffResult {
  return { ok: false, reason: EXTRACTION_MESSAGES.type_mismatch };
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05) && (bytes[3] === 0x04 || bytes[3] === 0x06);
}

function isOle(bytes: Uint8Array): boolean {
  const signature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return signature.every((byte, index) => bytes[index] === byte);
}

// PDF readers accept the header anywhere in the first kilobyte (ISO 32000 implementation note).
function hasPdfHeader(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024));
  return head.includes('%PDF-', 0, 'latin1');
}

const TEXT_SAMPLE_BYTES = 64 * 1024;

/**
 * Text has no NUL bytes unless it is UTF-16/32, which a byte order mark or the NULs' regular
 * positions reveal; and little else below 0x20 besides tab, line ends and form feed. Anything else
 * is a binary file under a text name. Only the start is sampled: that is what every sniffer does,
 * and a binary file does not turn into text later on.
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (byteOrderMark(bytes)) return true;
  const sample = bytes.subarray(0, TEXT_SAMPLE_BYTES);
  if (unmarkedWideEncoding(sample)) return true;
  let controls = 0;
  for (const byte of sample) {
    if (byte === 0) return false;
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1b) || byte === 0x7f) {
      controls += 1;
    }
  }
  return controls <= sample.length * 0.01;
}

export function isTextKind(kind: UploadKind): boolean {
  return TEXT_KINDS.has(kind);
}

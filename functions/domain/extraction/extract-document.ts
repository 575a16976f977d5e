import type { ExtractedDocument, UploadKind } from './extracted-document';
import { EXTRACTION_MESSAGES, ExtractionError } from './extraction-error';
import { isTextKind, kindFromNameOrMime, sniffKind } from './file-type-check';

export interface ExtractionInput {
  bytes: Uint8Array;
  fileName: string;
  mimeType: string;
}

/**
 * Text and structure of an uploaded file, in this process. Every refusal is an ExtractionError whose
 * message is the reason shown to the person (contract §9 "File status"); a parser's own exception
 * never escapes, because its wording means nothing to them. The caller's bytes are not modified.
 * Untrusted files should go through extractDocumentIsolated, which bounds memory and time.
 */
export async function extractDocument(input: ExtractionInput): Promise<ExtractedDocument> {
  const claimed = kindFromNameOrMime(input.fileName, input.mimeType);
  if (!claimed) throw new ExtractionError('unsupported_type', EXTRACTION_MESSAGES.unsupported_type);
  const { bytes } = input;
  if (bytes.length === 0) throw new ExtractionError('empty', EXTRACTION_MESSAGES.empty);

  const sniffed = await sniffKind(bytes, claimed);
  if (!sniffed.ok) throw new ExtractionError('unsupported_type', sniffed.reason);

  try {
    return await extractKind(sniffed.kind, bytes);
  } catch (error) {
    throw asExtractionError(error);
  }
}

// Each reader is loaded when its kind first comes: pdf.js, SheetJS and mammoth are megabytes of
// code, and an isolated worker (a fresh thread per file) should load only the one it needs.
async function extractKind(kind: UploadKind, bytes: Uint8Array): Promise<ExtractedDocument> {
  if (!isTextKind(kind) && kind !== 'pdf') await refuseEncryptedOoxml(bytes);
  switch (kind) {
    case 'txt':
      return (await import('./kinds/plain-text')).extractPlainText(bytes);
    case 'md':
      return (await import('./kinds/markdown')).extractMarkdown(bytes);
    case 'csv':
      return (await import('./kinds/csv')).extractCsv(bytes);
    case 'json':
      return (await import('./kinds/json')).extractJson(bytes);
    case 'pdf':
      return (await import('./kinds/pdf')).extractPdf(bytes);
    case 'docx':
      return (await import('./kinds/docx')).extractDocx(bytes);
    case 'xlsx':
    case 'xls':
      // SheetJS inflates the zip itself, with no cap of its own; an encrypted workbook is no zip.
      if (isZip(bytes)) await (await import('./ooxml-package')).assertPackageWithinLimits(bytes);
      return (await import('./kinds/spreadsheet')).extractSpreadsheet(bytes, kind);
    case 'pptx':
      return (await import('./kinds/pptx')).extractPptx(bytes);
    case 'ppt':
      return (await import('./kinds/ppt')).extractPpt(bytes);
  }
}

// An encrypted docx, xlsx or pptx is an OLE container whichever extension it has; sniffKind lets it
// through so that the person hears the real reason here.
async function refuseEncryptedOoxml(bytes: Uint8Array): Promise<void> {
  if (bytes[0] !== 0xd0 || bytes[1] !== 0xcf) return;
  const { isEncryptedOoxml, readOleContainer } = await import('./ole-container');
  const container = readOleContainer(bytes);
  if (container && isEncryptedOoxml(container)) {
    throw new ExtractionError('password_protected', EXTRACTION_MESSAGES.password_protected);
  }
}

/**
 * Maps what a parser threw onto the reasons people are shown: running out of string or buffer space
 * is "too large"; anything else a parser could not cope with is "could not be parsed".
 */
export function asExtractionError(error: unknown): ExtractionError {
  if (error instanceof ExtractionError) return error;
  if (error instanceof RangeError && /Invalid (string|array|typed array) length|allocation failed|Array buffer/i.test(error.message)) {
    return new ExtractionError('too_large', EXTRACTION_MESSAGES.too_large, { cause: error });
  }
  return new ExtractionError('malformed', EXTRACTION_MESSAGES.malformed, { cause: error });
}

function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

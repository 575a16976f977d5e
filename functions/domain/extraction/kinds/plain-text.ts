import type { ExtractedDocument } from '../extracted-document';
import { assembleDocument } from '../document-assembly';
import { decodeText } from '../text-decoding';
import { markupSections } from './markup-sections';

/**
 * A text file is one section, unless it is reStructuredText or AsciiDoc (documentation is often
 * uploaded as .txt in one of those): then it is cut at its titles, each section under its heading
 * path (markup-sections.ts).
 */
export function extractPlainText(bytes: Uint8Array): ExtractedDocument {
  const { text, encoding } = decodeText(bytes);
  return assembleDocument('txt', markupSections(text) ?? [{ text }], { encoding });
}

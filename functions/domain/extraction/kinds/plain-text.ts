import type { ExtractedDocument } from '../extracted-document';
import { assembleDocument } from '../document-assembly';
import { decodeText } from '../text-decoding';

/** A text file is one section: it has no structure a reader could cite beyond the text itself. */
export function extractPlainText(bytes: Uint8Array): ExtractedDocument {
  const { text, encoding } = decodeText(bytes);
  return assembleDocument('txt', [{ text }], { encoding });
}

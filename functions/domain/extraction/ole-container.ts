import * as CFB from 'cfb';

export type OleContainer = CFB.CFB$Container;

/**
 * Legacy Office files (xls, ppt, doc) and every password-protected OOXML file are OLE compound
 * files: a little FAT file system of named streams. Returns undefined for bytes that are not one.
 */
export function readOleContainer(bytes: Uint8Array): OleContainer | undefined {
  try {
    return CFB.read(bytes, { type: 'buffer' });
  } catch {
    return undefined;
  }
}

/** Stream names are case-insensitive in the format, and writers differ in case. */
export function findOleStream(container: OleContainer, name: string): Uint8Array | undefined {
  const wanted = name.toLowerCase();
  const index = container.FileIndex.findIndex((entry) => entry.type === 2 && entry.name.toLowerCase() === wanted);
  if (index < 0) return undefined;
  const content = container.FileIndex[index]!.content as CFB.CFB$Blob | undefined;
  if (!content) return new Uint8Array(0);
  return content instanceof Uint8Array ? content : Uint8Array.from(content);
}

/**
 * ECMA-376 Part 2 (Agile or Standard encryption): Office wraps an encrypted docx/xlsx/pptx in an OLE
 * container holding EncryptionInfo and EncryptedPackage, whatever extension the file keeps.
 */
export function isEncryptedOoxml(container: OleContainer): boolean {
  return Boolean(findOleStream(container, 'EncryptionInfo') && findOleStream(container, 'EncryptedPackage'));
}

import { ACCEPTED_TYPES, kindFromNameOrMime } from '../extraction/file-type-check';
import { MAX_FILE_BYTES } from '../files/file-messages';
import { DRIVE_MESSAGES } from '../../../shared/api/schemas/drive';
import type { GoogleDriveFile } from './google-drive-client';

/** §12.2: Google Docs, Sheets and Slides are exported as docx, xlsx and pptx. */
export const GOOGLE_EXPORTS: Record<string, { mimeType: string; extension: string }> = {
  'application/vnd.google-apps.document': { mimeType: ACCEPTED_TYPES.docx.mimeTypes[0]!, extension: '.docx' },
  'application/vnd.google-apps.spreadsheet': { mimeType: ACCEPTED_TYPES.xlsx.mimeTypes[0]!, extension: '.xlsx' },
  'application/vnd.google-apps.presentation': { mimeType: ACCEPTED_TYPES.pptx.mimeTypes[0]!, extension: '.pptx' },
};

const GOOGLE_NATIVE_PREFIX = 'application/vnd.google-apps.';

/** How one Drive file becomes a file item: its name and type there, and whether it is exported. */
export interface DriveImportPlan {
  /** The item's name: the Drive name, with the export's extension when it lacks one. */
  name: string;
  mimeType: string;
  exportMimeType?: string;
  /** Bytes Drive declares; 0 for Google-native documents, whose size is known only once exported. */
  declaredSize: number;
}

export type DrivePlanResult = { ok: true; plan: DriveImportPlan } | { ok: false; message: string };

/**
 * Whether a Drive file can be imported, and how: an accepted type of §9 (by name or MIME type, as an
 * upload is judged) of at most 50 MB, or a Google Doc, Sheet or Slides deck, exported. Every other
 * Google-native type (forms, drawings, shortcuts, folders) is not accepted.
 */
export function planDriveImport(file: Pick<GoogleDriveFile, 'name' | 'mimeType' | 'size'>): DrivePlanResult {
  const exported = GOOGLE_EXPORTS[file.mimeType];
  if (exported) {
    const name = file.name.toLowerCase().endsWith(exported.extension) ? file.name : `${file.name}${exported.extension}`;
    return { ok: true, plan: { name, mimeType: exported.mimeType, exportMimeType: exported.mimeType, declaredSize: 0 } };
  }
  if (file.mimeType.startsWith(GOOGLE_NATIVE_PREFIX)) return { ok: false, message: DRIVE_MESSAGES.typeNotAccepted };
  const kind = kindFromNameOrMime(file.name, file.mimeType);
  if (!kind) return { ok: false, message: DRIVE_MESSAGES.typeNotAccepted };
  const declaredSize = Number(file.size ?? 0);
  const size = Number.isFinite(declaredSize) && declaredSize > 0 ? Math.trunc(declaredSize) : 0;
  if (size > MAX_FILE_BYTES) return { ok: false, message: DRIVE_MESSAGES.tooLarge };
  const mimeType = ACCEPTED_TYPES[kind].mimeTypes.includes(file.mimeType) ? file.mimeType : ACCEPTED_TYPES[kind].mimeTypes[0]!;
  return { ok: true, plan: { name: file.name, mimeType, declaredSize: size } };
}

/** §12.1's `supported`: the file's type can be imported (its size is judged when it is synced). */
export function isSupportedType(file: Pick<GoogleDriveFile, 'name' | 'mimeType'>): boolean {
  return planDriveImport({ ...file, size: undefined }).ok;
}

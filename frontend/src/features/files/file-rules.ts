import type { DataSourceItem, Folder } from './types';

/**
 * The file manager's rules and texts (spec 02 §5, §8, §9; contract §9, §10) as pure functions, so the
 * pages, the upload modal and the tests share one copy of each message and limit.
 */

/** Contract §9: the accepted types, by extension and by MIME type. */
export const ACCEPTED_FILE_TYPES: ReadonlyArray<{ extension: string; mimeType: string }> = [
  { extension: '.txt', mimeType: 'text/plain' },
  { extension: '.pdf', mimeType: 'application/pdf' },
  { extension: '.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  { extension: '.md', mimeType: 'text/markdown' },
  { extension: '.csv', mimeType: 'text/csv' },
  { extension: '.json', mimeType: 'application/json' },
  { extension: '.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  { extension: '.xls', mimeType: 'application/vnd.ms-excel' },
  { extension: '.pptx', mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  { extension: '.ppt', mimeType: 'application/vnd.ms-powerpoint' },
];

/** The `accept` attribute of the file pickers. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_FILE_TYPES.map((type) => type.extension).join(',');
/** Spec 02 upload modal: 'Supported formats: ...'. */
export const SUPPORTED_FORMATS_TEXT = `Supported formats: ${ACCEPTED_FILE_TYPES.map((type) => type.extension.slice(1).toUpperCase()).join(', ')}`;

/** Spec 02 §9: 50 MB on the file manager (the server's limit everywhere, contract §9) ... */
export const FILE_MANAGER_MAX_UPLOAD_MB = 50;
/** ... and 10 MB on My Uploaded Files, a client-side choice. */
export const MY_FILES_MAX_UPLOAD_MB = 10;
/** Spec 02 §4: the progress bar resets 1 second after finishing. */
export const PROGRESS_RESET_MS = 1000;
/** How often the list re-reads while any item is still pending (uploaded, not yet processed). */
export const PENDING_POLL_MS = 2000;

/** Spec 02 §9: file list page sizes, default 10. */
export const FILE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_FILE_PAGE_SIZE = 10;

/** Spec 02 §9 / contract §1.10: folder name and description limits. */
export const FOLDER_NAME_MAX = 255;
export const DESCRIPTION_MAX = 1000;

export const MESSAGES = {
  fileTypeNotAccepted: 'File type not accepted',
  fileTooLarge: (megabytes: number) => `File size exceeds ${megabytes}MB limit`,
  uploadStatus: (status: number) => `Upload failed with status ${status}`,
  uploadNetwork: 'Network error during upload',
  uploadFailed: 'Failed to upload file(s)',
  uploaded: 'File uploaded successfully',
  /** The Files list's tooltip text for a failed file without a reason (FileStatusBadge). */
  processingFailed: 'Processing failed',
  folderNameRequired: 'Folder name is required',
  folderNameTooLong: `Folder name must be at most ${FOLDER_NAME_MAX} characters`,
  nameRequired: 'Name cannot be empty',
  nameTooLong: `Name must be at most ${FOLDER_NAME_MAX} characters`,
  nameSlash: 'Name must not contain / or \\',
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX} characters`,
  cannotMoveHere: "Can't move to this folder",
  someNotMoved: 'Some items could not be moved',
  moveItemsFailed: 'Failed to move items',
  moveFilesFailed: 'Failed to move files',
} as const;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

/**
 * The MIME type to declare for a file. Browsers leave `type` empty or guess differently per platform
 * (a .csv is often application/vnd.ms-excel on Windows, a .md is often empty), so the extension's type
 * from the contract's table wins; the server signs the PUT with what is declared here.
 */
export function mimeTypeFor(file: Pick<File, 'name' | 'type'>): string {
  const byExtension = ACCEPTED_FILE_TYPES.find((type) => type.extension === extensionOf(file.name));
  return byExtension?.mimeType ?? (file.type || 'application/octet-stream');
}

/** Spec 02 §5: accepted by extension or by MIME type. */
export function isAcceptedFile(file: Pick<File, 'name' | 'type'>): boolean {
  const extension = extensionOf(file.name);
  return ACCEPTED_FILE_TYPES.some((type) => type.extension === extension || (file.type !== '' && type.mimeType === file.type));
}

/** The client-side check before any call: the spec's message, or undefined when the file may go. */
export function validateUploadFile(file: Pick<File, 'name' | 'type' | 'size'>, maxMegabytes: number): string | undefined {
  if (!isAcceptedFile(file)) return MESSAGES.fileTypeNotAccepted;
  if (file.size > maxMegabytes * 1024 * 1024) return MESSAGES.fileTooLarge(maxMegabytes);
  return undefined;
}

/** Spec 02 §9: sizes in 1024 units. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? value.toFixed(0) : value.toFixed(1)} ${units[unit]}`;
}

/** A friendly type name for the details dialog and the rows. */
export function fileTypeLabel(item: Pick<DataSourceItem, 'name' | 'metadata'>): string {
  const extension = extensionOf(item.metadata?.original_filename ?? item.name);
  if (extension) return extension.slice(1).toUpperCase();
  return item.metadata?.mime_type ?? 'File';
}

export function folderNameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return MESSAGES.folderNameRequired;
  if (trimmed.length > FOLDER_NAME_MAX) return MESSAGES.folderNameTooLong;
  return undefined;
}

/** Contract §9.3 / §10.5: renames of files and folders. */
export function renameError(name: string, kind: 'file' | 'folder'): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return MESSAGES.nameRequired;
  if (trimmed.length > FOLDER_NAME_MAX) return MESSAGES.nameTooLong;
  if (kind === 'file' && /[/\\]/.test(trimmed)) return MESSAGES.nameSlash;
  return undefined;
}

export function descriptionError(description: string): string | undefined {
  return description.length > DESCRIPTION_MAX ? MESSAGES.descriptionTooLong : undefined;
}

/** Spec 02 Files page: the browser confirm of a bulk delete. */
export function bulkDeleteConfirmText(items: ReadonlyArray<Pick<DataSourceItem, 'item_type'>>): string {
  const folders = items.filter((item) => item.item_type === 'folder').length;
  const files = items.length - folders;
  return `Are you sure you want to delete ${files} file(s) and ${folders} folder(s)?`;
}

/** Spec 02 Confirm Delete dialog. */
export function deleteConfirmText(name: string): string {
  return `Are you sure you want to delete "${name}"?`;
}

/**
 * The folders a move may not target: every moved folder and all of its descendants (spec 02 §4: "A move
 * into itself or one of its descendants is blocked"). Files never block anything.
 */
export function blockedFolderIds(folders: ReadonlyArray<Pick<Folder, 'id' | 'parent_id'>>, movedFolderIds: Iterable<string>): Set<string> {
  const children = new Map<string, string[]>();
  for (const folder of folders) {
    if (!folder.parent_id) continue;
    const list = children.get(folder.parent_id) ?? [];
    list.push(folder.id);
    children.set(folder.parent_id, list);
  }
  const blocked = new Set<string>();
  const queue = [...movedFolderIds];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    if (blocked.has(id)) continue;
    blocked.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return blocked;
}

export interface MoveOutcome {
  item: Pick<DataSourceItem, 'id' | 'name' | 'item_type'>;
  error?: unknown;
}

export interface MoveSummary {
  severity: 'success' | 'warning' | 'error';
  /** The headline: the spec's text for a partial or total failure. */
  message: string;
  /** One line per failed item, with the server's reason. */
  failures: string[];
}

/**
 * Spec 02 §4 / §8: a move of several items may partly fail ('Some items could not be moved'); when
 * nothing moved it is 'Failed to move items', or 'Failed to move files' when only files were moved.
 */
export function summarizeMove(outcomes: readonly MoveOutcome[]): MoveSummary {
  const failed = outcomes.filter((outcome) => outcome.error !== undefined);
  const failures = failed.map((outcome) => `${outcome.item.name}: ${reasonOf(outcome.error)}`);
  if (failed.length === 0) {
    const count = outcomes.length;
    return { severity: 'success', message: count === 1 ? `Moved "${outcomes[0]?.item.name ?? ''}"` : `Moved ${count} items`, failures };
  }
  if (failed.length < outcomes.length) return { severity: 'warning', message: MESSAGES.someNotMoved, failures };
  const onlyFiles = outcomes.every((outcome) => outcome.item.item_type === 'file');
  return { severity: 'error', message: onlyFiles ? MESSAGES.moveFilesFailed : MESSAGES.moveItemsFailed, failures };
}

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Request failed';
}

/** Spec 02 §6: Owner when the caller created it, Manager when they may manage it (or are admin), else Viewer. */
export function accessLevelOf(item: Pick<DataSourceItem, 'created_by' | 'canManage'>, user: { id: string; isAdmin: boolean } | undefined): 'Owner' | 'Manager' | 'Viewer' {
  if (user && item.created_by && item.created_by === user.id) return 'Owner';
  if (item.canManage || user?.isAdmin) return 'Manager';
  return 'Viewer';
}

/** The list of a page polls while anything on it is still being uploaded or processed. */
export function hasPendingItems(items: ReadonlyArray<Pick<DataSourceItem, 'item_type' | 'status'>> | undefined): boolean {
  return Boolean(items?.some((item) => item.item_type === 'file' && item.status === 'pending'));
}

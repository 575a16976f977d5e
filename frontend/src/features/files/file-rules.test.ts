import { describe, expect, it } from 'vitest';
import {
  accessLevelOf,
  blockedFolderIds,
  bulkDeleteConfirmText,
  folderNameError,
  formatBytes,
  hasPendingItems,
  isAcceptedFile,
  mimeTypeFor,
  renameError,
  summarizeMove,
  SUPPORTED_FORMATS_TEXT,
  validateUploadFile,
} from './file-rules';

const MB = 1024 * 1024;

describe('upload validation', () => {
  it('accepts the contract types by extension or by MIME type', () => {
    expect(isAcceptedFile({ name: 'Report.PDF', type: '' })).toBe(true);
    expect(isAcceptedFile({ name: 'notes', type: 'text/markdown' })).toBe(true);
    expect(isAcceptedFile({ name: 'slides.pptx', type: '' })).toBe(true);
    expect(isAcceptedFile({ name: 'photo.png', type: 'image/png' })).toBe(false);
    expect(isAcceptedFile({ name: '.pdf', type: '' })).toBe(false);
  });

  it("says 'File type not accepted' before checking the size", () => {
    expect(validateUploadFile({ name: 'movie.mp4', type: 'video/mp4', size: 500 * MB }, 50)).toBe('File type not accepted');
  });

  it('applies the 50 MB limit of the file manager and the 10 MB limit of My Files', () => {
    expect(validateUploadFile({ name: 'a.pdf', type: 'application/pdf', size: 50 * MB }, 50)).toBeUndefined();
    expect(validateUploadFile({ name: 'a.pdf', type: 'application/pdf', size: 50 * MB + 1 }, 50)).toBe('File size exceeds 50MB limit');
    expect(validateUploadFile({ name: 'a.pdf', type: 'application/pdf', size: 10 * MB + 1 }, 10)).toBe('File size exceeds 10MB limit');
  });

  it("declares the extension's MIME type when the browser guesses differently", () => {
    expect(mimeTypeFor({ name: 'data.csv', type: 'application/vnd.ms-excel' })).toBe('text/csv');
    expect(mimeTypeFor({ name: 'readme.md', type: '' })).toBe('text/markdown');
    expect(mimeTypeFor({ name: 'doc.docx', type: '' })).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('lists the supported formats', () => {
    expect(SUPPORTED_FORMATS_TEXT).toBe('Supported formats: TXT, PDF, DOCX, MD, CSV, JSON, XLSX, XLS, PPTX, PPT');
  });
});

describe('names', () => {
  it('uses the folder texts for new folders and the rename texts for renames', () => {
    expect(folderNameError('   ')).toBe('Folder name is required');
    expect(folderNameError('x'.repeat(256))).toBe('Folder name must be at most 255 characters');
    expect(folderNameError(' Reports ')).toBeUndefined();
    expect(renameError('', 'folder')).toBe('Name cannot be empty');
    expect(renameError('a/b.pdf', 'file')).toBe('Name must not contain / or \\');
    expect(renameError('ok.pdf', 'file')).toBeUndefined();
  });
});

describe('bulk delete confirm', () => {
  it('counts files and folders as the browser confirm says it', () => {
    expect(bulkDeleteConfirmText([{ item_type: 'file' }, { item_type: 'folder' }, { item_type: 'file' }])).toBe('Are you sure you want to delete 2 file(s) and 1 folder(s)?');
  });
});

describe('moves', () => {
  const folders = [
    { id: 'a', parent_id: 'root' },
    { id: 'a1', parent_id: 'a' },
    { id: 'a1x', parent_id: 'a1' },
    { id: 'b', parent_id: 'root' },
  ];

  it('refuses the moved folder and every descendant, nothing else', () => {
    expect([...blockedFolderIds(folders, ['a'])].sort()).toEqual(['a', 'a1', 'a1x']);
    expect([...blockedFolderIds(folders, ['a1', 'b'])].sort()).toEqual(['a1', 'a1x', 'b']);
    expect(blockedFolderIds(folders, []).size).toBe(0);
  });

  const file = (name: string) => ({ id: name, name, item_type: 'file' as const });
  const folder = (name: string) => ({ id: name, name, item_type: 'folder' as const });

  it("reports a partial failure as 'Some items could not be moved' with each reason", () => {
    const summary = summarizeMove([{ item: file('a.pdf') }, { item: folder('Reports'), error: new Error('A folder with this name already exists in this location') }]);
    expect(summary.severity).toBe('warning');
    expect(summary.message).toBe('Some items could not be moved');
    expect(summary.failures).toEqual(['Reports: A folder with this name already exists in this location']);
  });

  it('reports a total failure with the catalogue text for files or items', () => {
    expect(summarizeMove([{ item: file('a.pdf'), error: new Error('x') }]).message).toBe('Failed to move files');
    expect(summarizeMove([{ item: file('a.pdf'), error: new Error('x') }, { item: folder('F'), error: new Error('y') }]).message).toBe('Failed to move items');
    expect(summarizeMove([{ item: file('a.pdf') }, { item: file('b.pdf') }])).toMatchObject({ severity: 'success', message: 'Moved 2 items' });
  });
});

describe('display', () => {
  it('formats sizes in 1024 units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(50 * MB)).toBe('50 MB');
    expect(formatBytes(undefined)).toBe('—');
  });

  it('derives the access level: Owner, Manager, Viewer', () => {
    expect(accessLevelOf({ created_by: 'u1', canManage: true }, { id: 'u1', isAdmin: false })).toBe('Owner');
    expect(accessLevelOf({ created_by: 'u2', canManage: true }, { id: 'u1', isAdmin: true })).toBe('Manager');
    expect(accessLevelOf({ created_by: 'u2', canManage: false }, { id: 'u1', isAdmin: true })).toBe('Manager');
    expect(accessLevelOf({ created_by: 'u2', canManage: false }, { id: 'u1', isAdmin: false })).toBe('Viewer');
  });

  it('polls only while a file is pending', () => {
    expect(hasPendingItems([{ item_type: 'folder', status: 'pending' }])).toBe(false);
    expect(hasPendingItems([{ item_type: 'file', status: 'active' }, { item_type: 'file', status: 'pending' }])).toBe(true);
  });
});

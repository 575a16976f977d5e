import { DRIVE_MESSAGES } from '../../../../shared/api/schemas/drive';

/** Spec 02's cloud-drive texts. */
export const DRIVE_TEXTS = {
  title: 'Google Drive',
  subtitle: 'Import from Google Drive',
  connect: 'Connect Google Drive',
  browse: 'Browse Drive Files',
  pickerTitle: 'Select Files from Google Drive',
  refresh: 'Refresh',
  synced: 'Synced',
  notSupported: 'Not supported',
  syncedTable: 'Synced Drive Files',
  noSyncedFiles: 'No files synced from Google Drive yet',
  noDriveFiles: 'No files found in Google Drive',
  syncSucceeded: DRIVE_MESSAGES.synced,
  fetchSyncedFailed: 'Failed to fetch synced files',
  loadFailed: DRIVE_MESSAGES.loadFailed,
  syncFailed: 'Sync operation failed',
  oauthNotInitialized: 'Google OAuth not initialized',
  oauthError: (code: string) => `Google OAuth error: ${code}`,
  noAccessToken: 'Failed to receive access token',
  notConfigured: 'Google Drive is not configured for this installation',
  configureHint:
    'Set GOOGLE_DRIVE_CLIENT_ID to the client ID of a Google OAuth client (type "Web application", with this site as an authorized JavaScript origin) and restart Groundwork. See docs/drive.md.',
  syncButton: (count: number) => `Sync ${count} Files`,
  failedFile: (name: string, message: string) => `${name}: ${message}`,
} as const;

/** Spec 02: the next page loads when the list is scrolled within 100 px of its bottom. */
export const DRIVE_SCROLL_THRESHOLD_PX = 100;
/** Spec 02: the success message after a sync clears after 3 seconds. */
export const DRIVE_SUCCESS_CLEAR_MS = 3000;
/** Files asked for per page of the picker. */
export const DRIVE_PICKER_PAGE_SIZE = 50;
/** Rows of the synced-files table per page. */
export const SYNCED_PAGE_SIZE = 10;

/** Whether a scrolled box is close enough to its bottom to load the next page. */
export function nearBottom(box: { scrollHeight: number; scrollTop: number; clientHeight: number }, threshold = DRIVE_SCROLL_THRESHOLD_PX): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= threshold;
}

/** A token still usable for a request now. */
export function tokenUsable(token: { expiresAt: number } | undefined, now = Date.now()): boolean {
  return Boolean(token && token.expiresAt > now);
}

// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DriveFile } from '../../../../shared/api/schemas/drive';
import { bodyOf, fakeRoutes } from '../../__fixtures__/fake-api';
import { apiCalls, jsonResponse, renderApp, resetBrowserStateAfterEachTest, stubApi, testConfig } from '../../__fixtures__/test-auth';

resetBrowserStateAfterEachTest();

const LATER = { timeout: 5000 };

const driveFile = (id: string, name: string, extra: Partial<DriveFile> = {}): DriveFile => ({
  id,
  name,
  mimeType: 'text/plain',
  size: 120,
  modifiedTime: '2026-05-01T10:00:00.000Z',
  isSynced: false,
  supported: true,
  webViewLink: `https://drive.google.com/file/d/${id}/view`,
  ...extra,
});

const syncedItem = (id: string, name: string, status: string) => ({
  id,
  name,
  item_type: 'file',
  source_type: 'drive_sync',
  status,
  folder_id: 'fld_root',
  path: `Home/${name}`,
  created_by: 'usr_1',
  created_by_name: 'Ada Lovelace',
  canManage: true,
  created_at: '2026-05-02T10:00:00.000Z',
  updated_at: '2026-05-02T10:00:00.000Z',
  metadata: { original_filename: name, file_size: 120, mime_type: 'text/plain', object_name: `org/x/files/${id}/${name}`, folder_prefix: '', path_tokens: ['Home'], original_metadata: null, sync_completed_at: '2026-05-02T10:00:00.000Z', ...(status === 'failed' ? { error: 'Not authenticated with Google Drive' } : {}) },
});

function driveBackend(synced: unknown[] = []) {
  return fakeRoutes([
    { method: 'GET', path: /^\/api\/data-sources$/, reply: () => jsonResponse({ dataSources: synced, total: synced.length, page: 1, limit: 10, totalPages: 1 }) },
    {
      method: 'GET',
      path: /^\/api\/drive\/files$/,
      reply: (_match, url) =>
        url.searchParams.get('pageToken') === 'page-2'
          ? jsonResponse({ files: [driveFile('d-3', 'launch.mp4', { supported: true, mimeType: 'video/mp4' })] })
          : jsonResponse({ files: [driveFile('d-1', 'Harbor handbook.txt', { isSynced: true }), driveFile('d-2', 'Plan', { size: null, mimeType: 'application/vnd.google-apps.document' }), driveFile('d-4', 'Survey', { supported: false })], nextPageToken: 'page-2' }),
    },
    {
      method: 'POST',
      path: /^\/api\/drive\/sync$/,
      reply: () => jsonResponse({ success: true, dataSources: [syncedItem('fil_2', 'Plan.docx', 'pending')], failed: [{ fileId: 'd-3', message: 'File type not accepted' }] }, 202),
    },
  ]);
}

afterEach(() => {
  delete testConfig.googleDriveClientId;
  delete window.google;
});

describe('Google Drive page', () => {
  it('says what to configure when no Google client id is set, and still lists the synced files', async () => {
    stubApi('admin', driveBackend([syncedItem('fil_1', 'Harbor handbook.txt', 'active'), syncedItem('fil_9', 'notes.md', 'failed')]));
    renderApp('/data-sources/drive');
    expect((await screen.findByTestId('drive-not-configured', undefined, LATER)).textContent).toContain('GOOGLE_DRIVE_CLIENT_ID');
    expect(screen.queryByRole('button', { name: 'Connect Google Drive' })).toBeNull();
    await screen.findByText('Harbor handbook.txt', undefined, LATER);
    const rows = screen.getAllByTestId('synced-drive-row');
    expect(rows.map((row) => [row.getAttribute('data-item-name'), row.getAttribute('data-status')])).toEqual([
      ['Harbor handbook.txt', 'active'],
      ['notes.md', 'failed'],
    ]);
    expect(screen.getByText('Not authenticated with Google Drive')).toBeTruthy();
    for (const header of ['File Name', 'Size', 'Status', 'Synced At', 'Actions']) expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
  });

  it('connects with a drive.readonly token, pages the picker, and syncs the selection with the token in its header', async () => {
    testConfig.googleDriveClientId = 'client-1.apps.googleusercontent.com';
    const asked: Array<{ client_id: string; scope: string }> = [];
    window.google = {
      accounts: {
        oauth2: {
          initTokenClient: (config) => ({
            requestAccessToken: () => {
              asked.push({ client_id: config.client_id, scope: config.scope });
              config.callback({ access_token: 'ya29.page-test', expires_in: 3599 });
            },
          }),
        },
      },
    };
    const fetchMock = stubApi('admin', driveBackend());
    renderApp('/data-sources/drive');
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Google Drive' }, LATER));
    await screen.findByText('Select Files from Google Drive', undefined, LATER);
    expect(asked).toEqual([{ client_id: 'client-1.apps.googleusercontent.com', scope: 'https://www.googleapis.com/auth/drive.readonly' }]);
    // jsdom lays nothing out, so the short first page is "near the bottom" and the next one follows.
    await screen.findByText('launch.mp4', undefined, LATER);
    const listCalls = apiCalls(fetchMock, 'GET', '/api/drive/files');
    expect(listCalls.map(([url]) => new URL(String(url)).searchParams.get('pageToken'))).toEqual([null, 'page-2']);
    expect((listCalls[0]![1]!.headers as Record<string, string>)['X-Drive-Access-Token']).toBe('ya29.page-test');
    expect(screen.getAllByTestId('drive-synced-badge')).toHaveLength(1);
    expect((screen.getByRole('checkbox', { name: 'Select Survey' }).closest('[role="button"]') as HTMLElement).getAttribute('aria-disabled')).toBe('true');

    const syncButton = screen.getByTestId('drive-sync-button') as HTMLButtonElement;
    expect([syncButton.textContent, syncButton.disabled]).toEqual(['Sync 0 Files', true]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Plan' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select launch.mp4' }));
    expect(syncButton.textContent).toBe('Sync 2 Files');
    fireEvent.click(syncButton);

    expect((await screen.findByTestId('drive-sync-success', undefined, LATER)).textContent).toBe('Files synced successfully from Google Drive');
    expect(screen.getByTestId('drive-sync-failures').textContent).toBe('launch.mp4: File type not accepted');
    const [syncCall] = apiCalls(fetchMock, 'POST', '/api/drive/sync');
    expect(bodyOf(syncCall![1])).toEqual({ fileIds: ['d-2', 'd-3'], cloudProvider: 'aws' });
    expect((syncCall![1]!.headers as Record<string, string>)['X-Drive-Access-Token']).toBe('ya29.page-test');
    expect(await screen.findByRole('button', { name: 'Browse Drive Files' }, LATER)).toBeTruthy();
    // Spec 02: the success message clears after 3 seconds.
    await waitFor(() => expect(screen.queryByTestId('drive-sync-success')).toBeNull(), { timeout: 6000 });
  });
});

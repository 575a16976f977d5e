import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOW_PRIVATE_URLS_ENV } from '../../functions/domain/outbound/address-policy';
import { ENV } from '../../functions/platform/environment';
import { DRIVE_READONLY_SCOPE } from '../../shared/api/schemas/drive';
import { GOOGLE_IDENTITY_SCRIPT_URL } from '../../shared/config/runtime-config';
import { useBrowserPlatform } from '../support/browser';
import { minimalDocx } from '../support/extraction/fixture-builders';
import { startFakeGoogleDrive, type FakeDriveFile, type FakeGoogleDrive } from '../support/fake-google-drive/fake-google-drive-server';
import { expectText, newSession, signIn } from '../support/people';
import { unique } from '../support/unique-values';

/**
 * The Google Drive page in the browser (issue 19.5; spec 02 cloud drive): Google Identity Services is
 * replaced by a local stand-in served at its real URL, which hands out a token of the fake Google
 * Drive; an admin connects, scrolls the picker to its second page, searches, syncs two files (a text
 * file and a Google Doc) and sees them become active in 'Synced Drive Files' and under the Files
 * page's Drive filter, and marked 'Synced' when the picker opens again.
 */

const CLIENT_ID = '1234-drive.apps.googleusercontent.com';
const TOKEN = `ya29.${unique('browser-drive')}`;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The stand-in for https://accounts.google.com/gsi/client: the token model's one call, answered at once. */
const GOOGLE_IDENTITY_STAND_IN = `
window.__tokenRequests = [];
window.google = { accounts: { oauth2: { initTokenClient(config) {
  return { requestAccessToken() {
    window.__tokenRequests.push({ client_id: config.client_id, scope: config.scope });
    setTimeout(() => config.callback({ access_token: ${JSON.stringify(TOKEN)}, expires_in: 3599, scope: config.scope, token_type: 'Bearer' }), 0);
  } };
} } } };`;

describe('Google Drive: an admin picks two files in the picker and they become active files', () => {
  const saved = { policy: process.env[ALLOW_PRIVATE_URLS_ENV], base: process.env[ENV.googleApiBaseUrl], client: process.env[ENV.googleDriveClientId] };
  let drive: FakeGoogleDrive;

  beforeAll(async () => {
    const files: FakeDriveFile[] = [
      { id: 'd-handbook', name: 'Harbor handbook.txt', mimeType: 'text/plain', modifiedTime: '2026-06-02T09:00:00.000Z', content: Buffer.from('Berth fees are 42 crowns a night.') },
      {
        id: 'd-plan',
        name: 'Harbor plan',
        mimeType: 'application/vnd.google-apps.document',
        modifiedTime: '2026-06-01T09:00:00.000Z',
        exports: { [DOCX]: await minimalDocx([{ heading: 'Harbor plan', level: 1 }, { paragraph: 'The new pier opens in August.' }]) },
      },
    ];
    // More than one page of the picker (50), so the rest arrives only by scrolling.
    for (let index = 0; index < 58; index++) {
      files.push({ id: `d-report-${index}`, name: `Report ${String(index).padStart(2, '0')}.txt`, mimeType: 'text/plain', modifiedTime: `2026-05-${String(1 + (index % 28)).padStart(2, '0')}T08:00:00.000Z`, content: Buffer.from(`Report ${index}`) });
    }
    drive = await startFakeGoogleDrive({ tokens: [TOKEN], files });
    // Set before the platform starts: the runtime configuration carries the client id, and the fake is on loopback (§1.10).
    process.env[ALLOW_PRIVATE_URLS_ENV] = 'true';
    process.env[ENV.googleApiBaseUrl] = drive.origin;
    process.env[ENV.googleDriveClientId] = CLIENT_ID;
  });

  afterAll(async () => {
    await drive?.close();
    for (const [name, value] of [
      [ALLOW_PRIVATE_URLS_ENV, saved.policy],
      [ENV.googleApiBaseUrl, saved.base],
      [ENV.googleDriveClientId, saved.client],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  const suite = useBrowserPlatform();
  let session: { context: BrowserContext; page: Page };
  let admin: Page;

  afterAll(async () => {
    await session?.context.close().catch(() => undefined);
  });

  const pickerFiles = () => admin.getByTestId('drive-file');

  it('connects through Google Identity Services and pages the picker by scrolling', async () => {
    session = await newSession(suite.browser);
    admin = session.page;
    await session.context.route(GOOGLE_IDENTITY_SCRIPT_URL, (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: GOOGLE_IDENTITY_STAND_IN }));
    const { ADMIN } = suite.platform.credentials;
    await signIn(admin, suite.platform.url, ADMIN.email, ADMIN.password, '/dashboard');
    await admin.goto(`${suite.platform.url}/data-sources/drive`);
    await expect.poll(() => admin.getByTestId('page-title').innerText(), { timeout: 15_000 }).toBe('Google Drive');
    await expect.poll(() => admin.getByTestId('synced-drive-empty').isVisible(), { timeout: 15_000 }).toBe(true);

    await admin.getByRole('button', { name: 'Connect Google Drive' }).click();
    await expectText(admin, 'Select Files from Google Drive');
    expect(await admin.evaluate(() => (window as unknown as { __tokenRequests: unknown[] }).__tokenRequests)).toEqual([{ client_id: CLIENT_ID, scope: DRIVE_READONLY_SCOPE }]);
    await expect.poll(() => pickerFiles().count(), { timeout: 15_000 }).toBe(50);
    expect(drive.requests.filter((request) => request.path === '/drive/v3/files')).toHaveLength(1);

    await admin.getByTestId('drive-file-list').evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
    await expect.poll(() => pickerFiles().count(), { timeout: 15_000 }).toBe(60);
    const listCalls = drive.requests.filter((request) => request.path === '/drive/v3/files');
    expect(listCalls).toHaveLength(2);
    expect(listCalls[1]!.query.pageToken).toEqual(expect.any(String));
    expect(listCalls[1]!.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('searches, syncs two files, and shows them active in Synced Drive Files', async () => {
    await admin.getByTestId('drive-search').fill('Harbor');
    await admin.getByTestId('drive-search').press('Enter');
    await expect.poll(() => pickerFiles().count(), { timeout: 15_000 }).toBe(2);
    await admin.getByRole('checkbox', { name: 'Select Harbor handbook.txt' }).click();
    await admin.getByRole('checkbox', { name: 'Select Harbor plan' }).click();
    await admin.getByRole('button', { name: 'Sync 2 Files' }).click();
    await expectText(admin, 'Files synced successfully from Google Drive');

    const rows = admin.getByTestId('synced-drive-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await expect
      .poll(async () => (await rows.evaluateAll((elements) => elements.map((row) => `${row.getAttribute('data-item-name')}:${row.getAttribute('data-status')}`))).sort(), { timeout: 45_000 })
      .toEqual(['Harbor handbook.txt:active', 'Harbor plan.docx:active']);
    // Spec 02: the success message clears after 3 seconds.
    await expect.poll(() => admin.getByTestId('drive-sync-success').count(), { timeout: 10_000 }).toBe(0);
  });

  it('marks the synced files in the picker, and the Files page lists them under Drive Files', async () => {
    await admin.getByRole('button', { name: 'Browse Drive Files' }).click();
    await expect.poll(() => pickerFiles().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const badged = admin.getByTestId('drive-file').filter({ has: admin.getByTestId('drive-synced-badge') });
    await expect.poll(() => badged.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-file-id')).sort()), { timeout: 15_000 }).toEqual(['d-handbook', 'd-plan']);
    await admin.getByRole('button', { name: 'Cancel' }).click();

    await admin.goto(`${suite.platform.url}/data-sources`);
    await expect.poll(() => admin.getByTestId('page-title').innerText(), { timeout: 15_000 }).toBe('Files');
    await admin.getByRole('combobox', { name: 'Source' }).click();
    await admin.getByRole('option', { name: 'Drive Files' }).click();
    const fileRows = admin.getByTestId('file-row');
    await expect.poll(async () => (await fileRows.evaluateAll((elements) => elements.map((row) => row.getAttribute('data-item-name')))).sort(), { timeout: 15_000 }).toEqual(['Harbor handbook.txt', 'Harbor plan.docx']);
  });
});

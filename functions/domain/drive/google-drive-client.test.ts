import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOW_PRIVATE_URLS_ENV } from '../outbound/address-policy';
import { startFakeGoogleDrive, type FakeGoogleDrive } from '../../../test/support/fake-google-drive/fake-google-drive-server';
import { DriveAuthRejectedError, DriveContentTooLargeError, DriveFileMissingError, DriveUnavailableError, escapeQueryValue, GoogleDriveClient } from './google-drive-client';

let drive: FakeGoogleDrive;
const saved = process.env[ALLOW_PRIVATE_URLS_ENV];

beforeAll(async () => {
  process.env[ALLOW_PRIVATE_URLS_ENV] = 'true';
  drive = await startFakeGoogleDrive({
    tokens: ['good'],
    files: [
      { id: 'a', name: "Bob's notes.txt", mimeType: 'text/plain', modifiedTime: '2026-01-02T00:00:00.000Z', content: Buffer.from('0123456789abcdef') },
      { id: 'b', name: 'Plan', mimeType: 'application/vnd.google-apps.document', modifiedTime: '2026-01-01T00:00:00.000Z', exports: { 'text/plain': Buffer.from('plan') } },
    ],
  });
});

afterAll(async () => {
  await drive?.close();
  if (saved === undefined) delete process.env[ALLOW_PRIVATE_URLS_ENV];
  else process.env[ALLOW_PRIVATE_URLS_ENV] = saved;
});

describe('GoogleDriveClient', () => {
  it('escapes quotes and backslashes in a search, as Drive’s query language wants', async () => {
    expect(escapeQueryValue("it's a \\ path")).toBe("it\\'s a \\\\ path");
    const page = await new GoogleDriveClient(drive.origin, 'good').list({ pageSize: 10, search: "Bob's" });
    expect(page.files.map((file) => file.id)).toEqual(['a']);
  });

  it('stops reading a download at the cap', async () => {
    const client = new GoogleDriveClient(`${drive.origin}/`, 'good');
    expect(Buffer.from(await client.download('a', 16)).toString()).toBe('0123456789abcdef');
    await expect(client.download('a', 15)).rejects.toBeInstanceOf(DriveContentTooLargeError);
    expect(Buffer.from(await client.export('b', 'text/plain', 100)).toString()).toBe('plan');
  });

  it('tells a rejected token, a missing file and an unreachable Drive apart', async () => {
    await expect(new GoogleDriveClient(drive.origin, 'revoked').get('a')).rejects.toBeInstanceOf(DriveAuthRejectedError);
    await expect(new GoogleDriveClient(drive.origin, 'good').get('nope')).rejects.toBeInstanceOf(DriveFileMissingError);
    // A Google document has no bytes to download: Google's 403 is no reason of the file's own.
    await expect(new GoogleDriveClient(drive.origin, 'good').download('b', 100)).rejects.toBeInstanceOf(DriveUnavailableError);
    drive.setFailing(true);
    try {
      await expect(new GoogleDriveClient(drive.origin, 'good').list({ pageSize: 1 })).rejects.toBeInstanceOf(DriveUnavailableError);
    } finally {
      drive.setFailing(false);
    }
  });

  it('refuses a private address unless the deployment allows it (§1.10)', async () => {
    process.env[ALLOW_PRIVATE_URLS_ENV] = 'false';
    const before = drive.requests.length;
    try {
      await expect(new GoogleDriveClient(drive.origin, 'good').get('a')).rejects.toBeInstanceOf(DriveUnavailableError);
      expect(drive.requests.length).toBe(before);
    } finally {
      process.env[ALLOW_PRIVATE_URLS_ENV] = 'true';
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowserPlatform } from '../support/browser';
import { expectText, newSession, signIn } from '../support/people';

/**
 * The object-storage settings dialog of My Uploaded Files (spec 02; contract §11). Its own platform:
 * saved credentials send that user's later uploads to their bucket, which the other file tests must
 * not inherit.
 */

const suite = useBrowserPlatform();

// The endpoint saved below is on loopback, which a user's endpoint may name only where the install allows private URLs (§1.10).
const allowPrivateBefore = process.env.GROUNDWORK_ALLOW_PRIVATE_URLS;
beforeAll(() => {
  process.env.GROUNDWORK_ALLOW_PRIVATE_URLS = 'true';
});
afterAll(() => {
  if (allowPrivateBefore === undefined) delete process.env.GROUNDWORK_ALLOW_PRIVATE_URLS;
  else process.env.GROUNDWORK_ALLOW_PRIVATE_URLS = allowPrivateBefore;
});

describe('files: object storage settings', () => {
  it('loads a credentials file, saves, and keeps the secret masked across a second save', async () => {
    const session = await newSession(suite.browser);
    try {
      const { page } = session;
      await signIn(page, suite.platform.url, suite.platform.credentials.ADMIN.email, suite.platform.credentials.ADMIN.password, '/dashboard');
      await page.goto(`${suite.platform.url}/data-sources/uploaded`);
      await expect.poll(() => page.getByTestId('page-title').innerText(), { timeout: 15_000 }).toBe('My Uploaded Files');

      await page.getByRole('button', { name: 'Storage settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Object Storage Settings' });
      await expect.poll(() => dialog.getByText('Not configured').isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Test Connection' }).isDisabled()).toBe(true);

      const fileInput = dialog.getByTestId('credentials-file-input');
      await fileInput.setInputFiles({ name: 'credentials.json', mimeType: 'application/json', buffer: Buffer.from('{ "url": ') });
      await expect.poll(() => dialog.getByText('Invalid JSON data-source format. Please check the data-source and try again.').isVisible()).toBe(true);

      const credentials = { url: 'http://localhost:1', accessKey: 'team-access', secretKey: 'team-secret-9876', api: 's3v4', path: 'auto' };
      await fileInput.setInputFiles({ name: 'credentials.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(credentials)) });
      await expect.poll(() => dialog.getByTestId('storage-endpoint').inputValue()).toBe('http://localhost:1');
      expect(await dialog.getByTestId('storage-access-key').inputValue()).toBe('team-access');
      expect(await dialog.getByTestId('storage-secret-key').inputValue()).toBe('team-secret-9876');

      // Nothing listens on port 1: the server's test fails with its message (or refuses the host outright).
      await dialog.getByRole('button', { name: 'Test Connection' }).click();
      const result = dialog.getByTestId('storage-test-result');
      await expect.poll(() => result.isVisible(), { timeout: 20_000 }).toBe(true);
      expect(['Failed to connect to Minio server. Please check your credentials.', 'URL is not allowed']).toContain((await result.innerText()).trim());

      await dialog.getByTestId('storage-bucket').fill('team-documents');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectText(page, 'Storage settings saved successfully');

      await page.getByRole('button', { name: 'Storage settings' }).click();
      await expect.poll(() => dialog.getByText(/^Configured/).isVisible(), { timeout: 15_000 }).toBe(true);
      const secret = await dialog.getByTestId('storage-secret-key').inputValue();
      expect(secret).toBe('********9876');
      expect(await dialog.getByTestId('storage-bucket').inputValue()).toBe('team-documents');

      // The masked value goes back as it is, and the server keeps the stored secret.
      await dialog.getByTestId('storage-bucket').fill('team-documents-2');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectText(page, 'Storage settings saved successfully');
      await page.getByRole('button', { name: 'Storage settings' }).click();
      await expect.poll(() => dialog.getByTestId('storage-bucket').inputValue(), { timeout: 15_000 }).toBe('team-documents-2');
      expect(await dialog.getByTestId('storage-secret-key').inputValue()).toBe('********9876');
    } finally {
      await session.context.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { useBrowserPlatform } from '../support/browser';
import { expectText, newSession, signIn } from '../support/people';

const suite = useBrowserPlatform();

describe('files: the upload dialog follows ingestion (issue 21)', () => {
  it('turns "Uploaded, processing" into ready, or into the failure and its reason, without a reload', async () => {
    const session = await newSession(suite.browser);
    try {
      const { page } = session;
      await signIn(page, suite.platform.url, suite.platform.credentials.ADMIN.email, suite.platform.credentials.ADMIN.password, '/dashboard');
      await page.goto(`${suite.platform.url}/data-sources`);
      await page.getByRole('button', { name: 'Upload Files' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Upload Files' });
      await dialog.getByTestId('upload-input').setInputFiles([
        { name: 'leave-policy.txt', mimeType: 'text/plain', buffer: Buffer.from('Employees get 25 days of paid leave a year.') },
        // Named a PDF but not one: the parser refuses it, and ingestion marks the file failed.
        { name: 'broken-scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('this is not a PDF at all') },
      ]);
      await expectText(page, 'File uploaded successfully', 30_000);
      const status = (name: string) => dialog.locator('[data-testid="upload-entry"]', { has: page.getByTitle(name) }).getByTestId('upload-entry-status');

      await expect.poll(() => status('leave-policy.txt').innerText(), { timeout: 60_000, interval: 500 }).toContain('Uploaded, ready');
      await expect.poll(() => status('broken-scan.pdf').innerText(), { timeout: 60_000, interval: 500 }).toMatch(/^Processing failed: \S/);

      await dialog.getByRole('button', { name: 'Done' }).click();
      const row = page.getByTestId('file-row').filter({ has: page.getByRole('button', { name: 'broken-scan.pdf', exact: true }) });
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 15_000 }).toBe('failed');
    } finally {
      await session.context.close();
    }
  });
});

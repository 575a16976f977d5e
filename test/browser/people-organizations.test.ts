import { describe, expect, it } from 'vitest';
import { useBrowserPlatform } from '../support/browser';
import { expectText, newSession, signIn } from '../support/people';

const suite = useBrowserPlatform();

describe('a system admin creates an organisation', () => {
  it("creates it, and the new organisation's admin signs in for the first time", async () => {
    const admin = { name: 'Hank Scorpio', email: 'hank@globex.example.com', password: 'volcano-lair-2025' };
    const system = await newSession(suite.browser);
    try {
      const { page } = system;
      const { email, password } = suite.platform.credentials.SYSTEM_ADMIN;
      await signIn(page, suite.platform.url, email, password, '/organizations');
      await expect.poll(() => page.getByRole('table', { name: 'Organizations' }).isVisible(), { timeout: 15_000 }).toBe(true);

      await page.getByRole('button', { name: 'New Organization' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Organization' });
      await dialog.getByTestId('create-org-name').fill('Globex');
      await dialog.getByTestId('create-org-domain').fill('globex.example.com');
      await dialog.getByTestId('create-org-admin-name').fill(admin.name);
      await dialog.getByTestId('create-org-admin-email').fill(admin.email);
      await dialog.getByTestId('create-org-admin-password').fill(admin.password);
      await dialog.getByRole('button', { name: 'Create Organization' }).click();

      await expect.poll(() => page.getByTestId('create-organization-dialog').getAttribute('data-state'), { timeout: 30_000 }).toBe('success');
      expect(await dialog.getByText('Organization created but cloud resources may need attention').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Done' }).click();

      const row = page.getByTestId('organization-row').filter({ hasText: 'Globex' });
      await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await row.innerText()).toContain('globex.example.com');

      // The Manage modal shows the new organisation's admin in its Users tab.
      await row.getByRole('button', { name: 'Manage Globex' }).click();
      const manage = page.getByRole('dialog', { name: 'Manage Organization: Globex' });
      await expect.poll(() => manage.getByTestId('cloud-resources').isVisible(), { timeout: 15_000 }).toBe(true);
      await manage.getByRole('tab', { name: 'Users' }).click();
      await expect.poll(() => manage.getByText(admin.email).isVisible(), { timeout: 15_000 }).toBe(true);
    } finally {
      await system.context.close();
    }

    const first = await newSession(suite.browser);
    try {
      const { page } = first;
      await signIn(page, suite.platform.url, admin.email, admin.password, '/dashboard');
      await expect.poll(() => page.getByTestId('app-sidebar').first().isVisible()).toBe(true);
      await page.goto(`${suite.platform.url}/directory/groups`);
      await expectText(page, 'Administrators');
      await page.goto(`${suite.platform.url}/directory/users`);
      await expect.poll(() => page.getByTestId('user-row').filter({ hasText: admin.email }).isVisible(), { timeout: 15_000 }).toBe(true);
    } finally {
      await first.context.close();
    }
  });
});

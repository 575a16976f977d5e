import { describe, expect, it } from 'vitest';
import { useBrowserPlatform } from '../support/browser';
import { readInvitationLink } from '../support/outbox';
import { expectText, newSession, signIn } from '../support/people';

const suite = useBrowserPlatform();

/** The demo organisation is a business one on the seeded admin's domain. */
const demoDomain = () => suite.platform.credentials.ADMIN.email.split('@')[1] ?? '';

describe('people: invitations and password resets', () => {
  it('an admin invites a user, who accepts the invitation and signs in', async () => {
    const invitee = { name: 'Bea Newton', email: `bea.newton@${demoDomain()}`, password: 'apples-and-gravity-1' };
    const admin = await newSession(suite.browser);
    try {
      const { page } = admin;
      await signIn(page, suite.platform.url, suite.platform.credentials.ADMIN.email, suite.platform.credentials.ADMIN.password, '/dashboard');
      await page.goto(`${suite.platform.url}/directory/users`);
      await page.getByRole('button', { name: 'New User' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite User' });
      // The domain rule: an address outside the organisation's domain is refused before any call.
      await dialog.getByTestId('user-email').fill('bea@elsewhere.example.org');
      await dialog.getByTestId('user-full-name').fill(invitee.name);
      await dialog.getByRole('button', { name: 'Send Invitation' }).click();
      await expectText(page, `Email must be from the ${demoDomain()} domain`);
      await dialog.getByTestId('user-email').fill(invitee.email);
      await dialog.getByRole('button', { name: 'Send Invitation' }).click();
      await expectText(page, 'Invitation sent successfully');
      const row = page.getByTestId('user-row').filter({ hasText: invitee.email });
      await expect.poll(() => row.getByTestId('invitation-pending').isVisible(), { timeout: 15_000 }).toBe(true);
    } finally {
      await admin.context.close();
    }

    const link = await readInvitationLink(suite.platform, invitee.email);
    expect(new URL(link).pathname).toBe('/accept-invitation');

    const invited = await newSession(suite.browser);
    try {
      const { page } = invited;
      await page.goto(link);
      await expect.poll(() => page.getByRole('heading', { name: 'Accept Invitation' }).isVisible(), { timeout: 15_000 }).toBe(true);
      await page.getByTestId('accept-password').fill(invitee.password);
      await page.getByTestId('accept-confirm').fill(invitee.password);
      await page.getByRole('button', { name: 'Accept Invitation' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Invitation accepted' }).isVisible(), { timeout: 15_000 }).toBe(true);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/oidc\/interaction\//, { timeout: 30_000 });
      await page.getByLabel('Email address').fill(invitee.email);
      await page.getByLabel('Password').fill(invitee.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${suite.platform.url}/rag-applications`, { timeout: 30_000 });
      await expect.poll(() => page.getByTestId('page-title').first().innerText(), { timeout: 15_000 }).toBe('RAG Applications');
    } finally {
      await invited.context.close();
    }
  });

  it('an admin resets a password; the temporary one is shown once and must be changed at the next sign-in', async () => {
    const target = suite.platform.credentials.USER;
    let temporary: string;
    const admin = await newSession(suite.browser);
    try {
      const { page } = admin;
      await signIn(page, suite.platform.url, suite.platform.credentials.ADMIN.email, suite.platform.credentials.ADMIN.password, '/dashboard');
      await page.goto(`${suite.platform.url}/directory/users`);
      const row = page.getByTestId('user-row').filter({ hasText: target.email });
      const resetButton = page.getByTestId('list-actions').getByRole('button', { name: 'Reset password', exact: true });
      await row.getByRole('radio').click();
      await resetButton.click();
      const dialog = page.getByRole('dialog', { name: /^Reset password for / });
      await dialog.getByRole('button', { name: 'Reset Password' }).click();
      const shown = dialog.getByTestId('temporary-password');
      await expect.poll(() => shown.isVisible(), { timeout: 15_000 }).toBe(true);
      temporary = await shown.inputValue();
      expect(temporary.length).toBeGreaterThanOrEqual(8);
      await dialog.getByRole('button', { name: 'Copy' }).click();
      await expect.poll(() => dialog.getByRole('button', { name: 'Copied' }).isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Done' }).click();
      // Shown once: opening the dialog again offers a new reset, not the old password.
      // The row is still selected: the Actions panel's button opens it again.
      await resetButton.click();
      expect(await page.getByTestId('temporary-password').count()).toBe(0);
      expect(await page.getByText(temporary).count()).toBe(0);
    } finally {
      await admin.context.close();
    }

    const user = await newSession(suite.browser);
    try {
      const { page } = user;
      const newPassword = 'a-brand-new-secret-7';
      await page.goto(`${suite.platform.url}/login`);
      await page.waitForURL(/\/oidc\/interaction\//, { timeout: 30_000 });
      await page.getByLabel('Email address').fill(target.email);
      await page.getByLabel('Password').fill(temporary);
      await page.getByRole('button', { name: 'Sign in' }).click();

      const forced = page.getByRole('dialog', { name: 'Change Your Password' });
      await expect.poll(() => forced.isVisible(), { timeout: 30_000 }).toBe(true);
      // Nothing else of the app is reachable while the change is pending.
      expect(await page.getByTestId('user-menu-button').count()).toBe(0);
      await page.keyboard.press('Escape');
      expect(await forced.isVisible()).toBe(true);
      await forced.getByTestId('change-password-current').fill(temporary);
      await forced.getByTestId('change-password-new').fill(newPassword);
      await forced.getByTestId('change-password-confirm').fill(newPassword);
      await forced.getByRole('button', { name: 'Change Password' }).click();
      await expectText(page, 'Password changed successfully');
      await expect.poll(() => page.getByTestId('page-title').first().innerText(), { timeout: 15_000 }).toBe('RAG Applications');
      expect(await forced.count()).toBe(0);
    } finally {
      await user.context.close();
    }
  });
});

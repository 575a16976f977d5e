import { describe, expect, it } from 'vitest';
import { useBrowserPlatform } from '../support/browser';
import { expectText, newSession, signIn } from '../support/people';

const suite = useBrowserPlatform();

describe('people: own account', () => {
  it('updates the profile: the new name is kept by the server and shown in the menu', async () => {
    const session = await newSession(suite.browser);
    try {
      const { page } = session;
      await signIn(page, suite.platform.url, suite.platform.credentials.ADMIN.email, suite.platform.credentials.ADMIN.password, '/dashboard');
      await page.getByTestId('user-menu-button').click();
      await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
      await dialog.getByTestId('edit-profile-full-name').fill('Avery Administrator');
      await dialog.getByRole('button', { name: 'Update Profile' }).click();
      await expectText(page, 'Profile updated successfully');
      // Spec 01 §2.5: the modal closes by itself after 2 seconds.
      await expect.poll(() => dialog.count(), { timeout: 5_000 }).toBe(0);
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}')).toMatchObject({ full_name: 'Avery Administrator' });

      await page.reload();
      await expect.poll(() => page.getByTestId('page-title').first().isVisible(), { timeout: 15_000 }).toBe(true);
      await page.getByTestId('user-menu-button').click();
      await expect.poll(() => page.getByRole('menu').innerText()).toContain('Avery Administrator');
    } finally {
      await session.context.close();
    }
  });

  it('logs out to /login, and going back does not reveal the data that was on screen', async () => {
    const session = await newSession(suite.browser);
    try {
      const { page } = session;
      await signIn(page, suite.platform.url, suite.platform.credentials.ADMIN.email, suite.platform.credentials.ADMIN.password, '/dashboard');
      await page.goto(`${suite.platform.url}/directory/users`);
      const secret = suite.platform.credentials.USER.email;
      await expect.poll(() => page.getByText(secret).first().isVisible(), { timeout: 15_000 }).toBe(true);

      await page.getByTestId('user-menu-button').click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL(/\/oidc\/interaction\//, { timeout: 30_000 });
      // Spec 01 §4.1: storage was cleared; what /login has written since is only the new sign-in's state.
      const keys = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]);
      expect(keys.filter((key) => key === 'user' || key === 'userId' || key.startsWith('oidc.user:'))).toEqual([]);

      // Walk back through the history: no step may show the users list again.
      for (let step = 0; step < 4; step += 1) {
        const went = await page.goBack({ waitUntil: 'load' }).catch(() => null);
        await page.waitForTimeout(500);
        expect(await page.getByText(secret).count(), `after ${step + 1} back step(s), at ${page.url()}`).toBe(0);
        expect(await page.getByTestId('app-sidebar').count()).toBe(0);
        if (!went) break;
      }

      // A protected page opened directly goes to the hosted sign-in.
      await page.goto(`${suite.platform.url}/directory/users`);
      await page.waitForURL(/\/oidc\/interaction\//, { timeout: 30_000 });
      expect(await page.getByText(secret).count()).toBe(0);
    } finally {
      await session.context.close();
    }
  });

  it('changes the password from the user menu', async () => {
    const session = await newSession(suite.browser);
    try {
      const { page } = session;
      const { email, password } = suite.platform.credentials.RAG_USER;
      const next = 'riley-chats-a-lot-42';
      await signIn(page, suite.platform.url, email, password, '/rag-applications');
      await page.getByTestId('user-menu-button').click();
      await page.getByRole('menuitem', { name: 'Change Password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change Password' });
      await dialog.getByTestId('change-password-current').fill(password);
      await dialog.getByTestId('change-password-new').fill(next);
      await dialog.getByTestId('change-password-confirm').fill(next);
      await dialog.getByRole('button', { name: 'Change Password' }).click();
      await expectText(page, 'Password changed successfully');
      await expect.poll(() => dialog.count(), { timeout: 5_000 }).toBe(0);
    } finally {
      await session.context.close();
    }
  });
});

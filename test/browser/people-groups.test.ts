import { describe, expect, it } from 'vitest';
import { useBrowserPlatform } from '../support/browser';
import { expectText, newSession, signIn } from '../support/people';

const suite = useBrowserPlatform();

describe('people: groups', () => {
  it('an admin creates a group and adds and removes a member, confirming each change', async () => {
    const session = await newSession(suite.browser);
    try {
      const { page } = session;
      await signIn(page, suite.platform.url, suite.platform.credentials.ADMIN.email, suite.platform.credentials.ADMIN.password, '/dashboard');
      await page.goto(`${suite.platform.url}/directory/groups`);

      // The Administrators group is fixed.
      const admins = page.getByTestId('group-row').filter({ hasText: 'Administrators' });
      await expect.poll(() => admins.isVisible(), { timeout: 15_000 }).toBe(true);
      // Its row selected, the Actions panel keeps Edit and Delete disabled.
      const actions = page.getByTestId('list-actions');
      await admins.getByRole('radio').click();
      expect(await admins.getAttribute('aria-selected')).toBe('true');
      expect(await actions.getByRole('button', { name: 'Edit', exact: true }).isDisabled()).toBe(true);
      expect(await actions.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(true);

      await page.getByRole('button', { name: 'New Group' }).click();
      const form = page.getByRole('dialog', { name: 'New Group' });
      await form.getByTestId('group-name').fill('Support Team');
      await form.getByTestId('group-description').fill('First line of support');
      await form.getByRole('button', { name: 'Create Group' }).click();
      await expectText(page, 'Group created successfully');

      const row = page.getByTestId('group-row').filter({ hasText: 'Support Team' });
      await row.getByRole('radio').click();
      await actions.getByRole('button', { name: 'Members', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Members of Support Team' });
      const members = dialog.getByTestId('group-members');
      const available = dialog.getByTestId('group-available');
      const userName = 'Uma User';

      await available.getByRole('button', { name: `Add ${userName}` }).click();
      const confirmAdd = page.getByRole('dialog', { name: 'Add member' });
      expect(await confirmAdd.innerText()).toContain(`Add ${userName} to Support Team?`);
      await confirmAdd.getByRole('button', { name: 'Confirm' }).click();
      await expectText(page, 'User added to group successfully');
      await expect.poll(() => members.getByText(userName).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await available.getByText(userName).count()).toBe(0);

      await members.getByRole('button', { name: `Remove ${userName}` }).click();
      const confirmRemove = page.getByRole('dialog', { name: 'Remove member' });
      await confirmRemove.getByRole('button', { name: 'Confirm' }).click();
      await expectText(page, 'User removed from group successfully');
      await expect.poll(() => available.getByText(userName).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await members.getByText(userName).count()).toBe(0);

      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => row.innerText()).toContain('0');
    } finally {
      await session.context.close();
    }
  });
});

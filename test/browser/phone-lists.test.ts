import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserPlatform } from '../support/browser';
import { knowledgeFlows } from '../support/knowledge-flows';
import { newSession, signIn } from '../support/people';

const suite = useBrowserPlatform();
const PHONE = { width: 375, height: 740 };

/** Whether the element lies wholly inside the phone's screen, horizontally. */
async function onScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width + 0.5;
}

/** The page itself never scrolls sideways: a wide table scrolls inside its own container. */
async function pageFitsWidth(page: Page): Promise<boolean> {
  return page.evaluate((width) => document.documentElement.scrollWidth <= width, PHONE.width);
}

describe('lists on a 375 px phone (issue 21)', () => {
  it("keeps every user's row, the Actions panel and the pager on screen for an admin", async () => {
    const session = await newSession(suite.browser);
    try {
      const { page } = session;
      await page.setViewportSize(PHONE);
      await signIn(page, suite.platform.url, suite.platform.credentials.ADMIN.email, suite.platform.credentials.ADMIN.password, '/dashboard');

      await page.goto(`${suite.platform.url}/directory/users`);
      const rows = page.getByTestId('user-row');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(1);
      // Every row can be selected on the phone, and the Actions panel's Delete then stands on screen.
      const deleteButton = page.getByTestId('list-actions').getByRole('button', { name: 'Delete', exact: true });
      for (const row of await rows.all()) {
        const select = row.getByRole('radio');
        expect(await onScreen(select), await row.innerText()).toBe(true);
        await select.click();
        expect(await onScreen(deleteButton), await row.innerText()).toBe(true);
        expect(await row.getByText(/^(Active|Inactive|Pending|Suspended)$/i).first().isVisible()).toBe(true);
      }
      expect(await pageFitsWidth(page)).toBe(true);

      await page.goto(`${suite.platform.url}/data-sources`);
      const next = page.getByRole('button', { name: 'Go to next page' });
      await expect.poll(() => next.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await onScreen(next)).toBe(true);
      expect(await pageFitsWidth(page)).toBe(true);
    } finally {
      await session.context.close();
    }
  });

  it("keeps each knowledge base's row and its actions (Edit, Access, Deploy, Clone, Delete) on screen", async () => {
    const { platform } = suite;
    const flows = knowledgeFlows(platform);
    const token = await flows.login(platform.credentials.ADMIN.email, platform.credentials.ADMIN.password);
    const fileId = await flows.uploadFile(token, 'phone-policy.txt', 'Company phones are replaced every three years.');
    const name = 'Phone Policies With A Rather Long Knowledge Base Name';
    const created = await flows.call('POST', '/api/knowledge-bases', token, { name, description: 'Which phones we buy and when', source_type: 'files', embedding_model: 'text-embedding-ada-002', chunk_size: 200, overlap: 20, data_source_ids: [fileId] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const session = await newSession(suite.browser);
    try {
      const { page } = session;
      await page.setViewportSize(PHONE);
      await signIn(page, platform.url, platform.credentials.ADMIN.email, platform.credentials.ADMIN.password, '/dashboard');
      await page.goto(`${platform.url}/knowledge-bases`);
      const row = page.getByTestId('kb-row').filter({ hasText: name });
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      const select = row.getByRole('radio');
      expect(await onScreen(select)).toBe(true);
      expect(await row.getByTestId('kb-status').isVisible()).toBe(true);
      await select.click();
      const actions = page.getByTestId('list-actions');
      for (const label of ['Edit', 'Access', 'Deploy', 'Clone', 'Delete']) {
        const button = actions.getByRole('button', { name: label, exact: true });
        await button.scrollIntoViewIfNeeded();
        expect(await onScreen(button), label).toBe(true);
      }
      // The draft can be deployed from the phone.
      expect(await actions.getByRole('button', { name: 'Deploy', exact: true }).isEnabled()).toBe(true);
      expect(await pageFitsWidth(page)).toBe(true);
    } finally {
      await session.context.close();
    }
  });

  it("keeps each organization's Manage on screen for a system admin", async () => {
    const session = await newSession(suite.browser);
    try {
      const { page } = session;
      await page.setViewportSize(PHONE);
      await signIn(page, suite.platform.url, suite.platform.credentials.SYSTEM_ADMIN.email, suite.platform.credentials.SYSTEM_ADMIN.password, '/organizations');
      const rows = page.getByTestId('organization-row');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      for (const row of await rows.all()) expect(await onScreen(row.getByRole('button', { name: /^Manage / })), await row.innerText()).toBe(true);
      expect(await pageFitsWidth(page)).toBe(true);
    } finally {
      await session.context.close();
    }
  });
});

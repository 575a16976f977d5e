import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserPlatform } from '../support/browser';
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

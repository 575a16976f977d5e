import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInThroughHostedPage } from './browser';

/** A fresh browser context (no shared storage) with one page, for one person's session. */
export async function newSession(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
  return { context, page: await context.newPage() };
}

/** Signs in through the hosted page and waits until the app has landed on `landing`. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string, landing: string): Promise<void> {
  await signInThroughHostedPage(page, baseUrl, email, password);
  await page.waitForURL(`${baseUrl}${landing}`, { timeout: 30_000 });
  await expect.poll(() => page.getByTestId('page-title').first().isVisible(), { timeout: 15_000 }).toBe(true);
}

/** Waits for a snackbar or alert text anywhere on the page. */
export async function expectText(page: Page, text: string, timeout = 15_000): Promise<void> {
  await expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout }).toBe(true);
}

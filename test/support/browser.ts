import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { removeDataDir, startTestPlatform } from './local-platform-fixture';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless. The background-networking flags matter on a closed network:
 * without them Chromium keeps trying Google's hosts.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Browser tests need Chromium at ${CHROMIUM_PATH}: run scripts/ensure-chromium.sh (npm test does) or set CHROMIUM_PATH.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Opens /login, which starts the hosted sign-in, and submits the issuer's login form. */
export async function signInThroughHostedPage(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.waitForURL(/\/oidc\/interaction\//, { timeout: 30_000 });
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * One embedded platform and one Chromium for a test file: started before its tests, stopped and
 * removed after. The getters read the live values, so tests use `suite.platform` and `suite.browser`.
 */
export function useBrowserPlatform(options: Parameters<typeof startTestPlatform>[0] = {}) {
  let platform: Awaited<ReturnType<typeof startTestPlatform>> | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    platform = await startTestPlatform(options);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
    if (platform) removeDataDir(platform.dataDir);
  });
  return {
    get platform() {
      if (!platform) throw new Error('The platform starts in beforeAll');
      return platform;
    },
    get browser() {
      if (!browser) throw new Error('Chromium starts in beforeAll');
      return browser;
    },
  };
}

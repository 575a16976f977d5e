import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInThroughHostedPage, useBrowserPlatform } from '../support/browser';

const suite = useBrowserPlatform();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

describe('signing in through the hosted login page', () => {
  it('lands the demo admin on /dashboard with the admin sidebar', async () => {
    const { email, password } = suite.platform.credentials.ADMIN;
    await signInThroughHostedPage(page, suite.platform.url, email, password);
    await page.waitForURL(`${suite.platform.url}/dashboard`, { timeout: 30_000 });
    const sidebar = page.getByTestId('app-sidebar').first();
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    const labels = await sidebar.innerText();
    for (const label of ['Dashboard', 'Data Sources', 'Knowledge Bases', 'RAG Applications', 'Directory', 'Analytics', 'Settings']) {
      expect(labels).toContain(label);
    }
    expect(labels).not.toContain('Organizations');
    await page.getByTestId('user-menu-button').click();
    for (const item of ['Edit Profile', 'Reset Password', 'Logout']) await expect.poll(() => page.getByRole('menuitem', { name: item }).isVisible()).toBe(true);
    expect(await page.getByText('User Settings').isVisible()).toBe(true);
  });

  it('lands the rag_user on /rag-applications with no sidebar', async () => {
    const { email, password } = suite.platform.credentials.RAG_USER;
    await signInThroughHostedPage(page, suite.platform.url, email, password);
    await page.waitForURL(`${suite.platform.url}/rag-applications`, { timeout: 30_000 });
    await expect.poll(() => page.getByTestId('page-title').first().isVisible()).toBe(true);
    expect(await page.getByTestId('app-sidebar').count()).toBe(0);
    expect(await page.getByTestId('user-menu-button').isVisible()).toBe(true);
  });

  it('lands the system admin on /organizations with only Organizations and Settings', async () => {
    const { email, password } = suite.platform.credentials.SYSTEM_ADMIN;
    await signInThroughHostedPage(page, suite.platform.url, email, password);
    await page.waitForURL(`${suite.platform.url}/organizations`, { timeout: 30_000 });
    const sidebar = page.getByTestId('app-sidebar').first();
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    const labels = await sidebar.innerText();
    expect(labels).toContain('Organizations');
    expect(labels).toContain('Settings');
    expect(labels).not.toContain('Dashboard');
  });

  it('shows the login error for a wrong password and stays on the login page', async () => {
    await signInThroughHostedPage(page, suite.platform.url, suite.platform.credentials.USER.email, 'definitely-wrong-password');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('Invalid email or password');
    expect(page.url()).toContain('/oidc/interaction/');
    expect(await page.getByLabel('Email address').inputValue()).toBe(suite.platform.credentials.USER.email);
    // The hosted page leads newcomers to the web app's Create Account screen.
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(`${suite.platform.url}/signup`, { timeout: 30_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Create Account' }).isVisible()).toBe(true);
  });

  it('remembers the path a signed-out visitor asked for', async () => {
    await page.goto(`${suite.platform.url}/knowledge-bases`);
    await page.waitForURL(/\/oidc\/interaction\//, { timeout: 30_000 });
    const { email, password } = suite.platform.credentials.ADMIN;
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${suite.platform.url}/knowledge-bases`, { timeout: 30_000 });
  });

  it('signs out through the provider back to the login flow', async () => {
    const { email, password } = suite.platform.credentials.USER;
    await signInThroughHostedPage(page, suite.platform.url, email, password);
    await page.waitForURL(`${suite.platform.url}/rag-applications`, { timeout: 30_000 });
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    // Signed out at the provider too: the next sign-in asks for the password again.
    await page.waitForURL(/\/oidc\/interaction\/|\/login/, { timeout: 30_000 });
    await page.goto(`${suite.platform.url}/login`);
    await page.waitForURL(/\/oidc\/interaction\//, { timeout: 30_000 });
    expect(await page.getByLabel('Password').isVisible()).toBe(true);
  });
});


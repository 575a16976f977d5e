import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOW_PRIVATE_URLS_ENV } from '../../functions/domain/outbound/address-policy';
import { alsoGrantKnowledgeBases, chooseApplicationGroup, createApplicationThroughForm, saveApplicationAccess } from '../support/application-screens';
import { useBrowserPlatform } from '../support/browser';
import { knowledgeFlows } from '../support/knowledge-flows';
import { expectText, newSession, signIn } from '../support/people';
import { serveSite, type StaticSite } from '../support/static-site';

/**
 * Websites to chat end to end in the browser (issue 18; spec 02 Websites and knowledge bases, spec 03
 * applications): an admin adds the shared fixture site (a real static documentation site) served on
 * loopback, waits for its crawl, syncs it again and reads the crawl report; builds and deploys a
 * knowledge base over it through the website picker, creates an application over that and grants a
 * group; a member of the group asks a question answered on one page, and the reply cites that page by
 * its title with a link to it that loads. The tests share the platform and the sessions, in order.
 */

const SITE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/fixtures/site');

const SOURCE_NAME = 'MazamaTimeSeries docs';
const KB_NAME = 'Time Series Docs';
const APP_NAME = 'Time Series Helper';
const GROUP_NAME = 'Docs Readers';
/** Answered on articles/Developer_Style_Guide.html alone ("Mazama Science embraces lowerCamelCase for object names."). */
const QUESTION = 'Which casing does Mazama Science use for object names?';
const ANSWER = 'lowerCamelCase';
const CITED_PATH = '/articles/Developer_Style_Guide.html';
const CITED_TITLE = 'Developer Style Guide • MazamaTimeSeries';

describe.skipIf(!existsSync(SITE_DIR))('websites to chat: an admin crawls the fixture site, a member gets a cited answer (needs ../shared/fixtures/site)', () => {
  // The site is on loopback, which only this override lets the crawler reach (§1.10). The platform
  // runs in this process and reads it on each request, so it is set before the platform starts.
  const allowPrivateBefore = process.env[ALLOW_PRIVATE_URLS_ENV];
  let site: StaticSite;
  beforeAll(async () => {
    process.env[ALLOW_PRIVATE_URLS_ENV] = 'true';
    site = await serveSite(SITE_DIR);
  });
  afterAll(async () => {
    if (allowPrivateBefore === undefined) delete process.env[ALLOW_PRIVATE_URLS_ENV];
    else process.env[ALLOW_PRIVATE_URLS_ENV] = allowPrivateBefore;
    await site?.close();
  });

  // The demo organization stays on the free plan (25 indexed pages): depth 2 keeps the crawl to the
  // start page and the pages its menu links to (depth 1 would be the start page alone).
  const suite = useBrowserPlatform();

  const sessions: Array<{ context: BrowserContext; page: Page }> = [];
  /** Uncaught exceptions of the platform's pages (the fixture site's own scripts need CDNs this network lacks). */
  const pageErrors: string[] = [];
  let admin: Page;
  let member: Page;
  let pageCount = 0;

  afterAll(async () => {
    for (const session of sessions) await session.context.close().catch(() => undefined);
  });

  async function open(): Promise<Page> {
    const session = await newSession(suite.browser);
    session.page.on('pageerror', (error) => pageErrors.push(`${session.page.url()}: ${error.message}`));
    sessions.push(session);
    return session.page;
  }

  const sourceRow = (page: Page): Locator => page.getByTestId('web-row').filter({ hasText: SOURCE_NAME });
  const figure = (page: Page, testId: string): Promise<string> => page.getByTestId(testId).locator('dd').innerText();

  it('an admin adds the site on the Websites page and its crawl finishes Ready', async () => {
    admin = await open();
    const { ADMIN } = suite.platform.credentials;
    await signIn(admin, suite.platform.url, ADMIN.email, ADMIN.password, '/dashboard');
    await admin.goto(`${suite.platform.url}/data-sources/web`);
    await expect.poll(() => admin.getByTestId('page-title').innerText(), { timeout: 15_000 }).toBe('Websites');
    await expect.poll(() => admin.getByTestId('web-empty').isVisible(), { timeout: 15_000 }).toBe(true);

    await admin.getByRole('button', { name: 'Add Website' }).click();
    await admin.waitForURL(`${suite.platform.url}/data-sources/web/create`, { timeout: 15_000 });
    await expect.poll(() => admin.getByTestId('page-title').innerText(), { timeout: 15_000 }).toBe('New Web Source');
    const form = admin.getByRole('form', { name: 'Web source' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(SOURCE_NAME);
    await form.getByRole('textbox', { name: /^Website URL/ }).fill(`${site.url}/index.html`);
    await form.getByRole('textbox', { name: 'Description' }).fill('The MazamaTimeSeries package documentation');
    await form.getByRole('spinbutton', { name: /^Crawl depth/ }).fill('2');
    await form.getByRole('button', { name: 'Create Web Source' }).click();

    await admin.waitForURL(`${suite.platform.url}/data-sources/web`, { timeout: 15_000 });
    await expectText(admin, 'Web source created successfully');
    const row = sourceRow(admin);
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.getByTestId('web-url').innerText()).toBe(`${site.url}/index.html`);
    expect(await row.getByTestId('web-summary').innerText()).toContain('Depth: 2');
    expect(await row.getByTestId('web-usage').innerText()).toBe('Not Used');
    // The list re-reads while the crawl is queued or running, until the row's badge says Ready.
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000, interval: 500 }).toBe('ready');
    expect(await row.getByTestId('web-status').innerText()).toBe('Ready');
  });

  it('syncs the site again and the edit page reports the second crawl: every page unchanged', async () => {
    const row = sourceRow(admin);
    await row.getByRole('radio', { name: `Select ${SOURCE_NAME}` }).check();
    const panel = admin.getByTestId('list-actions');
    await expect.poll(() => panel.getByTestId('list-actions-selection').innerText(), { timeout: 15_000 }).toBe(SOURCE_NAME);
    await panel.getByRole('button', { name: 'Sync', exact: true }).click();
    await expectText(admin, 'Web source sync initiated');
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000, interval: 500 }).toBe('ready');

    await panel.getByRole('button', { name: 'Edit', exact: true }).click();
    await admin.waitForURL(/\/data-sources\/web\/[^/]+\/edit$/, { timeout: 15_000 });
    await expect.poll(() => admin.getByTestId('page-title').innerText(), { timeout: 15_000 }).toBe('Edit Web Source');
    const report = admin.getByRole('region', { name: 'Last crawl' });
    await expect.poll(() => report.getByTestId('crawl-figures').isVisible(), { timeout: 15_000 }).toBe(true);
    // A synced crawl can only be the second one: it finds the pages the first one indexed unchanged.
    await expect.poll(() => figure(admin, 'crawl-unchanged'), { timeout: 30_000 }).not.toBe('0');
    expect(await report.getByTestId('web-status').innerText()).toBe('Ready');
    pageCount = Number(await figure(admin, 'crawl-page-count'));
    // The start page and the five it links to: the two articles, Reference, Changelog and Authors.
    expect(pageCount).toBe(6);
    expect(await figure(admin, 'crawl-unchanged')).toBe(String(pageCount));
    expect(await figure(admin, 'crawl-indexed')).toBe('0');
    expect(await figure(admin, 'crawl-failed')).toBe('0');
    expect(await report.innerText()).toMatch(/Started .+, finished .+/);
    expect(await report.getByTestId('crawl-stopped-by').count()).toBe(0);
    expect(await admin.getByRole('textbox', { name: /^Website URL/ }).inputValue()).toBe(`${site.url}/index.html`);
  });

  it('builds a knowledge base from the website through the picker and deploys it until it is Ready', async () => {
    await admin.goto(`${suite.platform.url}/knowledge-bases`);
    await expect.poll(() => admin.getByTestId('page-title').innerText(), { timeout: 15_000 }).toBe('Knowledge Bases');
    await admin.getByRole('button', { name: 'New Knowledge Base' }).click();
    await admin.waitForURL(`${suite.platform.url}/knowledge-bases/create`, { timeout: 15_000 });

    await admin.getByRole('textbox', { name: /^Name/ }).fill(KB_NAME);
    await admin.getByRole('textbox', { name: 'Description' }).fill('The MazamaTimeSeries documentation site');
    await admin.getByRole('radiogroup', { name: /Data source type/ }).getByRole('radio', { name: 'Websites' }).check();
    expect(await admin.getByRole('button', { name: 'Create Knowledge Base' }).isDisabled()).toBe(true);

    await admin.getByRole('button', { name: 'Select Websites' }).click();
    const picker = admin.getByRole('dialog', { name: 'Select Websites' });
    const box = picker.getByRole('checkbox', { name: `Select ${SOURCE_NAME}` });
    await expect.poll(() => box.isVisible(), { timeout: 15_000 }).toBe(true);
    // The picker lists the website with its address.
    expect(await picker.getByRole('row').filter({ has: admin.getByRole('checkbox', { name: `Select ${SOURCE_NAME}` }) }).innerText()).toContain(`${site.url}/index.html`);
    await box.check();
    await picker.getByRole('button', { name: 'Select (1) Website(s)' }).click();
    await expect.poll(() => picker.count(), { timeout: 15_000 }).toBe(0);
    const chosen = admin.getByRole('list', { name: 'Selected sources' });
    await expect.poll(() => chosen.innerText().catch(() => ''), { timeout: 15_000 }).toContain(SOURCE_NAME);

    await admin.getByRole('button', { name: 'Create Knowledge Base' }).click();
    await admin.waitForURL(`${suite.platform.url}/knowledge-bases`, { timeout: 15_000 });
    await expectText(admin, 'Knowledge Base created successfully');

    const row = admin.getByTestId('kb-row').filter({ hasText: KB_NAME });
    const status = row.getByTestId('kb-status');
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toBe('Draft');
    expect(await row.getByTestId('kb-summary').innerText()).toContain('1 website');

    await row.getByRole('radio').check();
    await admin.getByTestId('list-actions').getByRole('button', { name: 'Deploy', exact: true }).click();
    await expectText(admin, 'Knowledge base deployment initiated');
    await expect.poll(() => status.innerText(), { timeout: 60_000, interval: 500 }).toBe('Ready');
    // One document a crawled page.
    await expect.poll(() => row.getByTestId('kb-summary').innerText(), { timeout: 15_000 }).toMatch(new RegExp(`(^| )${pageCount} documents, \\d+ chunks?`));
  });

  it('creates an application over the knowledge base and grants both to a group of the user', async () => {
    // The group and its member come from the API: the Groups screen has its own browser test.
    const flows = knowledgeFlows(suite.platform);
    const { ADMIN, USER } = suite.platform.credentials;
    const token = await flows.login(ADMIN.email, ADMIN.password);
    await flows.groupWithMember(token, { name: GROUP_NAME, description: 'May read the time series docs' }, USER.email);

    await createApplicationThroughForm(admin, suite.platform.url, { name: APP_NAME, description: 'Answers questions about MazamaTimeSeries', knowledgeBases: [KB_NAME] });
    // Contract §1.3: chat needs the application and a knowledge base the user can see; the Access
    // dialog grants both in one step.
    const access = await chooseApplicationGroup(admin, APP_NAME, GROUP_NAME);
    await alsoGrantKnowledgeBases(access);
    await saveApplicationAccess(admin, access);

    // The website now shows which knowledge base uses it.
    await admin.goto(`${suite.platform.url}/data-sources/web`);
    await expect.poll(() => sourceRow(admin).getByTestId('web-usage').innerText().catch(() => ''), { timeout: 15_000 }).toBe('In Use');
  });

  it("the member's question is answered from one page, cited by its title with a link to it that loads", async () => {
    member = await open();
    const { USER } = suite.platform.credentials;
    await signIn(member, suite.platform.url, USER.email, USER.password, '/rag-applications');
    const card = member.getByRole('article', { name: APP_NAME, exact: true });
    const chatButton = card.getByRole('button', { name: `Chat with ${APP_NAME}` });
    await expect.poll(() => chatButton.isEnabled().catch(() => false), { timeout: 15_000 }).toBe(true);
    await chatButton.click();

    const chat = member.getByRole('dialog', { name: APP_NAME, exact: true });
    await expect.poll(() => chat.getByText(`Ask a question about ${APP_NAME}'s knowledge.`).isVisible(), { timeout: 15_000 }).toBe(true);
    await chat.getByRole('textbox', { name: 'Message' }).fill(QUESTION);
    await chat.getByRole('button', { name: 'Send message' }).click();
    const replies = chat.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'Reply', exact: true });
    await expect.poll(() => replies.count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => chat.getByRole('status', { name: 'Waiting for the reply' }).count(), { timeout: 15_000 }).toBe(0);
    const reply = replies.first();
    expect(await reply.innerText()).toContain(ANSWER);

    const sources = reply.getByRole('list', { name: 'Sources' });
    expect(await sources.isVisible()).toBe(true);
    expect(await sources.innerText()).toContain(KB_NAME);
    // The first source is the page the answer came from, named by its title and linked to its address on the site.
    const cited = sources.getByRole('link', { name: CITED_TITLE, exact: true });
    expect(await cited.count()).toBeGreaterThan(0);
    expect(await sources.getByRole('link').first().innerText()).toBe(CITED_TITLE);
    const href = `${site.url}${CITED_PATH}`;
    expect(await cited.first().getAttribute('href')).toBe(href);
    expect(await cited.first().getAttribute('target')).toBe('_blank');

    // The link works: it opens the page in a new tab, which the site serves.
    const context = member.context();
    const [tab, response] = await Promise.all([
      context.waitForEvent('page', { timeout: 15_000 }),
      context.waitForEvent('response', { predicate: (answer) => answer.url() === href, timeout: 15_000 }),
      cited.first().click(),
    ]);
    expect(response.status()).toBe(200);
    await tab.waitForLoadState('domcontentloaded', { timeout: 15_000 });
    expect(tab.url()).toBe(href);
    await expect.poll(() => tab.title(), { timeout: 15_000 }).toBe(CITED_TITLE);
    expect(await tab.getByText('Mazama Science embraces lowerCamelCase for object names.').count()).toBeGreaterThan(0);
    await tab.close();
  });

  it('raised no uncaught script error on the platform pages', () => {
    expect(sessions.length).toBe(2);
    expect(pageErrors).toEqual([]);
  });
});

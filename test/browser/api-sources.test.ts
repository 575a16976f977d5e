import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOW_PRIVATE_URLS_ENV } from '../../functions/domain/outbound/address-policy';
import { useBrowserPlatform } from '../support/browser';
import { knowledgeFlows } from '../support/knowledge-flows';
import { listenOnLoopback, type LoopbackServer } from '../support/loopback-server';
import { expectText, newSession, signIn } from '../support/people';

/**
 * API sources to chat in the browser (issue 19 point 4; spec 02 APIs, New API Source, the API
 * picker): an admin fills the form against a book catalogue served on loopback by this test. Test
 * API first meets the catalogue's closed door (no CORS headers) and says plainly that the browser
 * was blocked, offering the server-side test; the open door answers, the response tree copies a
 * path, Suggest from Response fills the array path and the mappings. The source is saved, tested
 * from the server by the list's Test Connection, picked for a knowledge base that is deployed, and
 * the chat answers from one record, citing it by the source's name and the record's title.
 */

const API_KEY = 'shelf-key-7d1f';
const SOURCE_NAME = 'Book Catalog';
const KB_NAME = 'Catalog Knowledge';
const APP_NAME = 'Catalog Helper';
const BOOKS = {
  meta: { total: 3, page: 1 },
  data: {
    items: [
      { id: 'b-101', title: 'Salt and Cedar', author: { name: 'Ines Okafor' }, year: 2011, summary: 'Ines Okafor wrote Salt and Cedar about a family of boat builders on the Baltic coast.' },
      { id: 'b-102', title: 'The Lighthouse Ledger', author: { name: 'Mira Solvang' }, year: 1987, summary: 'Mira Solvang wrote The Lighthouse Ledger about the keeper of the Skarvoy lighthouse and his copper-bound ledger of ships.' },
      { id: 'b-103', title: 'Quiet Engines', author: { name: 'Tomas Reyes' }, year: 2020, summary: 'Tomas Reyes wrote Quiet Engines about the first electric ferries of Valparaiso.' },
    ],
  },
};
const QUESTION = 'Who wrote the book about the keeper of the Skarvoy lighthouse and his ledger of ships?';
const ANSWER = 'Mira Solvang';
const CITED = `${SOURCE_NAME}: The Lighthouse Ledger (record 2)`;

interface CatalogCall {
  path: string;
  method: string;
  key: string | undefined;
  origin: string | undefined;
}

describe('API sources to chat: an admin connects a book catalogue and the chat cites a record', () => {
  // The catalogue is on loopback, which only this override lets the server call (§1.10). The
  // platform runs in this process and reads it on each request, so it is set before it starts.
  const allowPrivateBefore = process.env[ALLOW_PRIVATE_URLS_ENV];
  let catalog: LoopbackServer;
  const calls: CatalogCall[] = [];
  beforeAll(async () => {
    process.env[ALLOW_PRIVATE_URLS_ENV] = 'true';
    catalog = await listenOnLoopback((request: IncomingMessage, response: ServerResponse) => {
      const path = new URL(request.url ?? '/', 'http://catalog').pathname;
      const key = request.headers['x-api-key'];
      calls.push({ path, method: request.method ?? '', key: typeof key === 'string' ? key : undefined, origin: request.headers.origin });
      const json = { 'Content-Type': 'application/json' };
      // The open door lets web pages call it (CORS); the closed one answers the same without saying so.
      const cors = path === '/books' ? { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'X-API-Key, Accept, Content-Type', 'Access-Control-Allow-Methods': 'GET, POST' } : {};
      if (path !== '/books' && path !== '/closed') {
        response.writeHead(404, json).end('{"error":"no such path"}');
      } else if (request.method === 'OPTIONS') {
        response.writeHead(204, cors).end();
      } else if (path === '/books' && key !== API_KEY) {
        response.writeHead(401, { ...cors, ...json }).end('{"error":"missing or wrong key"}');
      } else {
        response.writeHead(200, { ...cors, ...json }).end(request.method === 'HEAD' ? undefined : JSON.stringify(BOOKS));
      }
    });
  });
  afterAll(async () => {
    if (allowPrivateBefore === undefined) delete process.env[ALLOW_PRIVATE_URLS_ENV];
    else process.env[ALLOW_PRIVATE_URLS_ENV] = allowPrivateBefore;
    await catalog?.close();
  });

  const suite = useBrowserPlatform();
  const sessions: Array<{ context: BrowserContext; page: Page }> = [];
  const pageErrors: string[] = [];
  let admin: Page;
  let sourceId = '';

  afterAll(async () => {
    for (const session of sessions) await session.context.close().catch(() => undefined);
  });

  const form = (): Locator => admin.getByRole('form', { name: 'API source' });
  const outcome = (): Locator => form().getByTestId('api-test-outcome');
  const sourceRow = (): Locator => admin.getByTestId('api-row').filter({ hasText: SOURCE_NAME });

  it('an admin opens the empty APIs list and the New API Source form', async () => {
    const session = await newSession(suite.browser);
    sessions.push(session);
    admin = session.page;
    admin.on('pageerror', (error) => pageErrors.push(`${admin.url()}: ${error.message}`));
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.platform.url });
    const { ADMIN } = suite.platform.credentials;
    await signIn(admin, suite.platform.url, ADMIN.email, ADMIN.password, '/dashboard');
    await admin.goto(`${suite.platform.url}/data-sources/api`);
    await expect.poll(() => admin.getByTestId('page-title').innerText(), { timeout: 15_000 }).toBe('APIs');
    await expect.poll(() => admin.getByTestId('api-empty').innerText().catch(() => ''), { timeout: 15_000 }).toBe('No API sources found.');

    await admin.getByRole('button', { name: 'Add API Service' }).click();
    await admin.waitForURL(`${suite.platform.url}/data-sources/api/create`, { timeout: 15_000 });
    await expect.poll(() => admin.getByTestId('page-title').innerText(), { timeout: 15_000 }).toBe('New API Source');
    for (const section of ['API Source Information', 'API Configuration', 'Response Parsing', 'Rate Limiting & Performance']) {
      expect(await form().getByRole('region', { name: section }).count(), section).toBe(1);
    }
    // Test API needs an endpoint.
    expect(await form().getByRole('button', { name: 'Test API' }).isDisabled()).toBe(true);
  });

  it('Test API says plainly when the browser is blocked (no CORS) and offers the server-side test', async () => {
    await form().getByRole('textbox', { name: /^Name/ }).fill(SOURCE_NAME);
    await form().getByRole('textbox', { name: 'Description' }).fill('Books of the shelf, with their authors');
    await form().getByRole('combobox', { name: /^HTTP method/ }).click();
    await admin.getByRole('option', { name: 'GET', exact: true }).click();
    await form().getByRole('textbox', { name: /^Endpoint URL/ }).fill(`${catalog.origin}/closed`);
    await form().getByRole('button', { name: 'Test API' }).click();

    await expect.poll(() => outcome().getAttribute('data-blocked').catch(() => null), { timeout: 15_000 }).toBe('cors');
    const text = await outcome().innerText();
    expect(text).toContain('The browser could not make this call');
    expect(text).toContain(`Your browser blocked this call: ${catalog.origin} answered, but it does not allow calls from web pages (CORS).`);
    expect(await outcome().getByRole('button', { name: 'Create and test on the server' }).isVisible()).toBe(true);
    // The browser did reach the closed door: the form's call, then the opaque probe that told CORS from silence.
    expect(calls.filter((call) => call.path === '/closed').map((call) => call.method)).toEqual(['GET', 'HEAD']);
  });

  it('Test API calls the open door with the key and shows the response as a tree whose field names copy their paths', async () => {
    await form().getByRole('textbox', { name: /^Endpoint URL/ }).fill(`${catalog.origin}/books`);
    await form().getByRole('combobox', { name: /^Authentication/ }).click();
    await admin.getByRole('option', { name: 'API key' }).click();
    await form().getByLabel(/^API key/).fill(API_KEY);
    const headers = form().getByRole('group', { name: 'Headers' });
    expect(await headers.getByRole('button', { name: 'Add' }).isDisabled()).toBe(true);
    await headers.getByRole('textbox', { name: 'New header name' }).fill('Accept');
    await headers.getByRole('textbox', { name: 'New header value' }).fill('application/json');
    await headers.getByRole('button', { name: 'Add' }).click();
    expect(await headers.getByTestId('api-header-row').count()).toBe(1);

    await form().getByRole('button', { name: 'Test API' }).click();
    await expect.poll(() => outcome().innerText().catch(() => ''), { timeout: 15_000 }).toContain('API test successful! Response parsed correctly.');
    const text = await outcome().innerText();
    expect(text).toContain('Status: 200');
    expect(text).toContain('Content-Type: application/json');
    expect(await outcome().getAttribute('data-origin')).toBe('browser');
    const browserCall = calls.filter((call) => call.path === '/books' && call.method === 'GET').at(-1);
    expect(browserCall).toMatchObject({ key: API_KEY, origin: suite.platform.url });

    const tree = form().getByRole('tree', { name: 'Response' });
    await tree.getByRole('button', { name: 'Copy path data.items[0].title' }).click();
    await expect.poll(() => tree.getByTestId('path-copied').innerText().catch(() => ''), { timeout: 5_000 }).toBe('Path copied!');
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe('data.items[0].title');
    // The hint goes away again on its own (after its second).
    await expect.poll(() => tree.getByTestId('path-copied').count(), { timeout: 5_000 }).toBe(0);
    // Collapsible: the records' branch closes and opens.
    await tree.getByRole('button', { name: 'Collapse items' }).click();
    expect(await tree.getByRole('button', { name: 'Copy path data.items[0].title' }).count()).toBe(0);
    await tree.getByRole('button', { name: 'Expand items' }).click();
    expect(await tree.getByRole('button', { name: 'Copy path data.items[0].title' }).count()).toBe(1);
  });

  it('Suggest from Response fills the array path and the mappings; a bad target blocks the save with its message', async () => {
    const mappings = form().getByRole('group', { name: 'Field mappings' });
    await mappings.getByRole('button', { name: 'Suggest from Response' }).click();
    await expect.poll(() => mappings.getByTestId('api-mapping-row').count(), { timeout: 5_000 }).toBe(5);
    expect(await form().getByRole('textbox', { name: 'Array path' }).inputValue()).toBe('data.items');
    const rows = mappings.getByTestId('api-mapping-row');
    const pairs = [];
    for (let index = 0; index < 5; index += 1) {
      const row = rows.nth(index);
      pairs.push(`${await row.getByRole('textbox', { name: 'Source path' }).inputValue()}=${await row.getByRole('textbox', { name: 'Target field' }).inputValue()}`);
    }
    expect(pairs).toEqual(['id=id', 'title=title', 'author.name=author_name', 'year=year', 'summary=summary']);
    // Each mapping previews its value in the first record, cut at 50 characters.
    expect(await rows.nth(2).getByTestId('api-mapping-preview').innerText()).toBe('Ines Okafor');
    expect(await rows.nth(4).getByTestId('api-mapping-preview').innerText()).toBe(`${BOOKS.data.items[0]!.summary.slice(0, 50)}...`);

    await mappings.getByRole('textbox', { name: 'New source path' }).fill('year');
    expect(await mappings.getByRole('button', { name: 'Add' }).isDisabled()).toBe(true);
    await mappings.getByRole('textbox', { name: 'New target field' }).fill('1st_year');
    await mappings.getByRole('button', { name: 'Add' }).click();
    const problems = mappings.getByTestId('api-mapping-problems');
    await expect.poll(() => problems.innerText().catch(() => ''), { timeout: 5_000 }).toContain('Please fix the following issues:');
    expect(await problems.innerText()).toContain('Invalid field name format: 1st_year. Use letters, numbers, and underscores only, starting with a letter.');
    expect(await form().getByRole('button', { name: 'Create API Source' }).isDisabled()).toBe(true);
    await mappings.getByRole('button', { name: 'Remove mapping year' }).last().click();
    await expect.poll(() => problems.count(), { timeout: 5_000 }).toBe(0);
    expect(await form().getByRole('button', { name: 'Create API Source' }).isEnabled()).toBe(true);
  });

  it('saves the source; the list shows its method, endpoint, rate and usage, and Test Connection tests it from the server', async () => {
    await form().getByRole('button', { name: 'Create API Source' }).click();
    await admin.waitForURL(`${suite.platform.url}/data-sources/api`, { timeout: 15_000 });
    await expectText(admin, 'API source created successfully');
    const row = sourceRow();
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.getByTestId('api-method').innerText()).toBe('GET');
    expect(await row.getByTestId('api-endpoint').innerText()).toBe(`${catalog.origin}/books`);
    expect(await row.getByTestId('api-rate').innerText()).toBe('· 60 requests/min');
    expect(await row.getByTestId('api-usage').innerText()).toBe('Not Used');

    const token = await knowledgeFlows(suite.platform).login(suite.platform.credentials.ADMIN.email, suite.platform.credentials.ADMIN.password);
    const listed = await knowledgeFlows(suite.platform).call('GET', '/api/api-sources', token);
    const stored = (listed.body.apiSources as Array<{ id: string; name: string; configuration: Record<string, unknown> }>).find((source) => source.name === SOURCE_NAME);
    sourceId = stored?.id ?? '';
    // The key is stored but never shown again (§2: secrets are masked).
    expect(stored?.configuration).toMatchObject({ method: 'GET', headers: { Accept: 'application/json' }, authentication: { type: 'api_key', key: '********' }, response: { parsing: { type: 'json', array_path: 'data.items' } } });
    expect((stored?.configuration.response as { parsing: { mapping: Record<string, string> } }).parsing.mapping).toMatchObject({ title: 'title', 'author.name': 'author_name', summary: 'summary' });

    const before = calls.length;
    await row.getByRole('radio', { name: `Select ${SOURCE_NAME}` }).check();
    await admin.getByTestId('list-actions').getByRole('button', { name: 'Test Connection', exact: true }).click();
    const result = admin.getByTestId('api-test-result');
    await expect.poll(() => result.innerText().catch(() => ''), { timeout: 30_000 }).toContain('API source test successful');
    expect(await result.innerText()).toContain('Status: 200');
    expect(await result.innerText()).toContain('Records: 3');
    // The server made this call, with the stored key, and no page's origin.
    expect(calls.slice(before).filter((call) => call.path === '/books')).toEqual([{ path: '/books', method: 'GET', key: API_KEY, origin: undefined }]);
  });

  it('builds a knowledge base over the source through the API picker and deploys it until it is Ready', async () => {
    await admin.goto(`${suite.platform.url}/knowledge-bases`);
    await expect.poll(() => admin.getByTestId('page-title').innerText(), { timeout: 15_000 }).toBe('Knowledge Bases');
    await admin.getByRole('button', { name: 'New Knowledge Base' }).click();
    await admin.waitForURL(`${suite.platform.url}/knowledge-bases/create`, { timeout: 15_000 });
    await admin.getByRole('textbox', { name: /^Name/ }).fill(KB_NAME);
    await admin.getByRole('textbox', { name: 'Description' }).fill('The book catalogue');
    await admin.getByRole('radiogroup', { name: /Data source type/ }).getByRole('radio', { name: 'APIs' }).check();

    await admin.getByRole('button', { name: 'Select API Endpoints' }).click();
    const picker = admin.getByRole('dialog', { name: 'Select API Endpoints' });
    const box = picker.getByRole('checkbox', { name: `Select ${SOURCE_NAME}` });
    await expect.poll(() => box.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await picker.getByRole('row').filter({ has: admin.getByRole('checkbox', { name: `Select ${SOURCE_NAME}` }) }).innerText()).toContain(`${catalog.origin}/books`);
    await box.check();
    await picker.getByRole('button', { name: 'Select (1) Endpoint(s)' }).click();
    await expect.poll(() => picker.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => admin.getByRole('list', { name: 'Selected sources' }).innerText().catch(() => ''), { timeout: 15_000 }).toContain(SOURCE_NAME);

    await admin.getByRole('button', { name: 'Create Knowledge Base' }).click();
    await admin.waitForURL(`${suite.platform.url}/knowledge-bases`, { timeout: 15_000 });
    await expectText(admin, 'Knowledge Base created successfully');
    const row = admin.getByTestId('kb-row').filter({ hasText: KB_NAME });
    const status = row.getByTestId('kb-status');
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toBe('Draft');
    await row.getByRole('radio').check();
    await admin.getByTestId('list-actions').getByRole('button', { name: 'Deploy', exact: true }).click();
    await expectText(admin, 'Knowledge base deployment initiated');
    await expect.poll(() => status.innerText(), { timeout: 60_000, interval: 500 }).toBe('Ready');

    // The source now shows which knowledge base uses it.
    await admin.goto(`${suite.platform.url}/data-sources/api`);
    await expect.poll(() => sourceRow().getByTestId('api-usage').innerText().catch(() => ''), { timeout: 15_000 }).toBe('In Use');
  });

  it("a member's question is answered from one record, cited by the source and the record title", async () => {
    // The application and the group come from the API: their screens have browser tests of their own.
    const flows = knowledgeFlows(suite.platform);
    const { ADMIN, USER } = suite.platform.credentials;
    const token = await flows.login(ADMIN.email, ADMIN.password);
    const bases = await flows.call('GET', '/api/knowledge-bases?all=true', token);
    const kb = (bases.body.knowledgeBases as Array<{ id: string; name: string; data_source_ids: string[] }>).find((entry) => entry.name === KB_NAME);
    expect(kb?.data_source_ids).toEqual([sourceId]);
    const application = await flows.createApplication(token, { name: APP_NAME, description: 'Answers about the book catalogue', indexIds: [kb!.id] });
    const group = await flows.groupWithMember(token, { name: 'Catalog Readers', description: 'May ask about the books' }, USER.email);
    expect((await flows.call('PUT', `/api/knowledge-bases/${kb!.id}/groups`, token, { groupIds: [group.id] })).status).toBe(200);
    expect((await flows.call('PUT', `/api/rag/${application.id as string}/groups`, token, { groupIds: [group.id] })).status).toBe(200);

    const session = await newSession(suite.browser);
    sessions.push(session);
    const member = session.page;
    member.on('pageerror', (error) => pageErrors.push(`${member.url()}: ${error.message}`));
    await signIn(member, suite.platform.url, USER.email, USER.password, '/rag-applications');
    const chatButton = member.getByRole('article', { name: APP_NAME, exact: true }).getByRole('button', { name: `Chat with ${APP_NAME}` });
    await expect.poll(() => chatButton.isEnabled().catch(() => false), { timeout: 15_000 }).toBe(true);
    await chatButton.click();
    const chat = member.getByRole('dialog', { name: APP_NAME, exact: true });
    await chat.getByRole('textbox', { name: 'Message' }).fill(QUESTION);
    await chat.getByRole('button', { name: 'Send message' }).click();
    const replies = chat.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'Reply', exact: true });
    await expect.poll(() => replies.count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => chat.getByRole('status', { name: 'Waiting for the reply' }).count(), { timeout: 15_000 }).toBe(0);
    const reply = replies.first();
    expect(await reply.innerText()).toContain(ANSWER);
    const sources = reply.getByRole('list', { name: 'Sources' });
    expect(await sources.innerText()).toContain(CITED);
  });

  it('raised no uncaught script error on the platform pages', () => {
    expect(pageErrors).toEqual([]);
  });
});

import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserPlatform } from '../support/browser';
import { knowledgeFlows, waitUntil } from '../support/knowledge-flows';
import { newSession, signIn } from '../support/people';

/**
 * A reply that quotes code (the extractive answerer quotes the block a sentence introduces) shows
 * it as code: lines and indentation kept, no fences, and a long line scrolls inside its block
 * instead of widening the conversation past the chat window.
 */

const suite = useBrowserPlatform();

const LONG_LINE = 'npm run release -- --tag next --registry https://registry.example.com/a/rather/long/path/that/never/wraps';
const GUIDE = ['# Releasing', '', 'To publish a release from the terminal, run:', '', '```sh', LONG_LINE, '  npm publish --access public', '```', '', 'Releases go out every Tuesday.', ''].join('\n');

describe('code in chat replies', () => {
  it('shows a quoted code block as code that scrolls inside its bubble', async () => {
    const { ADMIN, USER } = suite.platform.credentials;
    const flows = knowledgeFlows(suite.platform);
    const token = await flows.login(ADMIN.email, ADMIN.password);
    const fileId = await flows.uploadFile(token, 'release-guide.md', GUIDE);
    // Chunks large enough to hold the sentence with its code (the helper's 200 characters would part them).
    const created = await flows.call('POST', '/api/knowledge-bases', token, { name: 'Release Guide', source_type: 'files', embedding_model: 'text-embedding-ada-002', chunk_size: 1000, overlap: 100, data_source_ids: [fileId] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await flows.call('POST', `/api/knowledge-bases/${created.body.id}/deploy`, token, {})).status).toBe(202);
    await waitUntil(async () => (await flows.call('GET', `/api/knowledge-bases/${created.body.id}`, token)).body.status, 'ready');
    const knowledgeBase = created.body;
    const application = await flows.createApplication(token, { name: 'Release Helper', indexIds: [knowledgeBase.id] });

    // Shared with a group of the seeded user, who chats in the floating window.
    const group = await flows.call('POST', '/api/groups', token, { name: 'Release Readers' });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const userToken = await flows.login(USER.email, USER.password);
    const userId = (await flows.call('GET', '/api/profile', userToken)).body.user.id as string;
    expect((await flows.call('POST', `/api/groups/${group.body.id}/users/${userId}`, token)).status).toBeLessThan(300);
    expect((await flows.call('PUT', `/api/knowledge-bases/${knowledgeBase.id}/groups`, token, { groupIds: [group.body.id] })).status).toBe(200);
    expect((await flows.call('PUT', `/api/rag/${application.id}/groups`, token, { groupIds: [group.body.id] })).status).toBe(200);

    const { page } = await newSession(suite.browser);
    await signIn(page, suite.platform.url, USER.email, USER.password, '/rag-applications');
    await page.getByRole('button', { name: 'Chat with Release Helper' }).click();
    const chat = page.getByRole('dialog', { name: 'Release Helper', exact: true });
    await expect.poll(() => chat.isVisible(), { timeout: 15_000 }).toBe(true);
    const send = chat.getByRole('button', { name: 'Send message' });
    await chat.getByRole('textbox', { name: 'Message' }).fill('How do I publish a release?');
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await send.click();

    const reply = chat.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'Reply', exact: true }).first();
    await expect.poll(() => reply.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await reply.innerText()).toContain('To publish a release from the terminal, run:');
    expect(await reply.locator('pre code').textContent()).toBe(`${LONG_LINE}\n  npm publish --access public`);
    // No fence shows anywhere, the sources' snippets included.
    expect(await reply.innerText()).not.toContain('```');
    // The long line scrolls inside its block; the block, its bubble and the message box stay inside the window.
    expect(await scrollsSideways(reply.locator('pre'))).toBe(true);
    const right = async (locator: Locator) => {
      const box = (await locator.boundingBox())!;
      return Math.round(box.x + box.width);
    };
    const input = chat.getByRole('textbox', { name: 'Message' });
    expect(await right(reply.locator('pre'))).toBeLessThanOrEqual(await right(reply));
    expect(await right(reply)).toBeLessThanOrEqual(await right(chat));
    expect(await right(input)).toBeLessThanOrEqual(await right(chat));
  }, 120_000);
});

/** Whether the element is wider inside than it shows (it scrolls sideways). */
function scrollsSideways(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
}

import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseApplicationGroup, fillApplicationBasics, openNewApplicationForm, pickKnowledgeBases, saveApplicationAccess, submitNewApplication } from '../support/application-screens';
import { useBrowserPlatform } from '../support/browser';
import { knowledgeFlows } from '../support/knowledge-flows';
import { expectText, newSession, signIn } from '../support/people';

/**
 * Knowledge to chat end to end in the browser (spec 01 §2.7, spec 02 knowledge bases, spec 03
 * applications): an admin uploads two documents, builds and deploys a knowledge base from them,
 * creates an application over it and grants a group; a member of that group chats in the floating
 * window and in fullscreen, gets cited extractive answers, reloads and finds the history, and does the
 * same in the mobile overlay. A user outside the group never sees the application. The tests share
 * the platform and the sessions and build on each other, in order.
 */

const suite = useBrowserPlatform();

const TRAVEL_FILE = 'travel-expense-policy.md';
const LAPTOP_FILE = 'laptop-security-guide.txt';
const TRAVEL_TEXT = [
  '# Travel expense policy',
  '',
  'Employees must submit expense reports within 30 days of the trip, with every receipt attached.',
  'Hotel stays are reimbursed up to 180 euros per night in capital cities.',
  'Train travel is preferred over flights for any journey shorter than four hours.',
].join('\n');
const LAPTOP_TEXT = [
  'Laptop security guide.',
  'Every company laptop must use full-disk encryption before it leaves the office.',
  'Lock your screen whenever you step away from your desk.',
  'Report a lost or stolen laptop to the security team within one hour.',
].join('\n');

const KB_NAME = 'Company Handbook';
const APP_NAME = 'Handbook Assistant';
const GROUP_NAME = 'Handbook Readers';

/** Short enough (under 50 characters) that the session is named with the whole question. */
const TRAVEL_QUESTION = 'How long do I have to submit expense reports?';
const LAPTOP_QUESTION = 'What should I do about a lost laptop?';
const ENCRYPTION_QUESTION = 'Does my laptop need full-disk encryption?';
const EXTRACTED = 'Extracted answer — no language model';

const sessions: Array<{ context: BrowserContext; page: Page }> = [];
/** Uncaught exceptions of every page of the file, the chat's own tab included. */
const pageErrors: string[] = [];
let admin: Page;
let member: Page;

afterAll(async () => {
  for (const session of sessions) await session.context.close().catch(() => undefined);
});

async function open(viewport?: { width: number; height: number }): Promise<Page> {
  const session = await newSession(suite.browser);
  if (viewport) await session.page.setViewportSize(viewport);
  const watch = (page: Page) => page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  watch(session.page);
  session.context.on('page', watch);
  sessions.push(session);
  return session.page;
}

const chatWindow = (page: Page): Locator => page.getByRole('dialog', { name: APP_NAME, exact: true });
const replies = (scope: Locator): Locator => scope.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'Reply', exact: true });

/** Types a question, sends it and waits for the reply; answers the reply's bubble. */
async function ask(scope: Locator, question: string): Promise<Locator> {
  const before = await replies(scope).count();
  await scope.getByRole('textbox', { name: 'Message' }).fill(question);
  await scope.getByRole('button', { name: 'Send message' }).click();
  // The question shows at once, before the reply.
  await expect.poll(() => scope.getByRole('article', { name: 'Your message' }).filter({ hasText: question }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(() => replies(scope).count(), { timeout: 60_000 }).toBe(before + 1);
  await expect.poll(() => scope.getByRole('status', { name: 'Waiting for the reply' }).count(), { timeout: 15_000 }).toBe(0);
  return replies(scope).nth(before);
}

/** The reply is the extractive answerer's, quotes `sentence` and cites `cited` (and not `notCited`). */
async function expectCitedAnswer(reply: Locator, sentence: string, cited: string, notCited: string): Promise<void> {
  expect(await reply.innerText()).toContain(sentence);
  expect(await reply.getByText(EXTRACTED, { exact: true }).isVisible()).toBe(true);
  const sources = reply.getByRole('list', { name: 'Sources' });
  expect(await sources.isVisible()).toBe(true);
  expect(await sources.getByRole('button', { name: `Open ${cited}` }).count()).toBeGreaterThan(0);
  expect(await sources.getByRole('button', { name: `Open ${notCited}` }).count()).toBe(0);
}

describe('knowledge to chat: an admin builds, a member chats', () => {
  it('an admin uploads two documents and both become active', async () => {
    admin = await open();
    const { ADMIN } = suite.platform.credentials;
    await signIn(admin, suite.platform.url, ADMIN.email, ADMIN.password, '/dashboard');
    await admin.goto(`${suite.platform.url}/data-sources`);
    await expect.poll(() => admin.getByTestId('page-title').innerText(), { timeout: 15_000 }).toBe('Files');

    await admin.getByRole('button', { name: 'Upload Files' }).first().click();
    const dialog = admin.getByRole('dialog', { name: 'Upload Files' });
    await dialog.getByTestId('upload-input').setInputFiles([
      { name: TRAVEL_FILE, mimeType: 'text/markdown', buffer: Buffer.from(TRAVEL_TEXT) },
      { name: LAPTOP_FILE, mimeType: 'text/plain', buffer: Buffer.from(LAPTOP_TEXT) },
    ]);
    await expect.poll(() => dialog.locator('[data-testid="upload-entry"][data-state="done"]').count(), { timeout: 30_000 }).toBe(2);
    await dialog.getByRole('button', { name: 'Done' }).click();

    for (const name of [TRAVEL_FILE, LAPTOP_FILE]) {
      const row = admin.getByTestId('file-row').filter({ has: admin.getByRole('button', { name, exact: true }) });
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000, interval: 500 }).toBe('active');
    }
  });

  it('creates a knowledge base from both files and deploys it until it is Ready', async () => {
    await admin.goto(`${suite.platform.url}/knowledge-bases`);
    await expect.poll(() => admin.getByTestId('page-title').innerText(), { timeout: 15_000 }).toBe('Knowledge Bases');
    await admin.getByRole('button', { name: 'New Knowledge Base' }).click();
    await admin.waitForURL(`${suite.platform.url}/knowledge-bases/create`, { timeout: 15_000 });

    await admin.getByRole('textbox', { name: /^Name/ }).fill(KB_NAME);
    await admin.getByRole('textbox', { name: 'Description' }).fill('Travel expenses and laptop security');
    await admin.getByRole('radiogroup', { name: /Data source type/ }).getByRole('radio', { name: 'Files' }).check();
    // Nothing chosen yet: the form cannot be sent.
    expect(await admin.getByRole('button', { name: 'Create Knowledge Base' }).isDisabled()).toBe(true);

    await admin.getByRole('button', { name: 'Select Data Sources' }).click();
    const picker = admin.getByRole('dialog', { name: 'Select Data Sources' });
    for (const name of [TRAVEL_FILE, LAPTOP_FILE]) {
      const box = picker.getByRole('checkbox', { name: `Select ${name}` });
      await expect.poll(() => box.isVisible(), { timeout: 15_000 }).toBe(true);
      await box.check();
    }
    await picker.getByRole('button', { name: 'Select (2) Files' }).click();
    await expect.poll(() => picker.count(), { timeout: 15_000 }).toBe(0);
    // The chosen files are listed by name on the form.
    for (const name of [TRAVEL_FILE, LAPTOP_FILE]) await expect.poll(() => admin.getByText(name, { exact: true }).first().isVisible(), { timeout: 15_000 }).toBe(true);

    await admin.getByRole('button', { name: 'Create Knowledge Base' }).click();
    await admin.waitForURL(`${suite.platform.url}/knowledge-bases`, { timeout: 15_000 });
    await expectText(admin, 'Knowledge Base created successfully');

    const row = admin.getByTestId('kb-row').filter({ hasText: KB_NAME });
    const status = row.getByTestId('kb-status');
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toBe('Draft');
    expect(await row.getByTestId('kb-summary').innerText()).toContain('2 files');

    // Records every badge text from here on: processing is over too soon for a poll to be sure of it.
    await admin.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __kbStatuses: string[] }).__kbStatuses = seen;
      const record = () => document.querySelectorAll('[data-testid="kb-status"]').forEach((chip) => seen.push(chip.textContent ?? ''));
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    // The Actions panel acts on the selected row.
    const deploy = admin.getByTestId('list-actions').getByRole('button', { name: 'Deploy', exact: true });
    await row.getByRole('radio').check();
    await deploy.click();
    await expectText(admin, 'Knowledge base deployment initiated');
    // The list re-reads while processing until the indexer is done.
    await expect.poll(() => status.innerText(), { timeout: 120_000, interval: 500 }).toBe('Ready');
    const seen = await admin.evaluate(() => (window as unknown as { __kbStatuses: string[] }).__kbStatuses);
    expect(seen).toContain('Processing');
    expect(seen.indexOf('Processing')).toBeLessThan(seen.lastIndexOf('Ready'));
    await expect.poll(() => row.getByTestId('kb-summary').innerText(), { timeout: 15_000 }).toMatch(/2 documents, \d+ chunks?/);
    expect(await row.getAttribute('aria-selected')).toBe('true');
    expect(await deploy.isDisabled()).toBe(true);
  });

  it('creates an application over the knowledge base and grants a group of the user', async () => {
    // The group and its member come from the API: the Groups screen has its own browser test.
    const flows = knowledgeFlows(suite.platform);
    const { ADMIN, USER } = suite.platform.credentials;
    const token = await flows.login(ADMIN.email, ADMIN.password);
    await flows.groupWithMember(token, { name: GROUP_NAME, description: 'May read the handbook' }, USER.email);

    await openNewApplicationForm(admin, suite.platform.url);
    await fillApplicationBasics(admin, APP_NAME, 'Answers questions about travel expenses and laptops');
    await pickKnowledgeBases(admin, [KB_NAME]);
    expect(await admin.getByRole('region', { name: 'Selected knowledge bases' }).innerText()).toContain(KB_NAME);
    await submitNewApplication(admin, suite.platform.url);

    const row = admin.getByTestId('application-row').filter({ hasText: APP_NAME });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.innerText()).toContain(KB_NAME);
    const access = await chooseApplicationGroup(admin, APP_NAME, GROUP_NAME);
    await saveApplicationAccess(admin, access);
    const panel = admin.getByRole('region', { name: 'Admin Actions' });

    // Saved on the server: reopening the dialog starts from the group.
    await panel.getByRole('button', { name: 'Access' }).click();
    await expect.poll(() => access.getByTestId('selected-groups').innerText(), { timeout: 15_000 }).toContain(GROUP_NAME);
    await access.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => access.count(), { timeout: 15_000 }).toBe(0);
  });

  it('the member sees the application with Limited Access until the knowledge base is shared with the group too', async () => {
    member = await open();
    const { USER } = suite.platform.credentials;
    await signIn(member, suite.platform.url, USER.email, USER.password, '/rag-applications');
    const card = member.getByRole('article', { name: APP_NAME, exact: true });
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    // Contract §1.3: chat needs the application and at least one knowledge base the user can see.
    await expect.poll(() => card.getByTestId('access-badge').innerText().catch(() => ''), { timeout: 15_000 }).toBe('Limited Access');
    expect(await card.getByRole('button', { name: `Chat with ${APP_NAME}` }).count()).toBe(0);

    await admin.goto(`${suite.platform.url}/knowledge-bases`);
    const row = admin.getByTestId('kb-row').filter({ hasText: KB_NAME });
    await row.getByRole('radio').check();
    await admin.getByTestId('list-actions').getByRole('button', { name: 'Access', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: `Group access: ${KB_NAME}` });
    const box = dialog.getByRole('checkbox', { name: GROUP_NAME, exact: true });
    await expect.poll(() => box.isVisible(), { timeout: 15_000 }).toBe(true);
    await box.check();
    await dialog.getByRole('button', { name: 'Save Access' }).click();
    await expectText(admin, 'Groups updated successfully');
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);

    await member.reload();
    const chatButton = card.getByRole('button', { name: `Chat with ${APP_NAME}` });
    await expect.poll(() => chatButton.isEnabled().catch(() => false), { timeout: 15_000 }).toBe(true);
    expect(await card.getByTestId('access-badge').count()).toBe(0);
  });

  it('a member of the group chats in the floating window and gets an answer citing the right document', async () => {
    const card = member.getByRole('article', { name: APP_NAME, exact: true });
    const chatButton = card.getByRole('button', { name: `Chat with ${APP_NAME}` });
    await expect.poll(() => chatButton.isEnabled().catch(() => false), { timeout: 15_000 }).toBe(true);
    await chatButton.click();

    const chat = chatWindow(member);
    await expect.poll(() => chat.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await chat.getAttribute('data-mode')).toBe('normal');
    const box = await chat.boundingBox();
    const viewport = member.viewportSize()!;
    // Spec 01 §2.7: a 400 px window at the right edge, well short of the viewport.
    expect(box!.width).toBeLessThan(viewport.width / 2);
    expect(Math.round(box!.x + box!.width)).toBeLessThan(viewport.width);

    // The first session is created on opening; the send button waits for it and for some text.
    await expect.poll(() => chat.getByText(`Ask a question about ${APP_NAME}'s knowledge.`).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await chat.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);

    const reply = await ask(chat, TRAVEL_QUESTION);
    await expectCitedAnswer(reply, 'Employees must submit expense reports within 30 days of the trip', TRAVEL_FILE, LAPTOP_FILE);
    expect(await reply.getByRole('list', { name: 'Sources' }).innerText()).toContain(KB_NAME);

    // Opening the cited file shows the passage the answer came from; a member is not offered the download.
    await reply.getByRole('list', { name: 'Sources' }).getByRole('button', { name: `Open ${TRAVEL_FILE}` }).first().click();
    const passage = member.getByRole('dialog', { name: TRAVEL_FILE });
    await expect.poll(() => passage.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await passage.innerText()).toContain('within 30 days of the trip');
    expect(await passage.getByRole('button', { name: 'Download file' }).count()).toBe(0);
    await passage.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => passage.count(), { timeout: 15_000 }).toBe(0);
  });

  it('goes fullscreen, finds the session in Chat History and asks a second question there', async () => {
    const chat = chatWindow(member);
    await chat.getByRole('button', { name: 'Fullscreen' }).click();
    await expect.poll(() => chat.getAttribute('data-mode'), { timeout: 15_000 }).toBe('fullscreen');
    const viewport = member.viewportSize()!;
    await expect.poll(async () => {
      const box = await chat.boundingBox();
      return box && [Math.round(box.x), Math.round(box.y), Math.round(box.width), Math.round(box.height)];
    }).toEqual([0, 0, viewport.width, viewport.height]);

    // The history sidebar opens when the mouse comes to the left edge ...
    const sidebar = chat.getByRole('complementary', { name: 'Chat History' });
    expect(await sidebar.count()).toBe(0);
    await member.mouse.move(viewport.width / 2, viewport.height / 2);
    await member.mouse.move(10, viewport.height / 2, { steps: 5 });
    await expect.poll(() => sidebar.isVisible(), { timeout: 15_000 }).toBe(true);
    const recent = sidebar.getByRole('list', { name: 'Recent Chats' });
    // ... and names the session after its first message.
    await expect.poll(() => recent.getByRole('button').allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining(TRAVEL_QUESTION)]);
    // ... and leaves once the mouse goes away.
    await member.mouse.move(viewport.width - 100, viewport.height / 2, { steps: 5 });
    await expect.poll(() => sidebar.count(), { timeout: 15_000 }).toBe(0);

    // The header button (in the hover zone: the mouse reaching it opens the sidebar first) shows it
    // pinned, so it stays while typing.
    await chat.getByRole('button', { name: 'Show chat history' }).click();
    await expect.poll(() => sidebar.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => sidebar.getByRole('button', { name: 'Unpin sidebar' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await chat.getByRole('button', { name: 'Hide chat history' }).isVisible()).toBe(true);

    const reply = await ask(chat, LAPTOP_QUESTION);
    await expectCitedAnswer(reply, 'Report a lost or stolen laptop to the security team within one hour', LAPTOP_FILE, TRAVEL_FILE);
    expect(await sidebar.isVisible()).toBe(true);
    // Still one session, still named after the first question.
    expect(await recent.getByRole('button').allInnerTexts()).toEqual([expect.stringContaining(TRAVEL_QUESTION)]);
    expect(await replies(chat).count()).toBe(2);

    await chat.getByRole('button', { name: 'Exit fullscreen' }).click();
    await expect.poll(() => chat.getAttribute('data-mode'), { timeout: 15_000 }).toBe('normal');
    // Switching modes keeps the conversation.
    expect(await replies(chat).count()).toBe(2);
  });

  it('after a reload, reopening the chat brings back the session and its messages', async () => {
    await member.reload();
    await expect.poll(() => member.getByRole('article', { name: APP_NAME, exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
    // Open chats do not survive a reload; the conversation does, on the server.
    expect(await chatWindow(member).count()).toBe(0);
    // The local copies (spec 01 §8 keys sessions_* and chat_*) are not what brings it back: only the server's answer can.
    const removed = await member.evaluate(() => {
      const copies = Object.keys(window.localStorage).filter((key) => key.startsWith('sessions_') || key.startsWith('chat_'));
      copies.forEach((key) => window.localStorage.removeItem(key));
      return copies.length;
    });
    expect(removed).toBeGreaterThan(0);
    await member.getByRole('button', { name: `Chat with ${APP_NAME}` }).click();

    const chat = chatWindow(member);
    const log = chat.getByRole('log', { name: 'Messages' });
    await expect.poll(() => replies(chat).count(), { timeout: 30_000 }).toBe(2);
    const mine = await log.getByRole('article', { name: 'Your message' }).allInnerTexts();
    expect(mine.map((text) => text.trim())).toEqual([TRAVEL_QUESTION, LAPTOP_QUESTION]);
    await expectCitedAnswer(replies(chat).nth(0), 'within 30 days of the trip', TRAVEL_FILE, LAPTOP_FILE);
    await expectCitedAnswer(replies(chat).nth(1), 'security team within one hour', LAPTOP_FILE, TRAVEL_FILE);

    // The chat's own tab shows the same conversation, from the server.
    const [tab] = await Promise.all([member.context().waitForEvent('page', { timeout: 15_000 }), chat.getByRole('button', { name: 'Open in new tab' }).click()]);
    await tab.waitForURL(/\/chat\/[^/]+$/, { timeout: 15_000 });
    await expect.poll(() => tab.getByRole('heading', { level: 1, name: APP_NAME }).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await tab.title()).toBe(`Chat - ${APP_NAME}`);
    const tabLog = tab.getByRole('log', { name: 'Messages' });
    await expect.poll(() => tabLog.getByRole('article', { name: 'Reply', exact: true }).count(), { timeout: 30_000 }).toBe(2);
    expect(await tabLog.getByRole('article', { name: 'Your message' }).first().innerText()).toContain(TRAVEL_QUESTION);
    await tab.getByRole('button', { name: `Close chat with ${APP_NAME}` }).click();
    // A tab a script opened closes; the window in the first tab stays.
    await expect.poll(() => tab.isClosed(), { timeout: 15_000 }).toBe(true);
    expect(await chat.isVisible()).toBe(true);

    await chat.getByRole('button', { name: 'Fullscreen' }).click();
    await chat.getByRole('button', { name: 'Show chat history' }).click();
    const sidebar = chat.getByRole('complementary', { name: 'Chat History' });
    const recent = sidebar.getByRole('list', { name: 'Recent Chats' });
    await expect.poll(() => recent.getByRole('button').allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining(TRAVEL_QUESTION)]);

    // A new chat joins the history; the earlier one opens again from the list.
    await sidebar.getByRole('button', { name: 'New Chat', exact: true }).click();
    await expect.poll(() => recent.getByRole('button').count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => replies(chat).count(), { timeout: 15_000 }).toBe(0);
    await recent.getByRole('button').filter({ hasText: TRAVEL_QUESTION }).click();
    await expect.poll(() => replies(chat).count(), { timeout: 15_000 }).toBe(2);

    await chat.getByRole('button', { name: 'Close chat' }).click();
    await expect.poll(() => chat.count(), { timeout: 15_000 }).toBe(0);
  });

  it('on a 375 px phone the chat is a full-screen overlay that locks the page and answers with sources', async () => {
    const phone = await open({ width: 375, height: 740 });
    const { USER } = suite.platform.credentials;
    await signIn(phone, suite.platform.url, USER.email, USER.password, '/rag-applications');
    const card = phone.getByRole('article', { name: APP_NAME, exact: true });
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    const chatButton = card.getByRole('button', { name: `Chat with ${APP_NAME}` });
    await expect.poll(() => chatButton.isEnabled().catch(() => false), { timeout: 15_000 }).toBe(true);
    expect(await phone.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await chatButton.click();

    const overlay = chatWindow(phone);
    await expect.poll(() => overlay.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await overlay.getAttribute('data-testid')).toBe('chat-mobile-overlay');
    const box = await overlay.boundingBox();
    expect(box && [Math.round(box.x), Math.round(box.y), Math.round(box.width), Math.round(box.height)]).toEqual([0, 0, 375, 740]);
    expect(await overlay.getByRole('button', { name: 'Back to applications' }).isVisible()).toBe(true);
    expect(await overlay.getByRole('heading', { name: APP_NAME, exact: true }).isVisible()).toBe(true);
    expect(await overlay.getByRole('button', { name: 'New chat' }).isVisible()).toBe(true);
    // No desktop controls on a phone.
    expect(await overlay.getByRole('button', { name: 'Fullscreen' }).count()).toBe(0);
    expect(await phone.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    // The user's most recently created session opens: the empty one started on the desktop.
    await expect.poll(() => overlay.getByText(`Ask a question about ${APP_NAME}'s knowledge.`).isVisible(), { timeout: 30_000 }).toBe(true);
    const reply = await ask(overlay, ENCRYPTION_QUESTION);
    await expectCitedAnswer(reply, 'Every company laptop must use full-disk encryption', LAPTOP_FILE, TRAVEL_FILE);
    const replyBox = await reply.boundingBox();
    // The answer fits the phone: nothing runs off the right edge.
    expect(replyBox!.x + replyBox!.width).toBeLessThanOrEqual(375);

    // A new chat starts empty.
    await overlay.getByRole('button', { name: 'New chat' }).click();
    await expect.poll(() => replies(overlay).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => overlay.getByText(`Ask a question about ${APP_NAME}'s knowledge.`).isVisible(), { timeout: 15_000 }).toBe(true);

    await overlay.getByRole('button', { name: 'Back to applications' }).click();
    await expect.poll(() => overlay.count(), { timeout: 15_000 }).toBe(0);
    expect(await phone.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    expect(new URL(phone.url()).pathname).toBe('/rag-applications');
    expect(await card.isVisible()).toBe(true);
  });

  it('a user outside the granted group does not see the application', async () => {
    const outsider = await open();
    const { RAG_USER } = suite.platform.credentials;
    await signIn(outsider, suite.platform.url, RAG_USER.email, RAG_USER.password, '/rag-applications');
    await expect.poll(() => outsider.getByTestId('applications-empty').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await outsider.getByRole('article', { name: APP_NAME, exact: true }).count()).toBe(0);
    expect(await outsider.getByRole('button', { name: `Chat with ${APP_NAME}` }).count()).toBe(0);
  });

  it('raised no uncaught script error on any page along the way', () => {
    expect(sessions.length).toBeGreaterThan(3);
    expect(pageErrors).toEqual([]);
  });
});

import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { OrganizationRepository } from '../../functions/domain/organizations/organization-repository';
import { UserRepository } from '../../functions/domain/users/user-repository';
import { alsoGrantKnowledgeBases, chooseApplicationGroup, fillApplicationBasics, openNewApplicationForm, pickKnowledgeBases, saveApplicationAccess, selectApplication, submitNewApplication } from '../support/application-screens';
import { useBrowserPlatform } from '../support/browser';
import { knowledgeFlows, subscribe } from '../support/knowledge-flows';
import { newSession, signIn } from '../support/people';

/**
 * The first hour of a new organization's admin at 1280 px (issue 21), each fix met as the admin
 * meets it: Organization Settings from the sidebar and its Google switch, 'Create and deploy' and
 * the worded Deploy, the New Application form's knowledge-base message, the Access dialog that
 * grants the application's knowledge bases too (after which a member can chat), and the chat's
 * floating window, tooltips, sources and cited passage. The tests build on each other, in order.
 * The 375 px lists are phone-lists.test.ts's.
 */

const suite = useBrowserPlatform();

const FILE = 'onboarding-guide.md';
// Under the 300-character snippet, so the cited passage is the whole file; the badge address is one
// long unbroken token, the kind that ran past the passage dialog's edge.
const BADGE_ADDRESS = 'intranet.example.com/forms/facilities/badges/request-a-new-building-access-badge-for-new-employees-and-contractors';
const FILE_TEXT = ['# Onboarding', '', 'New employees get their **laptop** and a [VPN account](https://vpn.example.com) on the `first day`.', '', `Badge form: ${BADGE_ADDRESS}`].join('\n');
const QUESTION = 'When do new employees get their laptop?';
const KB_NAME = 'Onboarding';
const DRAFT_NAME = 'Archive';
const APP_NAME = 'Onboarding Helper';
const GROUP_NAME = 'New Starters';
const KB_MESSAGE = 'Please select at least one knowledge-base';

const sessions: BrowserContext[] = [];
let admin: Page;

afterAll(async () => {
  for (const context of sessions) await context.close().catch(() => undefined);
});

async function open(): Promise<Page> {
  const session = await newSession(suite.browser);
  sessions.push(session.context);
  return session.page;
}

describe("a new organization's first hour at 1280 px (issue 21)", () => {
  it('reaches Organization Settings from the sidebar, whose Google switch shows only where Google sign-in is configured', async () => {
    const { platform } = suite;
    admin = await open();
    await signIn(admin, platform.url, platform.credentials.ADMIN.email, platform.credentials.ADMIN.password, '/dashboard');
    await admin.getByTestId('nav-settings.organization').click();
    await admin.waitForURL(`${platform.url}/organization/settings`, { timeout: 15_000 });
    const auth = admin.getByTestId('auth-settings');
    await expect.poll(() => auth.getByRole('switch', { name: 'Password sign-in' }).isVisible().catch(() => false), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => admin.getByTestId('security-settings').isVisible(), { timeout: 15_000 }).toBe(true);
    // The embedded sign-in page offers email and password only: no Google switch to promise a button.
    expect(await auth.getByRole('switch', { name: 'Google sign-in' }).count()).toBe(0);

    // An install whose identity provider offers Google (its runtime config says so) shows the switch.
    await admin.route('**/runtime-config.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), googleSignIn: true } });
    });
    try {
      await admin.reload();
      await expect.poll(() => auth.getByRole('switch', { name: 'Google sign-in' }).isVisible().catch(() => false), { timeout: 15_000 }).toBe(true);
    } finally {
      await admin.unrouteAll();
    }
  });

  it("offers 'Create and deploy' on New Knowledge Base, and a worded Deploy for a draft", async () => {
    const { platform } = suite;
    const flows = knowledgeFlows(platform);
    const token = await flows.login(platform.credentials.ADMIN.email, platform.credentials.ADMIN.password);
    const user = await new UserRepository(platform.ports.database).findByEmail(platform.credentials.ADMIN.email);
    await subscribe(platform, (await new OrganizationRepository(platform.ports.database).get(user!.organization_id))!.id, 'starter');
    const fileId = await flows.uploadFile(token, FILE, FILE_TEXT);
    const draft = await flows.call('POST', '/api/knowledge-bases', token, { name: DRAFT_NAME, source_type: 'files', embedding_model: 'text-embedding-ada-002', chunk_size: 200, overlap: 20, data_source_ids: [fileId] });
    expect(draft.status).toBe(201);

    await admin.goto(`${platform.url}/knowledge-bases/create`);
    await admin.getByRole('textbox', { name: /^Name/ }).fill(KB_NAME);
    await admin.getByRole('radiogroup', { name: /Data source type/ }).getByRole('radio', { name: 'Files' }).check();
    await admin.getByRole('button', { name: 'Select Data Sources' }).click();
    const picker = admin.getByRole('dialog', { name: 'Select Data Sources' });
    const box = picker.getByRole('checkbox', { name: `Select ${FILE}` });
    await expect.poll(() => box.isVisible(), { timeout: 15_000 }).toBe(true);
    await box.check();
    await picker.getByRole('button', { name: 'Select (1) Files' }).click();
    await expect.poll(() => picker.count(), { timeout: 15_000 }).toBe(0);
    await admin.getByRole('button', { name: 'Create and deploy' }).click();
    await admin.waitForURL(`${platform.url}/knowledge-bases`, { timeout: 15_000 });
    await expect.poll(() => admin.getByText(/^Knowledge Base created successfully\. /).first().isVisible(), { timeout: 15_000 }).toBe(true);

    // Deployed without a second step: the list follows it to Ready.
    const row = admin.getByTestId('kb-row').filter({ hasText: KB_NAME });
    await expect.poll(() => row.getByTestId('kb-status').innerText(), { timeout: 120_000, interval: 500 }).toBe('Ready');

    // The draft's next step is a worded, enabled Deploy; a ready one's is disabled.
    const deploy = admin.getByTestId('list-actions').getByRole('button', { name: 'Deploy', exact: true });
    const draftRow = admin.getByTestId('kb-row').filter({ hasText: DRAFT_NAME });
    expect(await draftRow.getByTestId('kb-status').innerText()).toBe('Draft');
    await draftRow.getByRole('radio').check();
    await expect.poll(() => deploy.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect((await deploy.innerText()).trim()).toBe('Deploy');
    await row.getByRole('radio').check();
    await expect.poll(() => deploy.isDisabled(), { timeout: 15_000 }).toBe(true);
  });

  it("shows New Application's knowledge-base message only once the picker was closed empty", async () => {
    await openNewApplicationForm(admin, suite.platform.url);
    const message = admin.getByText(KB_MESSAGE, { exact: true });
    expect(await message.count()).toBe(0);
    await fillApplicationBasics(admin, APP_NAME, 'Answers what new starters ask in their first week');
    expect(await message.count()).toBe(0);
    expect(await admin.getByRole('button', { name: 'Create Application' }).isDisabled()).toBe(true);

    await pickKnowledgeBases(admin, []);
    await expect.poll(() => message.isVisible(), { timeout: 15_000 }).toBe(true);
    await pickKnowledgeBases(admin, [KB_NAME]);
    await expect.poll(() => message.count(), { timeout: 15_000 }).toBe(0);
    await submitNewApplication(admin, suite.platform.url);
  });

  it('shows in the Access dialog what the group would still lack and grants it in the same step; a member then has Chat', async () => {
    const { platform } = suite;
    const flows = knowledgeFlows(platform);
    const token = await flows.login(platform.credentials.ADMIN.email, platform.credentials.ADMIN.password);
    await flows.groupWithMember(token, { name: GROUP_NAME, description: 'Joined this month' }, platform.credentials.USER.email);

    const access = await chooseApplicationGroup(admin, APP_NAME, GROUP_NAME);
    const gaps = access.getByTestId('knowledge-base-gap');
    await expect.poll(() => gaps.allInnerTexts(), { timeout: 15_000 }).toEqual([`${KB_NAME}: ${GROUP_NAME}`]);
    await alsoGrantKnowledgeBases(access);
    await saveApplicationAccess(admin, access);

    // Reopened, the dialog has nothing left to warn about.
    const panel = admin.getByRole('region', { name: 'Admin Actions' });
    await panel.getByRole('button', { name: 'Access' }).click();
    await expect.poll(() => access.getByTestId('selected-groups').innerText(), { timeout: 15_000 }).toContain(GROUP_NAME);
    expect(await access.getByTestId('knowledge-base-gaps').count()).toBe(0);
    await access.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => access.count(), { timeout: 15_000 }).toBe(0);

    const member = await open();
    await signIn(member, platform.url, platform.credentials.USER.email, platform.credentials.USER.password, '/rag-applications');
    const card = member.getByRole('article', { name: APP_NAME, exact: true });
    const chat = card.getByRole('button', { name: `Chat with ${APP_NAME}` });
    await expect.poll(() => chat.isEnabled().catch(() => false), { timeout: 15_000 }).toBe(true);
    expect(await card.getByTestId('access-badge').count()).toBe(0);
    expect(await card.getByText('Limited Access').count()).toBe(0);
  });

  it("opens the chat from Admin Actions: the tooltip leaves on the click and the window keeps clear of the panel", async () => {
    const panel = await selectApplication(admin, APP_NAME);
    const chatButton = panel.getByRole('button', { name: 'Chat', exact: true });
    await chatButton.hover();
    const tooltip = admin.getByRole('tooltip');
    await expect.poll(() => tooltip.isVisible().catch(() => false), { timeout: 15_000 }).toBe(true);
    await chatButton.click();

    const chat = admin.getByRole('dialog', { name: APP_NAME, exact: true });
    await expect.poll(() => chat.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => tooltip.count(), { timeout: 15_000 }).toBe(0);
    // The panel moves left of the open window: its right edge is left of the window's left edge.
    const column = admin.getByTestId('admin-actions-column');
    await expect.poll(async () => {
      const [panelBox, chatBox] = await Promise.all([column.boundingBox(), chat.boundingBox()]);
      return panelBox !== null && chatBox !== null && panelBox.x + panelBox.width <= chatBox.x;
    }, { timeout: 15_000 }).toBe(true);
    expect(await panel.getByRole('button', { name: 'Access' }).isVisible()).toBe(true);

    // Focus coming back to Chat (as when a window or dialog closes) does not bring the tooltip back.
    await chat.getByRole('button', { name: 'Close chat' }).click();
    await expect.poll(() => chat.count(), { timeout: 15_000 }).toBe(0);
    await admin.mouse.move(5, 700);
    await chatButton.focus();
    expect(await admin.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Chat');
    expect(await tooltip.count()).toBe(0);
    // And without a window the panel is back at the right.
    await expect.poll(async () => (await column.boundingBox())!.x, { timeout: 15_000 }).toBeGreaterThan(1280 - 400);
  });

  it('answers with sources that read as plain text, and a cited passage shown whole', async () => {
    const panel = await selectApplication(admin, APP_NAME);
    await panel.getByRole('button', { name: 'Chat', exact: true }).click();
    const chat = admin.getByRole('dialog', { name: APP_NAME, exact: true });
    await expect.poll(() => chat.getByText(`Ask a question about ${APP_NAME}'s knowledge.`).isVisible(), { timeout: 15_000 }).toBe(true);
    await chat.getByRole('textbox', { name: 'Message' }).fill(QUESTION);
    await chat.getByRole('button', { name: 'Send message' }).click();
    const reply = chat.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'Reply', exact: true });
    await expect.poll(() => reply.count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => chat.getByRole('status', { name: 'Waiting for the reply' }).count(), { timeout: 15_000 }).toBe(0);

    const sources = reply.getByRole('list', { name: 'Sources' });
    expect(await sources.getByRole('button', { name: `Open ${FILE}` }).count()).toBeGreaterThan(0);
    const listed = await sources.innerText();
    expect(listed).toContain('New employees get their laptop and a VPN account on the first day.');
    for (const markup of ['**', '](', '`', '# ']) expect(listed, markup).not.toContain(markup);

    await sources.getByRole('button', { name: `Open ${FILE}` }).first().click();
    const dialog = admin.getByRole('dialog', { name: FILE });
    const passage = dialog.getByTestId('cited-passage');
    await expect.poll(() => passage.isVisible(), { timeout: 15_000 }).toBe(true);
    const text = await passage.innerText();
    expect(text).toContain('New employees get their laptop and a VPN account on the first day.');
    expect(text).toContain(BADGE_ADDRESS);
    // Nothing runs past the passage's edge, and the dialog stays on screen.
    expect(await passage.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
    // The passage's last word is inside its box, not cut off below it.
    const bottomShown = await passage.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const rects = range.getClientRects();
      const last = rects[rects.length - 1];
      const frame = element.getBoundingClientRect();
      return last !== undefined && last.right <= frame.right + 1 && (last.bottom <= frame.bottom + 1 || element.scrollHeight > element.clientHeight);
    });
    expect(bottomShown).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
  });
});

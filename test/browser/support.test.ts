import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserPlatform } from '../support/browser';
import { readOutbox } from '../support/outbox';
import { newSession, signIn } from '../support/people';

/**
 * Support end to end (contract §19, spec 03 Support page, decision D-SUP-1): an admin sends a New
 * Request with an attachment, whose bytes go straight to storage through a presigned URL; the
 * system administrator finds it in the Support Inbox, opens the attachment, answers and resolves it;
 * the admin finds the answer in My Tickets once resolved tickets are shown, and by mail.
 */

const suite = useBrowserPlatform();

const SUBJECT = 'Uploads stay in processing';
const DESCRIPTION = 'Since this morning every PDF we upload stays at "Uploaded, processing".';
const ATTACHMENT = 'upload-log.txt';
const ATTACHMENT_TEXT = 'upload 42: ingest queued, no worker picked it up';
const RESPONSE = 'A worker was stuck; it has been restarted and your files are indexed now.';

describe('support: a ticket answered by the system administrator', () => {
  it('an admin sends a request with an attachment, the system admin answers and resolves it, the admin reads the answer', async () => {
    const { platform, browser } = suite;
    const { ADMIN, SYSTEM_ADMIN } = platform.credentials;
    const creator = await newSession(browser);
    const staff = await newSession(browser);
    try {
      // New Request, with the attachment PUT to its presigned URL.
      const admin = creator.page;
      await signIn(admin, platform.url, ADMIN.email, ADMIN.password, '/dashboard');
      // Spec 01 §2 names no sidebar entry for Support: every role finds it in the user menu.
      await admin.getByRole('button', { name: 'Open user menu' }).click();
      await admin.getByRole('menuitem', { name: 'Support' }).click();
      await admin.waitForURL(`${platform.url}/support`, { timeout: 15_000 });
      await admin.getByRole('textbox', { name: 'Subject' }).fill(SUBJECT);
      await admin.getByRole('textbox', { name: 'Description' }).fill(DESCRIPTION);
      await admin.getByTestId('support-files').setInputFiles({ name: ATTACHMENT, mimeType: 'text/plain', buffer: Buffer.from(ATTACHMENT_TEXT) });
      await expect.poll(() => admin.getByTestId('support-attachment').allInnerTexts(), { timeout: 15_000 }).toEqual([ATTACHMENT]);

      const puts: Request[] = [];
      admin.on('request', (request) => {
        if (request.method() === 'PUT') puts.push(request);
      });
      await admin.getByRole('button', { name: 'Submit Request' }).click();
      await expect.poll(() => admin.getByTestId('support-success').innerText().catch(() => ''), { timeout: 30_000 }).toContain('Your support request has been submitted successfully.');
      // The bytes never passed through the API: one PUT, signed, to storage.
      expect(puts).toHaveLength(1);
      const uploadUrl = new URL(puts[0]!.url());
      expect(uploadUrl.pathname.startsWith('/api/')).toBe(false);
      expect(uploadUrl.searchParams.get('X-Amz-Signature')).toBeTruthy();
      // The form is ready for the next request.
      expect(await admin.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('');
      expect(await admin.getByTestId('support-attachment').count()).toBe(0);

      // The Support Inbox: from the sidebar, with who asked and from which organization.
      const inbox = staff.page;
      await signIn(inbox, platform.url, SYSTEM_ADMIN.email, SYSTEM_ADMIN.password, '/organizations');
      await inbox.getByTestId('nav-support-inbox').click();
      await inbox.waitForURL(`${platform.url}/support/inbox`, { timeout: 15_000 });
      const row = inbox.getByTestId('ticket-row').filter({ hasText: SUBJECT });
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      expect(await row.innerText()).toContain(ADMIN.email);
      expect(await row.getByTestId('ticket-status-new').isVisible()).toBe(true);

      await row.click();
      const detail = inbox.getByRole('dialog', { name: SUBJECT });
      await expect.poll(() => detail.getByTestId('ticket-description').innerText().catch(() => ''), { timeout: 15_000 }).toBe(DESCRIPTION);
      // The attachment's link (presigned, 300 s) serves the uploaded bytes.
      const link = detail.getByRole('link', { name: ATTACHMENT });
      const download = await inbox.request.get((await link.getAttribute('href'))!);
      expect(download.status()).toBe(200);
      expect(await download.text()).toBe(ATTACHMENT_TEXT);
      expect(await detail.getByText('No responses yet.').isVisible()).toBe(true);

      await detail.getByRole('textbox', { name: 'Response' }).fill(RESPONSE);
      await detail.getByRole('combobox', { name: 'Status' }).click();
      await inbox.getByRole('option', { name: /^resolved$/i }).click();
      await detail.getByRole('button', { name: 'Send response' }).click();
      await expect.poll(() => detail.getByTestId('ticket-response').allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining(RESPONSE)]);
      await expect.poll(() => detail.getByTestId('ticket-status-resolved').isVisible(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => detail.getByRole('textbox', { name: 'Response' }).inputValue(), { timeout: 15_000 }).toBe('');
      await detail.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => detail.count(), { timeout: 15_000 }).toBe(0);
      // A resolved ticket leaves the inbox's default view and is found by its status.
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);
      await inbox.getByRole('combobox', { name: 'Status' }).click();
      await inbox.getByRole('option', { name: /^resolved$/i }).click();
      await expect.poll(() => row.getByTestId('ticket-status-resolved').isVisible().catch(() => false), { timeout: 15_000 }).toBe(true);

      // My Tickets: hidden while resolved tickets are hidden, then shown with the answer.
      await admin.getByRole('tab', { name: 'My Tickets' }).click();
      const mine = admin.getByTestId('ticket-row').filter({ hasText: SUBJECT });
      await expect.poll(() => admin.getByTestId('tickets-empty').isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await mine.count()).toBe(0);
      await admin.getByRole('switch', { name: 'Show resolved and closed tickets' }).check();
      await expect.poll(() => mine.count(), { timeout: 15_000 }).toBe(1);
      expect(await mine.getByTestId('ticket-status-resolved').isVisible()).toBe(true);
      expect(await mine.innerText()).not.toContain('—');

      await mine.click();
      const answer = admin.getByRole('dialog', { name: SUBJECT });
      await expect.poll(() => answer.getByTestId('ticket-response').allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining(RESPONSE)]);
      expect(await answer.getByTestId('ticket-response').innerText()).toContain('Support');
      expect(await answer.getByRole('link', { name: ATTACHMENT }).isVisible()).toBe(true);
      // The creator reads; only the system admin answers.
      expect(await answer.getByTestId('ticket-staff-controls').count()).toBe(0);
      expect(await answer.getByRole('button', { name: /Send response|Update status/ }).count()).toBe(0);

      // And was told by mail.
      const mail = readOutbox(platform.dataDir).find((message) => message.subject === `Re: ${SUBJECT}`);
      expect(mail?.to).toBe(ADMIN.email);
      expect(mail?.text).toContain(RESPONSE);
    } finally {
      await creator.context.close();
      await staff.context.close();
    }
  });
});

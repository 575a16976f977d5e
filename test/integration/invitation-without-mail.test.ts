import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSesMail } from '../../functions/adapters/aws/ses-mail';
import type { MailPort } from '../../functions/contracts/ports/mail';
import { OrganizationRepository } from '../../functions/domain/organizations/organization-repository';
import { callApi, removeDataDir, startTestPlatform, type JsonAnswer } from '../support/local-platform-fixture';
import { readOutbox } from '../support/outbox';
import { unique } from '../support/unique-values';
import type { Json } from '../support/json';

/**
 * Issue 22: a cloud deployment without an SES sender (`groundwork:mailFrom`) must not pretend to
 * send. The platform runs here with the cloud's mail adapter as it is built without a sender; the
 * invitation answers (§7.4, §6.7) then carry the link for the inviting admin, and that link works.
 * With mail that goes out (the local outbox), the answer stays the plain User.
 */
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let outbox: MailPort;
const tokens = { SYSTEM_ADMIN: '', ADMIN: '' };

function call(method: string, path: string, token: string | undefined, body?: unknown): Promise<JsonAnswer<Json>> {
  return callApi<Json>(platform.url, method, path, { token, body });
}

beforeAll(async () => {
  platform = await startTestPlatform();
  outbox = platform.ports.mail;
  for (const role of ['SYSTEM_ADMIN', 'ADMIN'] as const) {
    const answer = await call('POST', '/api/auth/login', undefined, { email: platform.credentials[role].email, password: platform.credentials[role].password });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    tokens[role] = answer.body.token as string;
  }
}, 180_000);

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

function withoutSender<T>(run: () => Promise<T>): Promise<T> {
  platform.ports.mail = createSesMail({ from: undefined });
  return run().finally(() => {
    platform.ports.mail = outbox;
  });
}

describe('invitations without a mail sender', () => {
  it('§7.4 answers the link to the inviting admin instead of pretending to mail it, and the link works', async () => {
    const email = `${unique('nomail')}@demo.example.com`;
    const invited = await withoutSender(() => call('POST', '/api/users/invite', tokens.ADMIN, { email, fullName: 'No Mail' }));
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body).toMatchObject({ email, invitation_pending: true });
    const link = new URL(invited.body.invitation_link as string);
    expect(`${link.origin}${link.pathname}`).toBe(`${platform.url}/accept-invitation`);
    expect(readOutbox(platform.dataDir).filter((message) => message.to === email)).toEqual([]);

    const accepted = await call('POST', '/api/users/accept-invitation', undefined, { token: link.searchParams.get('token'), password: 'Chosen-Password-1' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await call('POST', '/api/auth/login', undefined, { email, password: 'Chosen-Password-1' })).status).toBe(200);
  });

  it('§6.7 answers the link too', async () => {
    const organizationId = (await new OrganizationRepository(platform.ports.database).findByDomain('demo.example.com'))!.id;
    const email = `${unique('nomail-sys')}@demo.example.com`;
    const invited = await withoutSender(() => call('POST', `/api/organizations/${organizationId}/system-invite-user`, tokens.SYSTEM_ADMIN, { email, fullName: 'No Mail Either' }));
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(String(invited.body.invitation_link)).toContain('/accept-invitation?token=');
  });

  it('with mail that goes out, the answer is the plain User and the link is only in the mail', async () => {
    const email = `${unique('mailed')}@demo.example.com`;
    const invited = await call('POST', '/api/users/invite', tokens.ADMIN, { email, fullName: 'Mailed' });
    expect(invited.status).toBe(201);
    expect(invited.body).not.toHaveProperty('invitation_link');
    expect(readOutbox(platform.dataDir).filter((message) => message.to === email)).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, removeDataDir, startTestPlatform, type JsonAnswer } from '../support/local-platform-fixture';
import { readOutbox } from '../support/outbox';
import { nextClientIp, unique } from '../support/unique-values';
import type { Json } from '../support/json';

/**
 * Support tickets (contract §19): two-step creation with presigned attachments, reads by the
 * creator or a system admin only, the system admin's inbox across organizations, responses that
 * reach the creator by mail, and the hourly creation limit (§1.8).
 */
type Body = Json;

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
const tokens: Record<'SYSTEM_ADMIN' | 'ADMIN' | 'USER' | 'RAG_USER' | 'OTHER_ADMIN', string> = { SYSTEM_ADMIN: '', ADMIN: '', USER: '', RAG_USER: '', OTHER_ADMIN: '' };
const MAILBOX = 'helpdesk@groundwork.test';
const PASSWORD = 'Sturdy-passw0rd';
const savedMailbox = process.env.GROUNDWORK_SUPPORT_EMAIL;
let otherOrganizationId = '';

function call(method: string, path: string, token?: string, body?: unknown): Promise<JsonAnswer<Body>> {
  return callApi<Body>(platform.url, method, path, { token, body, headers: { 'x-forwarded-for': nextClientIp() } });
}

function expectError(answer: JsonAnswer<Body>, status: number, message: string) {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ status, message });
  expect(answer.status).toBe(status);
}

async function login(email: string, password: string): Promise<string> {
  const answer = await call('POST', '/api/auth/login', undefined, { email, password });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token;
}

/** §19.1 then the PUT of the bytes to the presigned URL, as the browser does. */
async function uploadAttachment(token: string, filename: string, mimeType: string, content: string): Promise<string> {
  const bytes = Buffer.from(content);
  const registered = await call('POST', '/api/support/attachments', token, { filename, mimeType, size: bytes.length });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  expect(registered.body).toMatchObject({ method: 'PUT', headers: { 'Content-Type': mimeType }, expiresIn: 900 });
  const put = await fetch(registered.body.uploadUrl, { method: 'PUT', headers: registered.body.headers, body: bytes });
  expect(put.status).toBe(200);
  return registered.body.attachmentId;
}

async function createTicket(token: string, body: Body): Promise<Body> {
  const answer = await call('POST', '/api/support/tickets', token, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(answer.body.message).toBe('Your support request has been submitted successfully.');
  return answer.body.ticket;
}

const listIds = async (token: string, query = '') => {
  const answer = await call('GET', `/api/support/tickets${query}`, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.tickets as Body[]).map((ticket) => ticket.id);
};

/** Mail is written after the answer at the latest, so the outbox is polled. */
async function waitForMail(predicate: (message: { to: string | string[]; subject: string; text: string }) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = readOutbox(platform.dataDir).find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('expected mail not in the outbox');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  process.env.GROUNDWORK_SUPPORT_EMAIL = MAILBOX;
  platform = await startTestPlatform();
  for (const role of ['SYSTEM_ADMIN', 'ADMIN', 'USER', 'RAG_USER'] as const) tokens[role] = await login(platform.credentials[role].email, platform.credentials[role].password);
  const domain = `${unique('acme')}.example.com`;
  const created = await call('POST', '/api/organizations', tokens.SYSTEM_ADMIN, { name: 'Acme Support', domain, adminEmail: `boss@${domain}`, adminFullName: 'Bea Boss', adminPassword: PASSWORD });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  otherOrganizationId = created.body.organization.id;
  tokens.OTHER_ADMIN = await login(`boss@${domain}`, PASSWORD);
}, 120_000);

afterAll(async () => {
  if (savedMailbox === undefined) delete process.env.GROUNDWORK_SUPPORT_EMAIL;
  else process.env.GROUNDWORK_SUPPORT_EMAIL = savedMailbox;
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

describe('POST /api/support/attachments (§19.1)', () => {
  it('refuses with the contract texts', async () => {
    expectError(await call('POST', '/api/support/attachments', tokens.USER, { filename: '  ', mimeType: 'text/plain', size: 3 }), 400, 'Filename is required');
    expectError(await call('POST', '/api/support/attachments', tokens.USER, { filename: `${'a'.repeat(252)}.txt`, mimeType: 'text/plain', size: 3 }), 400, 'Filename must be at most 255 characters');
    expectError(await call('POST', '/api/support/attachments', tokens.USER, { filename: 'tool.exe', mimeType: 'application/x-msdownload', size: 3 }), 400, 'Attachment type not supported');
    expectError(await call('POST', '/api/support/attachments', tokens.USER, { filename: 'big.pdf', mimeType: 'application/pdf', size: 10 * 1024 * 1024 + 1 }), 413, 'Attachment exceeds 10MB limit');
  });

  it('accepts exactly 10 MB, and any file ending .csv whatever its type', async () => {
    expect((await call('POST', '/api/support/attachments', tokens.USER, { filename: 'max.pdf', mimeType: 'application/pdf', size: 10 * 1024 * 1024 })).status).toBe(201);
    expect((await call('POST', '/api/support/attachments', tokens.USER, { filename: 'Sheet.CSV', mimeType: 'application/x-weird', size: 5 })).status).toBe(201);
  });

  it('is refused without a token', async () => {
    expect((await call('POST', '/api/support/attachments', undefined, { filename: 'a.txt', mimeType: 'text/plain', size: 1 })).status).toBe(401);
  });
});

describe('POST /api/support/tickets (§19.2)', () => {
  it('validates subject, description and attachments with the contract texts', async () => {
    expectError(await call('POST', '/api/support/tickets', tokens.USER, {}), 400, 'Subject is required\nDescription is required');
    expectError(await call('POST', '/api/support/tickets', tokens.USER, { subject: 's'.repeat(201), description: 'd'.repeat(10001) }), 400, 'Subject must be at most 200 characters\nDescription must be at most 10000 characters');
    expectError(await call('POST', '/api/support/tickets', tokens.USER, { subject: 'Six', description: 'Too many', attachmentIds: ['a', 'b', 'c', 'd', 'e', 'f'] }), 400, 'At most 5 attachments are allowed');
    expectError(await call('POST', '/api/support/tickets', tokens.USER, { subject: 'Ghost', description: 'Unknown id', attachmentIds: ['att_nope'] }), 400, 'Invalid attachment ID: att_nope');
    const registered = await call('POST', '/api/support/attachments', tokens.USER, { filename: 'never-sent.txt', mimeType: 'text/plain', size: 4 });
    expectError(
      await call('POST', '/api/support/tickets', tokens.USER, { subject: 'Lost', description: 'Not uploaded', attachmentIds: [registered.body.attachmentId] }),
      400,
      'Attachment never-sent.txt was not uploaded',
    );
  });

  it("refuses another user's attachment, and another organization's", async () => {
    const theirs = await uploadAttachment(tokens.ADMIN, 'admin.txt', 'text/plain', 'mine');
    expectError(await call('POST', '/api/support/tickets', tokens.USER, { subject: 'Borrow', description: 'x', attachmentIds: [theirs] }), 400, `Invalid attachment ID: ${theirs}`);
    expectError(await call('POST', '/api/support/tickets', tokens.OTHER_ADMIN, { subject: 'Borrow', description: 'x', attachmentIds: [theirs] }), 400, `Invalid attachment ID: ${theirs}`);
  });

  it('lets a rag_user create a ticket with attachments, takes identity from the caller and mails the support mailbox', async () => {
    const log = await uploadAttachment(tokens.RAG_USER, 'error.txt', 'text/plain', 'stack trace here');
    const sheet = await uploadAttachment(tokens.RAG_USER, 'data.csv', 'application/x-anything', 'a,b\n1,2\n');
    const subject = unique('Chat does not answer');
    const ticket = await createTicket(tokens.RAG_USER, {
      subject,
      description: 'Every question times out.',
      attachmentIds: [log, sheet],
      userEmail: 'forged@evil.example',
      organizationId: otherOrganizationId,
      userRole: 'system_admin',
    });
    expect(ticket).toMatchObject({ subject, status: 'new', userEmail: platform.credentials.RAG_USER.email, userRole: 'rag_user', attachmentCount: 2 });
    expect(ticket.organizationId).not.toBe(otherOrganizationId);
    expect(ticket.attachments).toBeUndefined();

    const mail = await waitForMail((message) => message.subject.includes(subject));
    expect(mail.to).toBe(MAILBOX);
    expect(mail.text).toContain('Every question times out.');
    expect(mail.text).toContain(platform.credentials.RAG_USER.email);

    const detail = await call('GET', `/api/support/tickets/${ticket.id}`, tokens.RAG_USER);
    expect(detail.status).toBe(200);
    expect(detail.body.ticket.responses).toEqual([]);
    const attachments = detail.body.ticket.attachments as Body[];
    expect(attachments.map((attachment) => [attachment.filename, attachment.size, attachment.mimeType])).toEqual([
      ['error.txt', 16, 'text/plain'],
      ['data.csv', 8, 'application/x-anything'],
    ]);
    expect(new URL(attachments[0]!.url).searchParams.get('X-Amz-Expires')).toBe('300');
    const download = await fetch(attachments[0]!.url);
    expect(await download.text()).toBe('stack trace here');

    // An attachment belongs to one ticket only.
    expectError(await call('POST', '/api/support/tickets', tokens.RAG_USER, { subject: 'Again', description: 'x', attachmentIds: [log] }), 400, `Invalid attachment ID: ${log}`);
  });
});

describe('reading tickets (§19.3, §19.4)', () => {
  it("shows each creator their own tickets only; another user's or organization's ticket is not found", async () => {
    const mine = await createTicket(tokens.USER, { subject: unique('User question'), description: 'How do I invite someone?' });
    const theirs = await createTicket(tokens.OTHER_ADMIN, { subject: unique('Acme question'), description: 'Billing?' });

    expect(await listIds(tokens.USER)).toContain(mine.id);
    expect(await listIds(tokens.USER)).not.toContain(theirs.id);
    expect(await listIds(tokens.OTHER_ADMIN)).toEqual([theirs.id]);
    // An admin is no support staff: a colleague's ticket stays the colleague's.
    expect(await listIds(tokens.ADMIN)).not.toContain(mine.id);
    expectError(await call('GET', `/api/support/tickets/${mine.id}`, tokens.ADMIN), 404, 'Ticket not found');
    expectError(await call('GET', `/api/support/tickets/${mine.id}`, tokens.RAG_USER), 404, 'Ticket not found');
    expectError(await call('GET', `/api/support/tickets/${mine.id}`, tokens.OTHER_ADMIN), 404, 'Ticket not found');
    expectError(await call('GET', `/api/support/tickets/${theirs.id}`, tokens.USER), 404, 'Ticket not found');
    expectError(await call('GET', '/api/support/tickets/tkt_unknown', tokens.USER), 404, 'Ticket not found');
    expectError(await call('GET', `/api/support/tickets/${'x'.repeat(2000)}`, tokens.SYSTEM_ADMIN), 404, 'Ticket not found');
  });

  it('pages newest first with the §1.5 shape, limit capped at 50', async () => {
    const first = await createTicket(tokens.USER, { subject: unique('Older'), description: 'one' });
    const second = await createTicket(tokens.USER, { subject: unique('Newer'), description: 'two' });
    const page = await call('GET', '/api/support/tickets?page=1&limit=2', tokens.USER);
    expect(page.body.tickets.map((ticket: Body) => ticket.id)).toEqual([second.id, first.id]);
    expect(page.body).toMatchObject({ page: 1, limit: 2 });
    expect(page.body.totalPages).toBe(Math.ceil(page.body.total / 2));
    expect((await call('GET', '/api/support/tickets?limit=500', tokens.USER)).body.limit).toBe(50);
    expectError(await call('GET', '/api/support/tickets?includeResolved=yes', tokens.USER), 400, 'includeResolved must be true or false');
  });
});

describe('the system admin (§19.3–§19.5)', () => {
  it("lists every organization's tickets and filters by organization and status", async () => {
    const demo = await createTicket(tokens.USER, { subject: unique('Demo inbox'), description: 'demo' });
    const acme = await createTicket(tokens.OTHER_ADMIN, { subject: unique('Acme inbox'), description: 'acme' });
    const all = await listIds(tokens.SYSTEM_ADMIN, '?limit=50');
    expect(all).toEqual(expect.arrayContaining([demo.id, acme.id]));
    expect(all.indexOf(acme.id)).toBeLessThan(all.indexOf(demo.id));

    const acmeOnly = await call('GET', `/api/support/tickets?organizationId=${otherOrganizationId}&limit=50`, tokens.SYSTEM_ADMIN);
    expect((acmeOnly.body.tickets as Body[]).every((ticket) => ticket.organizationId === otherOrganizationId)).toBe(true);
    expect(acmeOnly.body.tickets.map((ticket: Body) => ticket.id)).toContain(acme.id);
    // For anyone else the parameter changes nothing: their list is their own.
    expect(await listIds(tokens.USER, `?organizationId=${otherOrganizationId}`)).not.toContain(acme.id);

    const fresh = await listIds(tokens.SYSTEM_ADMIN, '?status=new&limit=50');
    expect(fresh).toContain(demo.id);
    expect(await listIds(tokens.SYSTEM_ADMIN, '?status=pending&limit=50')).not.toContain(demo.id);
    expectError(await call('GET', '/api/support/tickets?status=done', tokens.SYSTEM_ADMIN), 400, 'Status must be one of new, open, pending, resolved, closed');
  });

  it('responds and changes status; the creator reads the response and gets it by mail', async () => {
    const subject = unique('Need a hand');
    const ticket = await createTicket(tokens.RAG_USER, { subject, description: 'Please help.' });

    expect((await call('PATCH', `/api/support/tickets/${ticket.id}`, tokens.ADMIN, { status: 'open' })).status).toBe(403);
    expect((await call('PATCH', `/api/support/tickets/${ticket.id}`, tokens.RAG_USER, { response: 'self' })).status).toBe(403);
    expectError(await call('PATCH', `/api/support/tickets/${ticket.id}`, tokens.SYSTEM_ADMIN, {}), 400, 'Response is required');
    expectError(await call('PATCH', `/api/support/tickets/${ticket.id}`, tokens.SYSTEM_ADMIN, { status: 'done' }), 400, 'Status must be one of new, open, pending, resolved, closed');
    expectError(await call('PATCH', '/api/support/tickets/tkt_unknown', tokens.SYSTEM_ADMIN, { status: 'open' }), 404, 'Ticket not found');

    const staffView = await call('GET', `/api/support/tickets/${ticket.id}`, tokens.SYSTEM_ADMIN);
    expect(staffView.status).toBe(200);

    const answered = await call('PATCH', `/api/support/tickets/${ticket.id}`, tokens.SYSTEM_ADMIN, { response: 'Restart the application, please.' });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.ticket.status).toBe('open');
    expect(answered.body.ticket.lastResponseAt).toBeTruthy();
    expect(answered.body.ticket.responses).toMatchObject([{ author: 'support', message: 'Restart the application, please.' }]);

    const mail = await waitForMail((message) => message.subject === `Re: ${subject}`);
    expect(mail.to).toBe(platform.credentials.RAG_USER.email);
    expect(mail.text).toContain('Restart the application, please.');

    const seen = await call('GET', `/api/support/tickets/${ticket.id}`, tokens.RAG_USER);
    expect(seen.body.ticket).toMatchObject({ status: 'open', lastResponseAt: answered.body.ticket.lastResponseAt });
    expect(seen.body.ticket.responses.map((response: Body) => response.message)).toEqual(['Restart the application, please.']);

    const pending = await call('PATCH', `/api/support/tickets/${ticket.id}`, tokens.SYSTEM_ADMIN, { status: 'pending' });
    expect(pending.body.ticket).toMatchObject({ status: 'pending', lastResponseAt: answered.body.ticket.lastResponseAt });

    const resolved = await call('PATCH', `/api/support/tickets/${ticket.id}`, tokens.SYSTEM_ADMIN, { status: 'resolved', response: 'Fixed in 1.2.' });
    expect(resolved.body.ticket.status).toBe('resolved');
    expect(resolved.body.ticket.responses).toHaveLength(2);

    // §19.3: resolved and closed tickets are hidden unless asked for.
    expect(await listIds(tokens.RAG_USER)).not.toContain(ticket.id);
    expect(await listIds(tokens.RAG_USER, '?includeResolved=true')).toContain(ticket.id);
    expect(await listIds(tokens.SYSTEM_ADMIN, '?limit=50')).not.toContain(ticket.id);
    expect(await listIds(tokens.SYSTEM_ADMIN, '?status=resolved&limit=50')).toContain(ticket.id);
  });
});

describe('the system admin, further rights and limits (§19.2, §19.5)', () => {
  it('refuses a blank or overlong response and a user who is no support staff, leaving the ticket as it was', async () => {
    const ticket = await createTicket(tokens.USER, { subject: unique('Untouched'), description: 'Nobody may answer this but support.' });
    expect((await call('PATCH', `/api/support/tickets/${ticket.id}`, tokens.USER, { response: 'I answer myself' })).status).toBe(403);
    expect((await call('PATCH', `/api/support/tickets/${ticket.id}`, tokens.OTHER_ADMIN, { status: 'closed' })).status).toBe(403);
    expectError(await call('PATCH', `/api/support/tickets/${ticket.id}`, tokens.SYSTEM_ADMIN, { response: '   ' }), 400, 'Response is required');
    expectError(await call('PATCH', `/api/support/tickets/${ticket.id}`, tokens.SYSTEM_ADMIN, { response: 'r'.repeat(10001) }), 400, 'Response must be at most 10000 characters');
    const unchanged = await call('GET', `/api/support/tickets/${ticket.id}`, tokens.USER);
    expect(unchanged.body.ticket).toMatchObject({ status: 'new', responses: [] });
    expect(unchanged.body.ticket.lastResponseAt).toBeFalsy();

    // Exactly 10000 characters is a response; a status given with it wins over new -> open.
    const answered = await call('PATCH', `/api/support/tickets/${ticket.id}`, tokens.SYSTEM_ADMIN, { response: 'r'.repeat(10000), status: 'pending' });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.ticket.status).toBe('pending');
    expect(answered.body.ticket.responses[0].message).toHaveLength(10000);
  });

  it('lets a system admin open a ticket of their own, which stays theirs', async () => {
    const own = await createTicket(tokens.SYSTEM_ADMIN, { subject: unique('Staff note'), description: 'A ticket from support itself.' });
    expect(own).toMatchObject({ status: 'new', userEmail: platform.credentials.SYSTEM_ADMIN.email, userRole: 'system_admin' });
    expect(await listIds(tokens.SYSTEM_ADMIN, '?limit=50')).toContain(own.id);
    expectError(await call('GET', `/api/support/tickets/${own.id}`, tokens.ADMIN), 404, 'Ticket not found');
    expectError(await call('GET', `/api/support/tickets/${own.id}`, tokens.OTHER_ADMIN), 404, 'Ticket not found');
  });
});

describe('ticket creation limit (§1.8)', () => {
  it('allows 10 tickets an hour per user; refused requests do not count', async () => {
    expect((await call('POST', '/api/support/tickets', tokens.ADMIN, { subject: '' })).status).toBe(400);
    const existing = (await call('GET', '/api/support/tickets?includeResolved=true&limit=50', tokens.ADMIN)).body.total as number;
    for (let index = existing; index < 10; index += 1) await createTicket(tokens.ADMIN, { subject: `Burst ${index}`, description: 'burst' });
    const refused = await call('POST', '/api/support/tickets', tokens.ADMIN, { subject: 'One too many', description: 'burst' });
    expectError(refused, 429, 'Too many requests. Please try again later.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user's allowance is their own.
    await createTicket(tokens.OTHER_ADMIN, { subject: 'Still fine', description: 'other user' });
  });
});

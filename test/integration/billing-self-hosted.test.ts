import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countersKey } from '../../functions/contracts/keys/table-keys';
import { SEEDED_PLANS } from '../../shared/rules/plans';
import { callApi, removeDataDir, startTestPlatform, type JsonAnswer } from '../support/local-platform-fixture';
import { nextClientIp } from '../support/unique-values';
import type { Json } from '../support/json';

/**
 * Billing (contract §20) and usage (§21) without a Stripe key: the self-hosted mode, in which a
 * plan change applies at once and every payment write answers 409 with the contract's text. The
 * demo organization starts on the free tier (no demo content, so no seeded plan).
 */
type Body = Json;

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
const tokens: Record<'SYSTEM_ADMIN' | 'ADMIN' | 'USER' | 'RAG_USER', string> = { SYSTEM_ADMIN: '', ADMIN: '', USER: '', RAG_USER: '' };
const NOT_CONFIGURED = 'Payments are not configured on this server (self-hosted mode)';

function call(method: string, path: string, token?: string, body?: unknown): Promise<JsonAnswer<Body>> {
  return callApi<Body>(platform.url, method, path, { token, body, headers: { 'x-forwarded-for': nextClientIp() } });
}

beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  platform = await startTestPlatform();
  for (const role of Object.keys(tokens) as (keyof typeof tokens)[]) {
    const answer = await call('POST', '/api/auth/login', undefined, { email: platform.credentials[role].email, password: platform.credentials[role].password });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    tokens[role] = answer.body.token;
  }
});

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

describe('public billing reads (§20.1, §20.2)', () => {
  it('says the mode and lists the plans cheapest first, without a token', async () => {
    const config = await call('GET', '/api/billing/config');
    expect(config.status).toBe(200);
    expect(config.body).toEqual({ data: { mode: 'self_hosted', currency: 'usd' } });

    const plans = await call('GET', '/api/billing/plans');
    expect(plans.status).toBe(200);
    expect(plans.body.data.map((plan: Body) => plan.id)).toEqual(['free', 'starter', 'professional', 'enterprise']);
    const professional = plans.body.data[2];
    expect(professional).toMatchObject({ price: 1999, currency: 'usd', billing_interval: 'month', tier: 'professional', has_api_access: true, conversations_limit: 8000 });
    expect(professional.features).toEqual({ conversations_per_month: 8000, storage_gb: 50, knowledge_bases: 10, data_sources: 30, indexed_pages: 1000, support_level: 'priority', api_access: 'rest' });
    expect(plans.body.data).toHaveLength(SEEDED_PLANS.length);
  });
});

describe('plan changes apply at once (§20 "Modes")', () => {
  it('is only for admins', async () => {
    for (const role of ['USER', 'RAG_USER'] as const) {
      const answer = await call('GET', '/api/billing/subscription', tokens[role]);
      expect(answer.status).toBe(403);
    }
    expect((await call('POST', '/api/billing/subscription/upgrade', tokens.USER, { planId: 'starter' })).status).toBe(403);
  });

  it('starts on the free tier with nothing pending', async () => {
    expect((await call('GET', '/api/billing/subscription', tokens.ADMIN)).body).toEqual({ data: null });
    expect((await call('GET', '/api/billing/subscription/pending-changes', tokens.ADMIN)).body).toEqual({ data: { downgrade: null, cancellation: null } });
    const usage = await call('GET', '/api/usage/current', tokens.ADMIN);
    expect(usage.status).toBe(200);
    expect(usage.body.data.subscription).toBeNull();
    expect(usage.body.data.limits).toEqual({ max_knowledge_bases: 1, data_sources_limit: 3, indexed_pages_limit: 25, conversations_limit: 100, storage_limit_gb: 1 });
  });

  it('validates an upgrade with the contract texts', async () => {
    const missing = await call('POST', '/api/billing/subscription/upgrade', tokens.ADMIN, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Plan is required' });
    const unknown = await call('POST', '/api/billing/subscription/upgrade', tokens.ADMIN, { planId: 'platinum' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Plan not found');
    const free = await call('POST', '/api/billing/subscription/upgrade', tokens.ADMIN, { planId: 'free' });
    expect(free.status).toBe(400);
    expect(free.body.message).toBe('Selected plan is not an upgrade');
  });

  it('upgrades, and the new limits are in force at once', async () => {
    const upgrade = await call('POST', '/api/billing/subscription/upgrade', tokens.ADMIN, { planId: 'professional' });
    expect(upgrade.status, JSON.stringify(upgrade.body)).toBe(200);
    expect(upgrade.body.data).toMatchObject({ status: 'active', clientSecret: null, amountDue: 0, currency: 'usd' });

    const subscription = await call('GET', '/api/billing/subscription', tokens.ADMIN);
    expect(subscription.body.data).toMatchObject({ id: upgrade.body.data.subscriptionId, status: 'active', mode: 'self_hosted', cancel_at_period_end: false });
    expect(subscription.body.data.plan.id).toBe('professional');

    const limits = await call('GET', '/api/usage/limits', tokens.ADMIN);
    expect(limits.body.data).toMatchObject({ plan: { id: 'professional', name: 'Professional', tier: 'professional' }, source: 'subscription' });
    expect(limits.body.data.limits.max_knowledge_bases).toBe(10);
    const usage = await call('GET', '/api/usage/current', tokens.ADMIN);
    expect(usage.body.data.subscription).toEqual({ plan: { id: 'professional', name: 'Professional' } });

    const again = await call('POST', '/api/billing/subscription/upgrade', tokens.ADMIN, { planId: 'starter' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Selected plan is not an upgrade');
  });

  it('downgrades and cancels at once, naming the subscription', async () => {
    const { id } = (await call('GET', '/api/billing/subscription', tokens.ADMIN)).body.data;
    const wrong = await call('POST', '/api/billing/subscription/downgrade', tokens.ADMIN, { planId: 'starter', subscriptionId: 'sub_someone_else' });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe('No active subscription found');
    const up = await call('POST', '/api/billing/subscription/downgrade', tokens.ADMIN, { planId: 'enterprise', subscriptionId: id });
    expect(up.status).toBe(400);
    expect(up.body.message).toBe('Selected plan is not a downgrade');

    const down = await call('POST', '/api/billing/subscription/downgrade', tokens.ADMIN, { planId: 'starter', subscriptionId: id });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(Date.parse(down.body.data.effectiveDate)).toBeLessThanOrEqual(Date.now());
    expect((await call('GET', '/api/billing/subscription', tokens.ADMIN)).body.data.plan.id).toBe('starter');

    const noDowngrade = await call('POST', '/api/billing/subscription/cancel-downgrade', tokens.ADMIN, { subscriptionId: id });
    expect(noDowngrade.status).toBe(409);
    expect(noDowngrade.body.message).toBe('No downgrade is pending');

    const cancel = await call('POST', '/api/billing/subscription/cancel', tokens.ADMIN, { subscriptionId: id });
    expect(cancel.status).toBe(200);
    expect((await call('GET', '/api/billing/subscription', tokens.ADMIN)).body).toEqual({ data: null });
    expect((await call('GET', '/api/usage/limits', tokens.ADMIN)).body.data.source).toBe('free_tier');
    const gone = await call('POST', '/api/billing/subscription/cancel', tokens.ADMIN, { subscriptionId: id });
    expect(gone.status).toBe(404);
  });
});

describe('payments without a provider (§20 "Modes")', () => {
  it('reads empty and refuses writes with the contract text, after validating them', async () => {
    expect((await call('GET', '/api/billing/payment-methods', tokens.ADMIN)).body).toEqual({ data: [] });
    expect((await call('GET', '/api/billing/address', tokens.ADMIN)).body).toEqual({ data: null });
    expect((await call('GET', '/api/billing/invoices', tokens.ADMIN)).body).toEqual({ data: { data: [], has_more: false } });
    expect((await call('GET', '/api/billing/invoices/upcoming', tokens.ADMIN)).body).toEqual({ data: null });

    const add = await call('POST', '/api/billing/payment-methods', tokens.ADMIN, { paymentMethodId: 'pm_card_visa' });
    expect(add.status).toBe(409);
    expect(add.body).toEqual({ message: NOT_CONFIGURED, status: 409, code: 'CONFLICT' });
    const address = await call('PUT', '/api/billing/address', tokens.ADMIN, { name: 'Acme', line1: '1 Road', city: 'Town', state: 'ST', postal_code: '12345', country: 'us' });
    expect(address.status).toBe(409);

    const invalid = await call('PUT', '/api/billing/address', tokens.ADMIN, { name: '', line1: '1 Road', city: 'Town', state: 'ST', postal_code: '1', country: 'XX', phone: 'call me' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(['Name is required', 'Country must be one of US, CA, GB, AU, DE, FR, IT, ES, NL, BE, AT, CH, SE, NO, DK, FI, IE, NZ', 'Phone number is invalid'].join('\n'));
    const noId = await call('POST', '/api/billing/payment-methods/set-default', tokens.ADMIN, {});
    expect(noId.body.message).toBe('Payment method ID is required');
    expect((await call('GET', '/api/billing/invoices/in_123/download', tokens.ADMIN)).status).toBe(404);
  });

  it('has no webhook receiver', async () => {
    const answer = await callApi<Body>(platform.url, 'POST', '/api/billing/webhook', { rawBody: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' } });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Route not found');
  });
});

describe('the system organization (§1.9: no limits)', () => {
  it('reads as unlimited', async () => {
    const limits = await call('GET', '/api/usage/limits', tokens.SYSTEM_ADMIN);
    expect(limits.status).toBe(200);
    expect(limits.body.data).toMatchObject({ source: 'unlimited', limits: { max_knowledge_bases: null, storage_limit_gb: null } });
  });
});

describe('the storage limit follows the plan in force (§1.9)', () => {
  it('refuses an upload over the free tier and takes it once the plan is upgraded', async () => {
    const organizationId = (await call('GET', '/api/profile', tokens.ADMIN)).body.user.organization_id as string;
    const { database } = platform.ports;
    await database.client.send(
      new UpdateCommand({ TableName: database.tableName, Key: countersKey(organizationId), UpdateExpression: 'SET storage_bytes = :used', ExpressionAttributeValues: { ':used': 1024 ** 3 - 1000 } }),
    );
    const ask = () => call('POST', '/api/data-sources/upload-url', tokens.ADMIN, { filename: 'notes.txt', size: 5000 });
    const refused = await ask();
    expect(refused.status).toBe(402);
    expect(refused.body.details).toMatchObject({ resource: 'storage', limit: 1024 ** 3 });

    expect((await call('POST', '/api/billing/subscription/upgrade', tokens.ADMIN, { planId: 'starter' })).status).toBe(200);
    expect((await ask()).status).toBe(201);
    const quota = await call('GET', `/api/organizations/${organizationId}/cloud-resources/quota`, tokens.ADMIN);
    expect(quota.body.limitBytes).toBe(10 * 1024 ** 3);
  });
});

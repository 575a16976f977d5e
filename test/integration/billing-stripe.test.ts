import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prorateUpgrade, toCents } from '../../shared/rules/billing/proration';
import { seededPlan } from '../../shared/rules/plans';
import { OrganizationRepository } from '../../functions/domain/organizations/organization-repository';
import { createUserWithAccount } from '../../functions/domain/users/user-lifecycle';
import { UserRepository } from '../../functions/domain/users/user-repository';
import { DECLINE_MESSAGE, deliverEvents, FakeStripe } from '../support/fake-stripe/fake-stripe-server';
import { parseFormParams } from '../support/fake-stripe/form-params';
import { callApi, removeDataDir, startTestPlatform, type JsonAnswer } from '../support/local-platform-fixture';
import { nextClientIp, unique } from '../support/unique-values';
import type { Json } from '../support/json';

/**
 * Billing in Stripe mode (contract §20) against a fake Stripe API on this machine: the platform's
 * official `stripe` client is pointed at it with STRIPE_API_BASE_URL. Stripe's events are delivered
 * by the test, signed, when and in the order a scenario needs.
 */
type Body = Json;

const SECRET = 'whsec_groundwork_test';
const ENV_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE_URL'] as const;
const savedEnv: Partial<Record<(typeof ENV_KEYS)[number], string>> = {};
const PASSWORD = 'Billing-Test-Password-1';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
const fake = new FakeStripe();
let adminToken = '';
let otherAdminToken = '';
let adminName = '';
let organizationId = '';

function call(method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer<Body>> {
  return callApi<Body>(platform.url, method, path, { token, body, headers: { 'x-forwarded-for': nextClientIp(), ...headers } });
}

async function deliver(events = fake.takeEvents()) {
  const answers = await deliverEvents(platform.url, SECRET, events);
  for (const answer of answers) expect(answer, JSON.stringify(answer.body)).toEqual({ status: 200, body: { received: true } });
  return answers;
}

async function login(email: string, password: string): Promise<string> {
  const answer = await call('POST', '/api/auth/login', undefined, { email, password });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token;
}

async function planInForce(): Promise<string> {
  const limits = await call('GET', '/api/usage/limits', adminToken);
  expect(limits.status).toBe(200);
  return limits.body.data.plan.id;
}

async function subscription(): Promise<Body | null> {
  return (await call('GET', '/api/billing/subscription', adminToken)).body.data;
}

async function pending(): Promise<Body> {
  const answer = await call('GET', '/api/billing/subscription/pending-changes', adminToken);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

async function addCard(token: string, paymentMethodId: string, extra: Body = {}): Promise<Body> {
  const answer = await call('POST', '/api/billing/payment-methods', token, { paymentMethodId, ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

function expectError(answer: JsonAnswer<Body>, status: number, message: string, code?: string) {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ status, message, ...(code ? { code } : {}) });
  expect(answer.status).toBe(status);
}

const customerOf = () => [...fake.customers.values()].find((customer) => customer.metadata.organizationId === organizationId)!;

beforeAll(async () => {
  for (const key of ENV_KEYS) savedEnv[key] = process.env[key];
  const fakeUrl = await fake.start();
  process.env.STRIPE_SECRET_KEY = 'sk_test_groundwork';
  process.env.STRIPE_PUBLISHABLE_KEY = 'pk_test_groundwork';
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  process.env.STRIPE_API_BASE_URL = fakeUrl;
  platform = await startTestPlatform();
  adminToken = await login(platform.credentials.ADMIN.email, platform.credentials.ADMIN.password);
  const database = platform.ports.database;
  const admin = (await new UserRepository(database).findByEmail(platform.credentials.ADMIN.email))!;
  adminName = admin.full_name;
  organizationId = admin.organization_id;
  const organization = (await new OrganizationRepository(database).get(organizationId))!;
  const other = await createUserWithAccount(platform.ports, { organization, email: `${unique('billing-admin')}@demo.example.com`, fullName: 'Second Admin', role: 'admin', password: PASSWORD });
  otherAdminToken = await login(other.email, PASSWORD);
});

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
  await fake.stop();
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
});

describe('the fake reads stripe-node form encoding', () => {
  it('nests brackets and indexes', () => {
    expect(parseFormParams('items[0][price]=p&items[1][price]=q&metadata[a]=&expand[0]=schedule')).toEqual({ items: [{ price: 'p' }, { price: 'q' }], metadata: { a: '' }, expand: ['schedule'] });
  });
});

describe('Stripe mode (§20)', () => {
  let visa: Body;
  let declining: Body;
  let mastercard: Body;
  let subscriptionId = '';

  it('says so in the public config', async () => {
    expect((await call('GET', '/api/billing/config')).body).toEqual({ data: { mode: 'stripe', publishableKey: 'pk_test_groundwork', currency: 'usd' } });
  });

  it('adds cards to the organization\'s one customer, the first as default, passing the Idempotency-Key on', async () => {
    expect((await call('GET', '/api/billing/payment-methods', adminToken)).body).toEqual({ data: [] });
    const added = await call('POST', '/api/billing/payment-methods', adminToken, { paymentMethodId: 'pm_card_visa', userId: 'usr_forged' }, { 'idempotency-key': 'add-visa-1' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    visa = added.body.data;
    expect(visa).toMatchObject({ card: { brand: 'visa', last4: '4242' }, isDefault: true, addedBy: { name: adminName, email: platform.credentials.ADMIN.email } });
    expect(visa.addedBy.userId).not.toBe('usr_forged');
    expect(fake.customers.size).toBe(1);
    expect(customerOf().invoice_settings.default_payment_method).toBe(visa.id);
    const attach = fake.requests.find((request) => request.path === '/v1/payment_methods/pm_card_visa/attach');
    expect(attach?.idempotencyKey).toBe('add-visa-1:attach');

    declining = await addCard(adminToken, 'pm_card_visa_chargeDeclined');
    expect(declining.isDefault).toBe(false);
    expect(fake.customers.size).toBe(1);
  });

  it('refuses a card declined when attached (402) and an unknown one (404)', async () => {
    expectError(await call('POST', '/api/billing/payment-methods', adminToken, { paymentMethodId: 'pm_card_chargeDeclined' }), 402, DECLINE_MESSAGE, 'PAYMENT_FAILED');
    expectError(await call('POST', '/api/billing/payment-methods', adminToken, { paymentMethodId: 'pm_nope' }), 404, 'Payment method not found');
  });

  it('starts a subscription that stays incomplete, on the old limits, until the payment is confirmed', async () => {
    expectError(await call('POST', '/api/billing/subscription/upgrade', adminToken, { planId: 'starter' }), 400, 'Please select a payment method');
    const upgrade = await call('POST', '/api/billing/subscription/upgrade', adminToken, { planId: 'starter', paymentMethodId: visa.id });
    expect(upgrade.status, JSON.stringify(upgrade.body)).toBe(200);
    subscriptionId = upgrade.body.data.subscriptionId;
    const stripeSubscription = fake.subscription(subscriptionId);
    const invoice = fake.invoice(stripeSubscription.latest_invoice);
    expect(upgrade.body.data).toEqual({ subscriptionId, status: 'incomplete', clientSecret: invoice.confirmation_secret.client_secret, amountDue: toCents(seededPlan('starter').price), currency: 'usd' });
    expect(stripeSubscription.metadata.organizationId).toBe(organizationId);
    expect(fake.prices.size).toBeGreaterThan(0);
    expect([...fake.prices.values()].find((price) => price.id === stripeSubscription.items.data[0].price.id)?.lookup_key).toBe('starter');

    await deliver();
    expect(await planInForce()).toBe('free');
    expect(await subscription()).toBeNull();

    fake.confirmPayment(invoice.id);
    await deliver();
    expect(await planInForce()).toBe('starter');
    expect(await subscription()).toMatchObject({ id: subscriptionId, status: 'active', mode: 'stripe', plan: { id: 'starter' }, cancel_at_period_end: false });
  });

  it('processes a replayed event once, by its id', async () => {
    const event = {
      id: `evt_${unique('replay')}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: fake.now() + 10,
      data: { object: structuredClone(fake.subscription(subscriptionId)) },
    };
    await deliver([event]);
    const before = await subscription();
    // The same id again, after Stripe has moved on: a second processing would write the new state.
    fake.subscription(subscriptionId).cancel_at_period_end = true;
    await deliver([{ ...event, created: fake.now() + 20 }]);
    expect(await subscription()).toEqual(before);
    fake.subscription(subscriptionId).cancel_at_period_end = false;
  });

  it('upgrades by a price swap, invoicing the proration of the shared rule', async () => {
    const current = (await subscription())!;
    const expected = toCents(prorateUpgrade(seededPlan('starter').price, seededPlan('professional').price, new Date(current.current_period_end), new Date()).amountDue);
    const upgrade = await call('POST', '/api/billing/subscription/upgrade', adminToken, { planId: 'professional', paymentMethodId: visa.id }, { 'idempotency-key': 'upgrade-pro-1' });
    expect(upgrade.status, JSON.stringify(upgrade.body)).toBe(200);
    expect(upgrade.body.data).toMatchObject({ subscriptionId, status: 'active', clientSecret: null, amountDue: expected, currency: 'usd' });
    expect(expected).toBeGreaterThan(0);
    const invoice = fake.invoice(fake.subscription(subscriptionId).latest_invoice);
    expect(invoice).toMatchObject({ amount_due: expected, status: 'paid', billing_reason: 'subscription_update' });
    const swap = fake.requests.find((request) => request.idempotencyKey === 'upgrade-pro-1:swap');
    expect(swap?.params).toMatchObject({ proration_behavior: 'always_invoice' });
    expect(await planInForce()).toBe('professional');
  });

  it('does not let events delivered out of order put an older state back', async () => {
    const events = fake.takeEvents();
    const updates = events.filter((event) => event.type === 'customer.subscription.updated');
    expect(updates.length).toBeGreaterThanOrEqual(2);
    // The oldest update still carried the starter price; it arrives last.
    expect(updates[0]!.data.object.items.data[0].price.lookup_key).toBe('starter');
    await deliver([...events].reverse());
    expect(await planInForce()).toBe('professional');
    expect((await subscription())!.plan.id).toBe('professional');
  });

  it('answers a declined upgrade with 402 PAYMENT_FAILED and Stripe\'s message, changing nothing', async () => {
    const declined = await call('POST', '/api/billing/subscription/upgrade', adminToken, { planId: 'enterprise', paymentMethodId: declining.id });
    expectError(declined, 402, DECLINE_MESSAGE, 'PAYMENT_FAILED');
    await deliver();
    expect(await planInForce()).toBe('professional');
    const methods = (await call('GET', '/api/billing/payment-methods', adminToken)).body.data;
    expect(methods[0]).toMatchObject({ id: visa.id, isDefault: true });
    expect(customerOf().invoice_settings.default_payment_method).toBe(visa.id);
  });

  it('moves the default, for the customer and the subscription; refuses to delete it while subscribed', async () => {
    mastercard = await addCard(otherAdminToken, 'pm_card_mastercard');
    const listed = (await call('GET', '/api/billing/payment-methods', adminToken)).body.data as Body[];
    expect(listed.map((method) => method.id)).toEqual([visa.id, mastercard.id, declining.id]);

    // Any admin may set the default, whoever added the card.
    const set = await call('POST', '/api/billing/payment-methods/set-default', adminToken, { paymentMethodId: mastercard.id });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ id: mastercard.id, isDefault: true });
    expect(customerOf().invoice_settings.default_payment_method).toBe(mastercard.id);
    expect(fake.subscription(subscriptionId).default_payment_method).toBe(mastercard.id);
    expect((await subscription())!.default_payment_method_id).toBe(mastercard.id);
    const reordered = (await call('GET', '/api/billing/payment-methods', adminToken)).body.data as Body[];
    expect(reordered.map((method) => method.id)).toEqual([mastercard.id, declining.id, visa.id]);

    expectError(await call('DELETE', `/api/billing/payment-methods/${mastercard.id}`, otherAdminToken), 409, 'Cannot delete the default payment method while a subscription is active. Set another default first.');
    expectError(await call('POST', '/api/billing/payment-methods/set-default', adminToken, { paymentMethodId: 'pm_elsewhere' }), 404, 'Payment method not found');
    await deliver();
  });

  it('lets only the card\'s owner edit or delete it', async () => {
    const details = { billing_details: { name: 'Card Holder', address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'us' } } };
    expectError(await call('PUT', `/api/billing/payment-methods/${visa.id}`, otherAdminToken, details), 403, `Only ${adminName} can modify this card`);
    expectError(await call('DELETE', `/api/billing/payment-methods/${visa.id}`, otherAdminToken), 403, `Only ${adminName} can modify this card`);
    expectError(await call('PUT', `/api/billing/payment-methods/${mastercard.id}`, adminToken, details), 403, 'Only Second Admin can modify this card');

    const edited = await call('PUT', `/api/billing/payment-methods/${visa.id}`, adminToken, details);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.billing_details).toEqual({ name: 'Card Holder', address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' } });
    expect(fake.paymentMethod(visa.id).billing_details.name).toBe('Card Holder');

    const removed = await call('DELETE', `/api/billing/payment-methods/${declining.id}`, adminToken);
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    expect(fake.paymentMethod(declining.id).customer).toBeNull();
    await deliver();
  });

  it('holds at most 10 cards per organization', async () => {
    const held = ((await call('GET', '/api/billing/payment-methods', adminToken)).body.data as Body[]).length;
    for (let count = held; count < 10; count += 1) await addCard(adminToken, 'pm_card_visa');
    expectError(await call('POST', '/api/billing/payment-methods', adminToken, { paymentMethodId: 'pm_card_mastercard' }), 409, 'Payment method limit reached (10)');
    expect(((await call('GET', '/api/billing/payment-methods', adminToken)).body.data as Body[]).length).toBe(10);
    await deliver();
  });

  it('schedules a downgrade for the period end, replaces it, and applies it when Stripe says so', async () => {
    const periodEnd = (await subscription())!.current_period_end;
    const down = await call('POST', '/api/billing/subscription/downgrade', adminToken, { planId: 'free', subscriptionId });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body.data).toEqual({ effectiveDate: periodEnd });
    expect(await pending()).toEqual({ downgrade: { plan_id: 'free', plan_name: 'Free Trial', effective_date: periodEnd }, cancellation: null });

    const replaced = await call('POST', '/api/billing/subscription/downgrade', adminToken, { planId: 'starter', subscriptionId });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(await pending()).toEqual({ downgrade: { plan_id: 'starter', plan_name: 'Starter', effective_date: periodEnd }, cancellation: null });
    expect(fake.subscription(subscriptionId).cancel_at_period_end).toBe(false);
    expect(fake.subscription(subscriptionId).schedule).toBeTruthy();
    expectError(await call('POST', '/api/billing/subscription/cancel', adminToken, { subscriptionId }), 409, 'Cannot cancel while downgrade is pending. Please cancel the downgrade request first.');
    expectError(await call('POST', '/api/billing/subscription/downgrade', adminToken, { planId: 'enterprise', subscriptionId }), 400, 'Selected plan is not a downgrade');
    expectError(await call('POST', '/api/billing/subscription/downgrade', adminToken, { planId: 'starter', subscriptionId: 'sub_other' }), 404, 'No active subscription found');

    const upcoming = await call('GET', '/api/billing/invoices/upcoming', adminToken);
    expect(upcoming.status, JSON.stringify(upcoming.body)).toBe(200);
    expect(upcoming.body.data).toMatchObject({ amount_due: toCents(seededPlan('starter').price), currency: 'usd', period_start: periodEnd });
    await deliver();
    expect(await planInForce()).toBe('professional');

    fake.advanceToPeriodEnd(subscriptionId);
    await deliver();
    expect(await planInForce()).toBe('starter');
    expect((await subscription())!.current_period_start).toBe(periodEnd);
    expect(await pending()).toEqual({ downgrade: null, cancellation: null });
  });

  it('takes back a downgrade to free', async () => {
    expect((await call('POST', '/api/billing/subscription/downgrade', adminToken, { planId: 'free', subscriptionId })).status).toBe(200);
    expect((await pending()).downgrade?.plan_id).toBe('free');
    const back = await call('POST', '/api/billing/subscription/cancel-downgrade', adminToken, { subscriptionId });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toEqual({ downgrade: null, cancellation: null });
    expect(fake.subscription(subscriptionId).cancel_at_period_end).toBe(false);
    expectError(await call('POST', '/api/billing/subscription/cancel-downgrade', adminToken, { subscriptionId }), 409, 'No downgrade is pending');
    await deliver();
  });

  it('cancels at period end and keeps the subscription on request', async () => {
    const cancel = await call('POST', '/api/billing/subscription/cancel', adminToken, { subscriptionId });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const periodEnd = (await subscription())!.current_period_end;
    expect(cancel.body.data).toEqual({ effectiveDate: periodEnd });
    expect(await pending()).toEqual({ downgrade: null, cancellation: { effective_date: periodEnd } });
    expect((await subscription())!.cancel_at_period_end).toBe(true);
    expectError(await call('POST', '/api/billing/subscription/cancel', adminToken, { subscriptionId }), 409, 'Cancellation is already scheduled');
    expectError(
      await call('POST', '/api/billing/subscription/upgrade', adminToken, { planId: 'enterprise', paymentMethodId: visa.id }),
      409,
      'Cannot upgrade while cancellation is pending. Please cancel the cancellation request first.',
    );
    expect((await call('GET', '/api/billing/invoices/upcoming', adminToken)).body).toEqual({ data: null });

    const keep = await call('POST', '/api/billing/subscription/cancel-cancellation', adminToken, { subscriptionId });
    expect(keep.status, JSON.stringify(keep.body)).toBe(200);
    expect(keep.body.data).toEqual({ downgrade: null, cancellation: null });
    expect(fake.subscription(subscriptionId).cancel_at_period_end).toBe(false);
    expect((await subscription())!.cancel_at_period_end).toBe(false);
    expectError(await call('POST', '/api/billing/subscription/cancel-cancellation', adminToken, { subscriptionId }), 409, 'No cancellation is pending');
    await deliver();
  });

  it('keeps the billing address on the customer', async () => {
    expect((await call('GET', '/api/billing/address', adminToken)).body).toEqual({ data: null });
    const address = { name: 'Demo Inc', line1: '2 High St', city: 'London', state: 'London', postal_code: 'N1 1AA', country: 'GB', phone: '+44 20 7946 0000' };
    const put = await call('PUT', '/api/billing/address', adminToken, address);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toEqual(address);
    expect(customerOf().address).toMatchObject({ line1: '2 High St', country: 'GB' });
    expect((await call('GET', '/api/billing/address', adminToken)).body).toEqual({ data: address });
  });

  it('pages invoices newest first and gives their PDF', async () => {
    const all = [...fake.invoices.values()].filter((invoice) => invoice.customer === customerOf().id).sort((a, b) => b.created - a.created || (b.id < a.id ? -1 : 1));
    expect(all.length).toBeGreaterThanOrEqual(3);
    const first = await call('GET', '/api/billing/invoices?limit=2', adminToken);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.has_more).toBe(true);
    expect(first.body.data.data.map((invoice: Body) => invoice.id)).toEqual(all.slice(0, 2).map((invoice) => invoice.id));
    expect(first.body.data.data[0]).toMatchObject({ amount_due: all[0]!.amount_due, currency: 'usd', status: all[0]!.status, number: all[0]!.number });
    // §1.6: an invoice's times are Unix seconds, not ISO strings.
    expect(first.body.data.data[0]).toMatchObject({ created: all[0]!.created, period_start: all[0]!.period_start, period_end: all[0]!.period_end });
    const rest = await call('GET', `/api/billing/invoices?limit=100&starting_after=${all[1]!.id}`, adminToken);
    expect(rest.body.data).toEqual({ data: expect.any(Array), has_more: false });
    expect(rest.body.data.data.map((invoice: Body) => invoice.id)).toEqual(all.slice(2).map((invoice) => invoice.id));

    const download = await call('GET', `/api/billing/invoices/${all[0]!.id}/download`, adminToken);
    expect(download.body).toEqual({ data: { url: all[0]!.invoice_pdf } });
    const draft = fake.addDraftInvoice(customerOf().id, 500);
    expectError(await call('GET', `/api/billing/invoices/${draft.id}/download`, adminToken), 404, 'No download URL available');
    expectError(await call('GET', '/api/billing/invoices/in_missing/download', adminToken), 404, 'Invoice not found');
  });

  it('refuses unsigned, forged and stale webhooks with 401, and acknowledges unknown types', async () => {
    const event = { id: `evt_${unique('bad')}`, object: 'event', type: 'customer.subscription.deleted', created: fake.now() + 1000, data: { object: fake.subscription(subscriptionId) } };
    const wrongSecret = await deliverEvents(platform.url, 'whsec_wrong', [event]);
    expect(wrongSecret[0]).toEqual({ status: 401, body: expect.objectContaining({ code: 'UNAUTHORIZED', message: 'Invalid signature' }) });
    const stale = await deliverEvents(platform.url, SECRET, [event], { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale[0]!.status).toBe(401);
    const unsigned = await fetch(`${platform.url}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    expect(unsigned.status).toBe(401);
    expect(await planInForce()).toBe('starter');

    await deliver([{ id: `evt_${unique('other')}`, object: 'event', type: 'charge.succeeded', created: fake.now(), data: { object: { id: 'ch_1', object: 'charge' } } }]);
  });

  it('returns the organization to the free tier when the cancelled period ends', async () => {
    expect((await call('POST', '/api/billing/subscription/cancel', adminToken, { subscriptionId })).status).toBe(200);
    await deliver();
    expect(await planInForce()).toBe('starter');
    fake.advanceToPeriodEnd(subscriptionId);
    await deliver();
    expect(await subscription()).toBeNull();
    expect(await planInForce()).toBe('free');
  });
});

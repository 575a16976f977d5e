import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prorateUpgrade } from '../../shared/rules/billing/proration';
import { seededPlan } from '../../shared/rules/plans';
import { OrganizationRepository } from '../../functions/domain/organizations/organization-repository';
import { createUserWithAccount } from '../../functions/domain/users/user-lifecycle';
import { UserRepository } from '../../functions/domain/users/user-repository';
import { useBrowserPlatform } from '../support/browser';
import { deliverEvents, FakeStripe } from '../support/fake-stripe/fake-stripe-server';
import { routeStripe } from '../support/fake-stripe/stripe-js-stand-in';
import { expectText, newSession, signIn } from '../support/people';
import { unique } from '../support/unique-values';

/**
 * Billing screens in Stripe mode (issue 20): the platform's `stripe` client talks to the fake Stripe
 * server, and the browser's Stripe.js is a stand-in served by Playwright whose card element is a
 * plain input and whose API calls reach the same fake. Stripe's webhooks are delivered, signed,
 * right after the browser's calls to Stripe, as Stripe would send them.
 */
const SECRET = 'whsec_browser_billing';
const ENV_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE_URL'] as const;
const savedEnv: Partial<Record<(typeof ENV_KEYS)[number], string>> = {};
const fake = new FakeStripe();
const PASSWORD = 'Billing-Browser-Password-1';

// Registered before the platform's own hooks, so the platform starts in Stripe mode.
beforeAll(async () => {
  for (const key of ENV_KEYS) savedEnv[key] = process.env[key];
  process.env.STRIPE_API_BASE_URL = await fake.start();
  process.env.STRIPE_SECRET_KEY = 'sk_test_browser';
  process.env.STRIPE_PUBLISHABLE_KEY = 'pk_test_browser';
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
});
// Registered before the platform's, so it runs after the platform has stopped (hooks unwind as a stack).
afterAll(async () => {
  await fake.stop();
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
});
const suite = useBrowserPlatform();

async function deliverPendingEvents(): Promise<void> {
  const answers = await deliverEvents(suite.platform.url, SECRET, fake.takeEvents());
  for (const answer of answers) expect(answer, JSON.stringify(answer.body)).toEqual({ status: 200, body: { received: true } });
}

async function stripeSession() {
  const session = await newSession(suite.browser);
  const stripe = await routeStripe(session.context, fake, deliverPendingEvents);
  return { ...session, stripe };
}

const planButton = (page: Page, planId: string) => page.getByTestId(`plan-card-${planId}`).getByRole('button');

/** Fills the add-card dialog with a Stripe test number and a cardholder address, and submits it. */
async function addCard(page: Page, number: string, cardholder: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await dialog.getByTestId('fake-card-number').fill(number);
  await dialog.getByTestId('field-name').fill(cardholder);
  await dialog.getByTestId('field-line1').fill('1 Billing Street');
  await dialog.getByTestId('field-city').fill('Springfield');
  await dialog.getByTestId('field-state').fill('IL');
  await dialog.getByTestId('field-postal_code').fill('62701');
  await dialog.getByRole('button', { name: 'Add Card' }).click();
  await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(false);
}

describe('billing in Stripe mode', () => {
  let adminName = '';
  let other: { email: string; full_name: string };

  beforeAll(async () => {
    const { ports, credentials } = suite.platform;
    const admin = (await new UserRepository(ports.database).findByEmail(credentials.ADMIN.email))!;
    adminName = admin.full_name;
    const organization = (await new OrganizationRepository(ports.database).get(admin.organization_id))!;
    other = await createUserWithAccount(ports, { organization, email: `${unique('second-admin')}@demo.example.com`, fullName: 'Second Billing Admin', role: 'admin', password: PASSWORD });
  });

  it('an admin upgrades from the free tier with a card added in the upgrade dialog, upgrades again with proration, then schedules a downgrade and cancels it', async () => {
    const { page, context, stripe } = await stripeSession();
    try {
      const { url, credentials } = suite.platform;
      await signIn(page, url, credentials.ADMIN.email, credentials.ADMIN.password, '/dashboard');
      await page.goto(`${url}/organization/settings/billing`);
      await expect.poll(() => page.getByTestId('current-plan').innerText(), { timeout: 15_000 }).toContain('Free Trial');
      expect(await page.getByTestId('self-hosted-notice').count()).toBe(0);
      // Stripe.js is fetched by the card form and the payment, not by the subscription page itself.
      expect(stripe.scriptLoads()).toBe(0);

      await planButton(page, 'starter').click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade to Starter' });
      expect(await dialog.getByTestId('amount-due').innerText()).toBe('$799.00');
      await expectText(page, 'No payment methods available. Please add one to continue.');
      await dialog.getByRole('button', { name: 'Upgrade' }).click();
      await expectText(page, 'Please select a payment method');

      await dialog.getByRole('button', { name: 'Add Payment Method' }).click();
      await addCard(page, '4242424242424242', adminName);
      expect(stripe.scriptLoads()).toBe(1);
      const visa = dialog.getByRole('radio', { name: /visa •••• 4242/ });
      await expect.poll(() => visa.isChecked(), { timeout: 15_000 }).toBe(true);
      await dialog.getByRole('button', { name: 'Upgrade' }).click();
      await expectText(page, 'Your plan is now Starter');
      await expect.poll(() => page.getByTestId('current-plan').innerText(), { timeout: 15_000 }).toMatch(/Starter[\s\S]*active/);
      expect(await planButton(page, 'starter').textContent()).toBe('Current Plan');
      // The card payment went through Stripe.js's confirmation, with the card created in the browser.
      const confirm = fake.requests.find((request) => /^\/v1\/payment_intents\/.+\/confirm$/.test(request.path));
      expect(confirm?.params.payment_method).toMatch(/^pm_/);
      expect(fake.paymentMethods.get(String(confirm?.params.payment_method))?.billing_details.name).toBe(adminName);

      // Starter to Professional: the summary is the shared proration rule, paid with the default card.
      const subscription = [...fake.subscriptions.values()].find((candidate) => candidate.status === 'active')!;
      await planButton(page, 'professional').click();
      const second = page.getByRole('dialog', { name: 'Upgrade to Professional' });
      const periodEnd = new Date(subscription.items.data[0].current_period_end * 1000);
      const expected = prorateUpgrade(seededPlan('starter').price, seededPlan('professional').price, periodEnd, new Date());
      expect(await second.getByTestId('amount-due').innerText()).toBe(`$${expected.amountDue.toFixed(2)}`);
      await expect.poll(() => second.getByRole('radio', { name: /visa •••• 4242 \(default\)/ }).isChecked(), { timeout: 15_000 }).toBe(true);
      await second.getByRole('button', { name: 'Upgrade' }).click();
      await expectText(page, 'Your plan is now Professional');
      await expect.poll(() => page.getByTestId('current-plan').innerText(), { timeout: 15_000 }).toContain('Professional');

      // A downgrade waits for the period's end; its banner offers to cancel it.
      await planButton(page, 'starter').click();
      await expectText(page, 'Plan Downgrade Requested');
      await expect.poll(() => planButton(page, 'starter').textContent()).toBe('Change Scheduled');
      expect(await page.getByRole('button', { name: 'Cancel Subscription' }).isDisabled()).toBe(true);
      expect(fake.subscription(subscription.id).schedule).toMatch(/^sub_sched_/);
      await page.getByRole('button', { name: 'Cancel Change' }).click();
      await expect.poll(() => page.getByText('Plan Downgrade Requested').count(), { timeout: 15_000 }).toBe(0);
      expect(await planButton(page, 'starter').textContent()).toBe('Select Plan');
      expect(await page.getByTestId('current-plan').innerText()).toContain('Professional');
      expect(fake.subscription(subscription.id).schedule).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('an admin adds a card, address and sees invoices; another admin sees who owns each card and may only make it the default', async () => {
    const { url, credentials } = suite.platform;
    const first = await stripeSession();
    try {
      const { page } = first;
      await signIn(page, url, credentials.ADMIN.email, credentials.ADMIN.password, '/dashboard');
      await page.goto(`${url}/organization/settings/billing/payment`);
      const visa = page.getByTestId('payment-method-4242');
      await expect.poll(() => visa.getByTestId('default-chip').count(), { timeout: 15_000 }).toBe(1);
      await page.getByRole('button', { name: 'Add Payment Method' }).click();
      await addCard(page, '5555555555554444', adminName);
      const mastercard = page.getByTestId('payment-method-4444');
      await expect.poll(() => mastercard.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await mastercard.getByRole('button', { name: 'Edit' }).isVisible()).toBe(true);
      expect(await mastercard.getByRole('button', { name: 'Delete' }).isVisible()).toBe(true);

      await page.getByRole('tab', { name: 'Billing Address' }).click();
      const form = page.getByTestId('billing-address-form');
      await form.getByTestId('field-name').fill('Demo Organization');
      await form.getByTestId('field-line1').fill('2 Invoice Road');
      await form.getByTestId('field-city').fill('Toronto');
      await form.getByTestId('field-state').fill('ON');
      await form.getByTestId('field-postal_code').fill('M5V 2T6');
      await form.getByTestId('field-phone').fill('+1 (416) 555-0100');
      await form.getByRole('button', { name: 'Save Address' }).click();
      await expectText(page, 'Billing address updated successfully!');
      const customer = [...fake.customers.values()][0]!;
      expect(customer.address).toMatchObject({ line1: '2 Invoice Road', city: 'Toronto', postal_code: 'M5V 2T6', country: 'US' });

      await page.getByRole('tab', { name: 'Invoices' }).click();
      await expect.poll(() => page.getByTestId('invoices-table').locator('tbody tr').count(), { timeout: 15_000 }).toBe(2);
      expect(await page.getByTestId('invoices-table').innerText()).toContain('$799.00');
    } finally {
      await first.context.close();
    }

    const second = await stripeSession();
    try {
      const { page } = second;
      await signIn(page, url, other.email, PASSWORD, '/dashboard');
      await page.goto(`${url}/organization/settings/billing/payment`);
      const mastercard = page.getByTestId('payment-method-4444');
      await expect.poll(() => mastercard.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await mastercard.getByTestId('card-owner-only').innerText()).toBe(`Only ${adminName} can modify this card`);
      expect(await mastercard.getByRole('button', { name: 'Edit' }).count()).toBe(0);
      expect(await mastercard.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      await mastercard.getByRole('button', { name: 'Set as Default' }).click();
      await expect.poll(() => mastercard.getByTestId('default-chip').count(), { timeout: 15_000 }).toBe(1);
      expect(await page.getByTestId('payment-method-4242').getByTestId('default-chip').count()).toBe(0);
      expect([...fake.customers.values()][0]!.invoice_settings.default_payment_method).toBe([...fake.paymentMethods.values()].find((method) => method.card.last4 === '4444')!.id);
    } finally {
      await second.context.close();
    }
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { planEntity, SEEDED_PLANS } from '../../../../shared/rules/plans';
import { bodyOf, errorResponse, fakeRoutes } from '../../__fixtures__/fake-api';
import { apiCalls, jsonResponse, renderApp, resetBrowserStateAfterEachTest, stubApi } from '../../__fixtures__/test-auth';
import type { PaymentMethod } from './useBilling';

/** Stripe.js stands in as the one call the upgrade makes of it: confirming the card payment. */
const confirmCardPayment = vi.fn();
vi.mock('./stripe-loader', () => ({ stripeFor: () => Promise.resolve({ confirmCardPayment }) }));

resetBrowserStateAfterEachTest();
beforeEach(() => confirmCardPayment.mockReset());

const LATER = { timeout: 5000 };

const visa: PaymentMethod = {
  id: 'pm_visa',
  card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030 },
  isDefault: true,
  billing_details: { name: 'Ada Lovelace', address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' } },
  addedBy: { userId: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com' },
};

function stripeBackend(upgrade: (body: Record<string, unknown>) => Response) {
  return fakeRoutes([
    { method: 'GET', path: /^\/api\/billing\/config$/, reply: () => jsonResponse({ data: { mode: 'stripe', publishableKey: 'pk_test_page', currency: 'usd' } }) },
    { method: 'GET', path: /^\/api\/billing\/plans$/, reply: () => jsonResponse({ data: SEEDED_PLANS.map(planEntity) }) },
    { method: 'GET', path: /^\/api\/billing\/subscription$/, reply: () => jsonResponse({ data: null }) },
    { method: 'GET', path: /^\/api\/billing\/subscription\/pending-changes$/, reply: () => jsonResponse({ data: { downgrade: null, cancellation: null } }) },
    { method: 'GET', path: /^\/api\/billing\/payment-methods$/, reply: () => jsonResponse({ data: [visa] }) },
    { method: 'POST', path: /^\/api\/billing\/subscription\/upgrade$/, reply: (_, __, init) => upgrade(bodyOf(init)) },
  ]);
}

async function openUpgrade(upgrade: (body: Record<string, unknown>) => Response) {
  const fetchMock = stubApi('admin', stripeBackend(upgrade));
  renderApp('/organization/settings/billing');
  const card = await screen.findByTestId('plan-card-starter', undefined, LATER);
  await waitFor(() => expect(within(card).getByRole('button').hasAttribute('disabled')).toBe(false), LATER);
  fireEvent.click(within(card).getByRole('button', { name: 'Select Plan' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Starter' }, LATER);
  await waitFor(() => expect((within(dialog).getByRole('radio', { name: /visa •••• 4242 \(default\)/ }) as HTMLInputElement).checked).toBe(true), LATER);
  return { fetchMock, dialog };
}

describe('Upgrade in Stripe mode (spec 03 §4)', () => {
  it('pays with the chosen card and confirms the payment Stripe asks for', async () => {
    confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const { fetchMock, dialog } = await openUpgrade(() => jsonResponse({ data: { subscriptionId: 'sub_1', status: 'incomplete', clientSecret: 'pi_1_secret_x', amountDue: 79900, currency: 'usd' } }));
    expect(within(dialog).getByTestId('amount-due').textContent).toBe('$799.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByText('Your plan is now Starter', undefined, LATER)).toBeTruthy();
    expect(bodyOf(apiCalls(fetchMock, 'POST', '/api/billing/subscription/upgrade')[0]?.[1])).toEqual({ planId: 'starter', paymentMethodId: 'pm_visa' });
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_x', { payment_method: 'pm_visa' });
    // The webhook has not made the subscription active yet: the page says so and keeps reading.
    expect(screen.getByTestId('awaiting-payment').textContent).toContain('The new plan applies as soon as Stripe confirms it.');
  });

  it("shows Stripe.js's decline as 'Payment failed: {message}'", async () => {
    confirmCardPayment.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    const first = await openUpgrade(() => jsonResponse({ data: { subscriptionId: 'sub_1', status: 'incomplete', clientSecret: 'pi_1_secret_x', amountDue: 79900, currency: 'usd' } }));
    fireEvent.click(within(first.dialog).getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByText('Payment failed: Your card was declined.', undefined, LATER)).toBeTruthy();
  });

  it("shows the server's 402 PAYMENT_FAILED the same way", async () => {
    const { dialog } = await openUpgrade(() => errorResponse(402, 'Your card has insufficient funds.', 'PAYMENT_FAILED'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByText('Payment failed: Your card has insufficient funds.', undefined, LATER)).toBeTruthy();
    expect(confirmCardPayment).not.toHaveBeenCalled();
  });
});

describe('pending changes kept in the browser (spec 03 §4)', () => {
  const professional = planEntity(SEEDED_PLANS.find((plan) => plan.id === 'professional')!);
  function backend(pendingChanges: () => Response) {
    return fakeRoutes([
      { method: 'GET', path: /^\/api\/billing\/config$/, reply: () => jsonResponse({ data: { mode: 'stripe', publishableKey: 'pk_test_page', currency: 'usd' } }) },
      { method: 'GET', path: /^\/api\/billing\/plans$/, reply: () => jsonResponse({ data: SEEDED_PLANS.map(planEntity) }) },
      {
        method: 'GET',
        path: /^\/api\/billing\/subscription$/,
        reply: () => jsonResponse({ data: { id: 'sub_1', status: 'active', plan: professional, current_period_start: '2026-11-01T00:00:00.000Z', current_period_end: '2026-12-01T00:00:00.000Z', cancel_at_period_end: false, mode: 'stripe' } }),
      },
      { method: 'GET', path: /^\/api\/billing\/subscription\/pending-changes$/, reply: pendingChanges },
    ]);
  }
  const downgrade = { downgrade: { plan_id: 'starter', plan_name: 'Starter', effective_date: '2026-12-01T00:00:00.000Z' }, cancellation: null };

  it("keeps the server's answer, and shows it when the next load fails", async () => {
    stubApi('admin', backend(() => jsonResponse({ data: downgrade })));
    const first = renderApp('/organization/settings/billing');
    expect(await screen.findByText('Plan Downgrade Requested', undefined, LATER)).toBeTruthy();
    first.unmount();

    stubApi('admin', backend(() => errorResponse(500, 'Internal error', 'INTERNAL_ERROR')));
    renderApp('/organization/settings/billing');
    expect(await screen.findByText('Failed to load subscription data', undefined, LATER)).toBeTruthy();
    expect(await screen.findByText('Plan Downgrade Requested', undefined, LATER)).toBeTruthy();
  });

  it('shows no pending change from nowhere when the load fails and nothing was kept', async () => {
    stubApi('admin', backend(() => errorResponse(500, 'Internal error', 'INTERNAL_ERROR')));
    renderApp('/organization/settings/billing');
    expect(await screen.findByText('Failed to load subscription data', undefined, LATER)).toBeTruthy();
    expect(screen.queryByText('Plan Downgrade Requested')).toBeNull();
  });
});

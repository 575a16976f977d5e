// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, errorResponse, fakeRoutes } from '../../__fixtures__/fake-api';
import { apiCalls, jsonResponse, renderApp, resetBrowserStateAfterEachTest, stubApi } from '../../__fixtures__/test-auth';
import type { Invoice, PaymentMethod } from './useBilling';

resetBrowserStateAfterEachTest();

const LATER = { timeout: 5000 };

const card = (id: string, last4: string, addedBy: PaymentMethod['addedBy'], isDefault = false): PaymentMethod => ({
  id,
  card: { brand: 'visa', last4, exp_month: 4, exp_year: 2030 },
  isDefault,
  billing_details: { name: addedBy.name, address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' } },
  addedBy,
});

const invoice = (n: number): Invoice => ({
  id: `in_${n}`,
  number: `INV-${n}`,
  created: 1_767_225_600 + n * 86_400,
  amount_due: 79_900,
  amount_paid: 79_900,
  currency: 'usd',
  status: 'paid',
  period_start: 1_767_225_600,
  period_end: 1_769_904_000,
});

function backend(methods: PaymentMethod[]) {
  return fakeRoutes([
    { method: 'GET', path: /^\/api\/billing\/config$/, reply: () => jsonResponse({ data: { mode: 'stripe', publishableKey: 'pk_test_page', currency: 'usd' } }) },
    { method: 'GET', path: /^\/api\/billing\/payment-methods$/, reply: () => jsonResponse({ data: methods }) },
    { method: 'POST', path: /^\/api\/billing\/payment-methods\/set-default$/, reply: (_, __, init) => {
      const id = bodyOf(init).paymentMethodId;
      for (const method of methods) method.isDefault = method.id === id;
      return jsonResponse({ data: methods.find((method) => method.id === id) });
    } },
    { method: 'DELETE', path: /^\/api\/billing\/payment-methods\/(.+)$/, reply: () => errorResponse(409, 'Cannot delete the default payment method while a subscription is active. Set another default first.', 'CONFLICT') },
    { method: 'GET', path: /^\/api\/billing\/address$/, reply: () => jsonResponse({ data: null }) },
    { method: 'PUT', path: /^\/api\/billing\/address$/, reply: (_, __, init) => jsonResponse({ data: bodyOf(init) }) },
    { method: 'GET', path: /^\/api\/billing\/invoices$/, reply: (_, url) => {
      const all = Array.from({ length: 12 }, (_, index) => invoice(12 - index));
      const after = url.searchParams.get('starting_after');
      const start = after ? all.findIndex((candidate) => candidate.id === after) + 1 : 0;
      return jsonResponse({ data: { data: all.slice(start, start + 10), has_more: start + 10 < all.length } });
    } },
  ]);
}

describe('Payment & Billing in Stripe mode', () => {
  it("gives the owner Edit and Delete, anyone else the owner's name, and any admin the default", async () => {
    const methods = [card('pm_own', '4242', { userId: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com' }, true), card('pm_other', '4444', { userId: 'user-2', name: 'Grace Hopper', email: 'grace@example.com' })];
    const fetchMock = stubApi('admin', backend(methods));
    renderApp('/organization/settings/billing/payment');
    const own = await screen.findByTestId('payment-method-4242', undefined, LATER);
    const other = screen.getByTestId('payment-method-4444');
    expect(within(own).getByTestId('default-chip')).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(own).queryByRole('button', { name: 'Set as Default' })).toBeNull();
    expect(within(other).getByTestId('card-owner-only').textContent).toBe('Only Grace Hopper can modify this card');
    expect(within(other).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(other).getByText(/Added by Grace Hopper \(grace@example\.com\)/)).toBeTruthy();

    fireEvent.click(within(other).getByRole('button', { name: 'Set as Default' }));
    await waitFor(() => expect(within(screen.getByTestId('payment-method-4444')).queryByTestId('default-chip')).toBeTruthy(), LATER);
    expect(bodyOf(apiCalls(fetchMock, 'POST', '/api/billing/payment-methods/set-default')[0]?.[1])).toEqual({ paymentMethodId: 'pm_other' });

    fireEvent.click(within(screen.getByTestId('payment-method-4242')).getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Are you sure you want to delete this payment method?')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete payment method', undefined, LATER)).toBeTruthy();
    expect(screen.getByText('Cannot delete the default payment method while a subscription is active. Set another default first.')).toBeTruthy();
  });

  it('checks the billing address with the contract texts before saving it', async () => {
    const fetchMock = stubApi('admin', backend([]));
    renderApp('/organization/settings/billing/payment');
    expect(await screen.findByText('No payment methods added yet', undefined, LATER)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Billing Address' }));
    const form = await screen.findByTestId('billing-address-form', undefined, LATER);
    fireEvent.click(within(form).getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Address line 1 is required')).toBeTruthy();
    expect(apiCalls(fetchMock, 'PUT', '/api/billing/address')).toHaveLength(0);

    const fill = (field: string, value: string) => fireEvent.change(within(form).getByTestId(`field-${field}`), { target: { value } });
    fill('name', 'Demo Org');
    fill('line1', '2 Invoice Road');
    fill('city', 'Toronto');
    fill('state', 'ON');
    fill('postal_code', 'M5V 2T6');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Billing address updated successfully!', undefined, LATER)).toBeTruthy();
    expect(bodyOf(apiCalls(fetchMock, 'PUT', '/api/billing/address')[0]?.[1])).toEqual({ name: 'Demo Org', line1: '2 Invoice Road', city: 'Toronto', state: 'ON', postal_code: 'M5V 2T6', country: 'US' });
  });

  it('pages invoices ten at a time by Stripe cursor, amounts in dollars', async () => {
    const fetchMock = stubApi('admin', backend([]));
    renderApp('/organization/settings/billing/payment');
    fireEvent.click(await screen.findByRole('tab', { name: 'Invoices' }, LATER));
    await waitFor(() => expect(screen.getAllByTestId(/^invoice-in_/)).toHaveLength(10), LATER);
    expect(within(screen.getByTestId('invoice-in_12')).getByText('$799.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId(/^invoice-in_/)).toHaveLength(2), LATER);
    const query = new URL(String(apiCalls(fetchMock, 'GET', '/api/billing/invoices').at(-1)?.[0])).searchParams;
    expect([query.get('limit'), query.get('starting_after')]).toEqual(['10', 'in_3']);
    expect(screen.getByText('Page 2')).toBeTruthy();
  });
});

import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { PendingChanges } from '../../../../shared/rules/billing/pending-changes';
import type { PlanEntity } from '../../../../shared/rules/plans';
import { useApiFetch } from '../../api/ApiProvider';

/** Contract §20's reads and plan changes, as the subscription and payment pages use them. */
export const BILLING_PATH = '/api/billing';

export interface BillingConfig {
  mode: 'stripe' | 'self_hosted';
  publishableKey?: string;
  currency: 'usd';
}

export interface Subscription {
  id: string;
  status: 'active' | 'trialing' | 'past_due' | 'incomplete' | 'canceled' | 'unpaid';
  plan: PlanEntity;
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: boolean;
  mode: 'stripe' | 'self_hosted';
}

interface Wrapped<T> {
  data: T;
}

const isBillingKey = (key: unknown) => typeof key === 'string' && key.startsWith(BILLING_PATH);

export function useBillingConfig() {
  return useSWR<Wrapped<BillingConfig>>(`${BILLING_PATH}/config`);
}

export function usePlans() {
  return useSWR<Wrapped<PlanEntity[]>>(`${BILLING_PATH}/plans`);
}

/** Re-read every few seconds while a paid upgrade waits for Stripe's webhook to make it active (§20.5). */
const AWAITING_REFRESH_MS = 2000;

export function useSubscription(awaitingPlan?: string) {
  return useSWR<Wrapped<Subscription | null>>(`${BILLING_PATH}/subscription`, { refreshInterval: awaitingPlan ? AWAITING_REFRESH_MS : 0 });
}

export function usePendingChanges() {
  return useSWR<Wrapped<PendingChanges>>(`${BILLING_PATH}/subscription/pending-changes`);
}

/** Each change reloads every billing read (spec 03 §4: "After a downgrade or cancellation request the data is reloaded"). */
export function useSubscriptionActions() {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const reload = useCallback(() => mutate(isBillingKey), [mutate]);
  const post = useCallback(
    async <T,>(path: string, body: object): Promise<T> => {
      try {
        return (await apiFetch<Wrapped<T>>(`${BILLING_PATH}/subscription/${path}`, { method: 'POST', body })).data;
      } finally {
        await reload();
      }
    },
    [apiFetch, reload],
  );
  return {
    upgrade: (planId: string, paymentMethodId?: string) =>
      post<{ subscriptionId: string; status: string; clientSecret: string | null; amountDue: number }>('upgrade', { planId, ...(paymentMethodId ? { paymentMethodId } : {}) }),
    downgrade: (planId: string, subscriptionId: string) => post<{ effectiveDate: string }>('downgrade', { planId, subscriptionId }),
    cancel: (subscriptionId: string) => post<{ effectiveDate: string }>('cancel', { subscriptionId }),
    cancelDowngrade: (subscriptionId: string) => post<PendingChanges>('cancel-downgrade', { subscriptionId }),
    cancelCancellation: (subscriptionId: string) => post<PendingChanges>('cancel-cancellation', { subscriptionId }),
    reload,
  };
}

/** Contract §2 PaymentMethod. */
export interface PaymentMethod {
  id: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  isDefault: boolean;
  billing_details: { name: string; address: { line1: string; line2?: string; city: string; state: string; postal_code: string; country: string } };
  addedBy: { userId?: string; name: string; email: string };
}

/** Contract §2 BillingAddress. */
export interface BillingAddress {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  phone?: string | null;
}

/** Contract §2 Invoice: `created` and the period in Unix seconds, amounts in cents. */
export interface Invoice {
  id: string;
  number: string | null;
  created: number;
  amount_due: number;
  amount_paid: number;
  currency: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void' | null;
  period_start: number;
  period_end: number;
  hosted_invoice_url?: string;
  invoice_pdf?: string;
}

export const INVOICE_PAGE_SIZE = 10;

export function usePaymentMethods() {
  return useSWR<Wrapped<PaymentMethod[]>>(`${BILLING_PATH}/payment-methods`);
}

export function useBillingAddress() {
  return useSWR<Wrapped<BillingAddress | null>>(`${BILLING_PATH}/address`);
}

/** §20.17: one page of invoices after the given invoice id (none: the newest). */
export function useInvoices(startingAfter: string | undefined) {
  const query = new URLSearchParams({ limit: String(INVOICE_PAGE_SIZE), ...(startingAfter ? { starting_after: startingAfter } : {}) });
  return useSWR<Wrapped<{ data: Invoice[]; has_more: boolean }>>(`${BILLING_PATH}/invoices?${query.toString()}`);
}

/** §20.11-§20.16, §20.19; each write reloads the billing reads (a new default shows at once on both pages). */
export function usePaymentActions() {
  const apiFetch = useApiFetch();
  const { mutate } = useSWRConfig();
  const reload = useCallback(() => mutate(isBillingKey), [mutate]);
  const send = useCallback(
    async <T,>(path: string, method: 'POST' | 'PUT' | 'DELETE', body?: object): Promise<T> => {
      try {
        const answer = await apiFetch<Wrapped<T> | undefined>(`${BILLING_PATH}/${path}`, { method, ...(body ? { body } : {}) });
        return answer?.data as T;
      } finally {
        await reload();
      }
    },
    [apiFetch, reload],
  );
  return {
    add: (paymentMethodId: string, userId: string | undefined) => send<PaymentMethod>('payment-methods', 'POST', { paymentMethodId, ...(userId ? { userId } : {}) }),
    update: (id: string, billingDetails: object) => send<PaymentMethod>(`payment-methods/${encodeURIComponent(id)}`, 'PUT', { billing_details: billingDetails }),
    remove: (id: string) => send<void>(`payment-methods/${encodeURIComponent(id)}`, 'DELETE'),
    setDefault: (paymentMethodId: string) => send<PaymentMethod>('payment-methods/set-default', 'POST', { paymentMethodId }),
    saveAddress: (address: object) => send<BillingAddress>('address', 'PUT', address),
    downloadUrl: async (invoiceId: string) => (await apiFetch<Wrapped<{ url: string }>>(`${BILLING_PATH}/invoices/${encodeURIComponent(invoiceId)}/download`)).data.url,
  };
}

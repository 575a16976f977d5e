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

export function useSubscription() {
  return useSWR<Wrapped<Subscription | null>>(`${BILLING_PATH}/subscription`);
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
  };
}

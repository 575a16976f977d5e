import type Stripe from 'stripe';
import { keyed, stripeCall } from './stripe-calls';
import type { StripeBillingStore } from './stripe-billing-store';

const FAILED = 'Failed to reach the payment provider';

/**
 * The organization's one Stripe customer (§20), created on first need. The create is keyed by the
 * organization, so two concurrent first requests get the same customer from Stripe.
 */
export async function ensureCustomer(stripe: Stripe, store: StripeBillingStore, organization: { id: string; name?: string }): Promise<string> {
  const existing = await store.customerId(organization.id);
  if (existing) return existing;
  const customer = await stripeCall(
    () => stripe.customers.create({ ...(organization.name ? { name: organization.name } : {}), metadata: { organizationId: organization.id } }, keyed(`groundwork-customer-${organization.id}`, 'create')),
    { failed: FAILED },
  );
  return store.keepCustomerId(organization.id, customer.id);
}

/** The organization Stripe says a customer belongs to. */
export async function organizationOfCustomer(stripe: Stripe, customerId: string): Promise<string | null> {
  const customer = await stripe.customers.retrieve(customerId);
  if ((customer as Stripe.DeletedCustomer).deleted) return null;
  return (customer as Stripe.Customer).metadata?.organizationId || null;
}

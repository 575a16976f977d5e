import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/**
 * Stripe.js for the billing screens. The `pure` entry injects the script only when `loadStripe` is
 * called (the default entry injects it as soon as the module is imported), and only the card form
 * and the upgrade dialog call this, so no other page downloads Stripe.js. One load per key.
 */
const loads = new Map<string, Promise<Stripe | null>>();

export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let load = loads.get(publishableKey);
  if (!load) {
    load = loadStripe(publishableKey).catch((error: unknown) => {
      // A failed download may be retried by the next form that opens.
      loads.delete(publishableKey);
      throw error;
    });
    loads.set(publishableKey, load);
  }
  return load;
}

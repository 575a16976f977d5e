import { CARD_FORM_MESSAGES } from './AddCardDialog';
import { stripeFor } from './stripe-loader';

/** Spec 03 §4: a failed payment reads 'Payment failed: {message}', with Stripe's or the server's reason. */
export class PaymentFailure extends Error {
  constructor(reason: string) {
    super(`Payment failed: ${reason}`);
    this.name = 'PaymentFailure';
  }
}

/** Confirms the PaymentIntent an upgrade left open (contract §20.5) with the chosen card, through Stripe.js. */
export async function confirmCardPayment(publishableKey: string | undefined, clientSecret: string, paymentMethodId: string): Promise<void> {
  const stripe = publishableKey ? await stripeFor(publishableKey).catch(() => null) : null;
  if (!stripe) throw new PaymentFailure(CARD_FORM_MESSAGES.notInitialized);
  const { error } = await stripe.confirmCardPayment(clientSecret, { payment_method: paymentMethodId });
  if (error) throw new PaymentFailure(error.message ?? CARD_FORM_MESSAGES.cardError);
}

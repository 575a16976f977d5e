import { MESSAGES } from '../../../shared/api/errors';
import { StripeBillingStore } from '../../domain/billing/stripe-billing-store';
import { StripeWebhookEvents } from '../../domain/billing/stripe-webhook-events';
import { implement } from '../../http/api-types';
import { notFound, unauthorized } from '../../contracts/contract-error';
import { logger } from '../../observability/logger';
import { getPorts } from '../../contracts/ports/ports';
import { stripeClient, stripeWebhookSecret } from '../../platform/stripe-client';
import { billingMode } from './billing-mode';

/** Stripe signs a timestamp with the body; older than this is a replay (§20.20). */
const SIGNATURE_TOLERANCE_SECONDS = 300;
const INVALID_SIGNATURE = 'Invalid signature';

function rawBodyOf(event: { body?: string; isBase64Encoded?: boolean }): string {
  if (event.body === undefined || event.body === null) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/** §20.20. Self-hosted there is no Stripe to call us (§20 "Modes"). */
export const webhook = implement({
  async handle(request) {
    const stripe = billingMode() === 'stripe' ? stripeClient() : null;
    if (!stripe) throw notFound(MESSAGES.routeNotFound);
    const signature = request.headers['stripe-signature'];
    const secret = stripeWebhookSecret();
    if (!signature || !secret) throw unauthorized(INVALID_SIGNATURE);
    let event;
    try {
      event = stripe.webhooks.constructEvent(rawBodyOf(request.event), signature, secret, SIGNATURE_TOLERANCE_SECONDS);
    } catch {
      throw unauthorized(INVALID_SIGNATURE);
    }
    const outcome = await new StripeWebhookEvents(stripe, new StripeBillingStore(getPorts().database)).process(event);
    logger.info('Stripe webhook', { eventId: event.id, type: event.type, outcome });
    return { status: 200, body: { received: true } };
  },
});

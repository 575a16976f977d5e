import Stripe from 'stripe';
import { ENV } from './environment';

/**
 * The one place a Stripe client is made (the payments side of the composition root). Domain code
 * receives the client; it never reads the key. The client is kept per key and base URL, so tests
 * that start a platform against another fake server get a client pointed at it.
 */
let cached: { signature: string; client: Stripe } | undefined;

export function stripeClient(): Stripe | null {
  const secretKey = process.env[ENV.stripeSecretKey];
  if (!secretKey) return null;
  const baseUrl = process.env[ENV.stripeApiBaseUrl] ?? '';
  const signature = `${secretKey}\n${baseUrl}`;
  if (cached?.signature === signature) return cached.client;
  const config: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20_000, telemetry: false };
  if (baseUrl) {
    const url = new URL(baseUrl);
    config.host = url.hostname;
    config.port = url.port || (url.protocol === 'http:' ? 80 : 443);
    config.protocol = url.protocol === 'http:' ? 'http' : 'https';
  }
  cached = { signature, client: new Stripe(secretKey, config) };
  return cached.client;
}

/** Empty when unset: every signature then fails, rather than any being accepted. */
export function stripeWebhookSecret(): string {
  return process.env[ENV.stripeWebhookSecret] ?? '';
}

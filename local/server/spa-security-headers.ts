/**
 * Headers of the web client and the other files the local server serves itself (in the cloud,
 * CloudFront serves them). The built SPA has no inline script, so scripts come from its own origin
 * only; MUI's emotion writes <style> elements at run time, hence inline styles. The SPA talks to
 * its own origin (the API, the runtime configuration, the issuer at /oidc) and, for presigned
 * uploads, to the object store's origin, which `connectSources` adds. In Stripe mode the billing
 * screens load Stripe.js, which talks to Stripe's API and opens Stripe's frames (3-D Secure): the
 * origins Stripe documents for its CSP are allowed then, and only then. `scriptSources` adds Google
 * Identity Services when a Drive client id is configured (its token popup is a window, not a frame).
 * The API source form's Test API calls the API being configured straight from the browser (contract
 * §14.7), an origin nobody knows in advance: any http(s) origin may be connected to. Scripts stay
 * limited to our own, and the target itself still has to allow the page (CORS); see
 * docs/contract-decisions.md D-API-1.
 */
const API_TEST_TARGETS = ['https:', 'http:'];
const STRIPE = { script: ['https://js.stripe.com'], connect: ['https://api.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'] };

export function spaSecurityHeaders(connectSources: readonly string[] = [], options: { stripe?: boolean; scriptSources?: readonly string[] } = {}): Record<string, string> {
  const stripe = (kind: keyof typeof STRIPE) => (options.stripe ? STRIPE[kind] : []);
  const policy = [
    "default-src 'self'",
    `script-src ${["'self'", ...stripe('script'), ...(options.scriptSources ?? [])].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectSources, ...stripe('connect'), ...API_TEST_TARGETS].join(' ')}`,
    // oidc-client-ts may renew a session in a hidden frame of our own origin.
    `frame-src ${["'self'", ...stripe('frame')].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
  return {
    'Content-Security-Policy': policy,
    'X-Frame-Options': 'SAMEORIGIN',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

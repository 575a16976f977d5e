/**
 * The security headers of the web client, written once for both ways it is served: the local
 * server sets them on the SPA's files (local/server/spa-security-headers.ts), CloudFront through
 * a response headers policy (lib/web-hosting/web-hosting.ts).
 *
 * The built SPA has no inline script, so scripts come from its own origin only; MUI's emotion
 * writes <style> elements at run time, hence inline styles. The SPA talks to its own origin (the
 * API, the runtime configuration, the local issuer at /oidc) and to the origins the caller names
 * in `connectSources`: the object store's origin for presigned uploads, and in the cloud the
 * Cognito issuer and hosted domain (discovery, token refresh). In Stripe mode the billing screens
 * load Stripe.js, which talks to Stripe's API and opens Stripe's frames (3-D Secure): the origins
 * Stripe documents for its CSP are allowed then, and only then. `scriptSources` adds Google
 * Identity Services when a Drive client id is configured (its token popup is a window, not a
 * frame). The API source form's Test API calls the API being configured straight from the browser
 * (contract §14.7), an origin nobody knows in advance: any http(s) origin may be connected to.
 * Scripts stay limited to the listed ones, and the target itself still has to allow the page
 * (CORS); see docs/contract-decisions.md D-API-1.
 */
const API_TEST_TARGETS = ['https:', 'http:'];
const STRIPE = { script: ['https://js.stripe.com'], connect: ['https://api.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'] };

/** Values both servers send with the policy. */
export const SPA_FRAME_OPTIONS = 'SAMEORIGIN';
export const SPA_REFERRER_POLICY = 'strict-origin-when-cross-origin';

export interface SpaContentSecurityPolicyOptions {
  readonly connectSources?: readonly string[];
  readonly scriptSources?: readonly string[];
  readonly stripe?: boolean;
}

export function spaContentSecurityPolicy(options: SpaContentSecurityPolicyOptions = {}): string {
  const stripe = (kind: keyof typeof STRIPE) => (options.stripe ? STRIPE[kind] : []);
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...stripe('script'), ...(options.scriptSources ?? [])].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...(options.connectSources ?? []), ...stripe('connect'), ...API_TEST_TARGETS].join(' ')}`,
    // oidc-client-ts may renew a session in a hidden frame of our own origin.
    `frame-src ${["'self'", ...stripe('frame')].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

import { SPA_FRAME_OPTIONS, SPA_REFERRER_POLICY, spaContentSecurityPolicy } from '../../shared/config/spa-security-policy';

/**
 * Headers of the web client and the other files the local server serves itself (in the cloud,
 * CloudFront serves them with the same policy, shared/config/spa-security-policy.ts).
 * `connectSources` adds the object store's origin for presigned uploads.
 */
export function spaSecurityHeaders(connectSources: readonly string[] = [], options: { stripe?: boolean; scriptSources?: readonly string[] } = {}): Record<string, string> {
  return {
    'Content-Security-Policy': spaContentSecurityPolicy({ connectSources, scriptSources: options.scriptSources, stripe: options.stripe }),
    'X-Frame-Options': SPA_FRAME_OPTIONS,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': SPA_REFERRER_POLICY,
  };
}

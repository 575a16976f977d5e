/**
 * Headers of the web client and the other files the local server serves itself (in the cloud,
 * CloudFront serves them). The built SPA has no inline script, so scripts come from its own origin
 * only; MUI's emotion writes <style> elements at run time, hence inline styles. The SPA talks to
 * its own origin (the API, the runtime configuration, the issuer at /oidc) and, for presigned
 * uploads, to the object store's origin, which `connectSources` adds.
 */
export function spaSecurityHeaders(connectSources: readonly string[] = []): Record<string, string> {
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectSources].join(' ')}`,
    // oidc-client-ts may renew a session in a hidden frame of our own origin.
    "frame-src 'self'",
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

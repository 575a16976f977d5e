import type { ApiEvent } from './api-types';

/**
 * The caller's address for the IP allowlist (§1.2) and per-IP rate limits (§1.8). Behind
 * CloudFront the gateway sees CloudFront's address, so the viewer address CloudFront adds
 * (`CloudFront-Viewer-Address: ip:port`) wins when present; a client cannot set that header
 * through CloudFront. Locally it is the socket's address.
 */
export function sourceIpOf(event: ApiEvent): string {
  const viewer = event.headers['cloudfront-viewer-address'];
  if (viewer) {
    const separator = viewer.lastIndexOf(':');
    return separator > 0 ? viewer.slice(0, separator) : viewer;
  }
  return event.requestContext.http.sourceIp;
}

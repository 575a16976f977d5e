import { currentRuntime } from '../platform/environment';
import type { ApiEvent } from './api-types';

/**
 * The caller's address for the IP allowlist (§1.2) and per-IP rate limits (§1.8).
 *
 * In the cloud the gateway sees CloudFront's address, so the viewer address CloudFront adds
 * (`CloudFront-Viewer-Address: ip:port`) wins when present. Locally that header means nothing (any
 * client could send it), so the address is the one the local server put in the event: the socket's,
 * or the forwarded one when the operator said a reverse proxy sits in front (GROUNDWORK_TRUST_PROXY).
 */
export function sourceIpOf(event: ApiEvent): string {
  const viewer = currentRuntime() === 'cloud' ? event.headers['cloudfront-viewer-address'] : undefined;
  if (viewer) {
    const separator = viewer.lastIndexOf(':');
    return separator > 0 ? viewer.slice(0, separator) : viewer;
  }
  return event.requestContext.http.sourceIp;
}

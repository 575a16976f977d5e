import type { ApiEvent } from './api-types';
import { VIEWER_IP_HEADER, arrivedThroughCloudFront } from './cloudfront-origin';

/**
 * The caller's address for the IP allowlist (§1.2) and per-IP rate limits (§1.8).
 *
 * In the cloud the gateway sees CloudFront's address, so the viewer address CloudFront's
 * viewer-request function sets wins, but only on a request that carries the origin secret: anyone
 * calling the execute-api endpoint directly could send the header too (cloudfront-origin.ts).
 * Locally that header means nothing, so the address is the one the local server put in the event:
 * the socket's, or the forwarded one when the operator said a reverse proxy sits in front
 * (GROUNDWORK_TRUST_PROXY).
 */
export function sourceIpOf(event: ApiEvent): string {
  const viewer = arrivedThroughCloudFront(event) ? event.headers[VIEWER_IP_HEADER]?.trim() : undefined;
  return viewer || event.requestContext.http.sourceIp;
}

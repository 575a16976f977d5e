import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import { ContractError } from '../contracts/contract-error';
import { ENV, currentRuntime } from '../platform/environment';
import type { ApiEvent, ApiResult } from './api-types';

/**
 * In the cloud the API is served under the web origin's `/api/*` by CloudFront; API Gateway's own
 * execute-api endpoint stays reachable (an HTTP API can only drop it behind a custom domain of its
 * own), so CloudFront proves itself with a secret header on every origin request and the functions
 * refuse requests without it. Only then do the headers CloudFront sets mean anything: the viewer's
 * address below can be forged by anyone calling execute-api directly.
 */
export const ORIGIN_SECRET_HEADER = 'x-groundwork-origin-secret';

/**
 * The viewer's IP address, set by the `/api/*` viewer-request function (lib/web-hosting), which
 * overwrites whatever the viewer sent. CloudFront's own `CloudFront-Viewer-Address` cannot be
 * used: the only origin request policies that forward it also forward the viewer's Host header,
 * which API Gateway refuses.
 */
export const VIEWER_IP_HEADER = 'x-groundwork-viewer-ip';

export const NOT_THROUGH_CLOUDFRONT_MESSAGE = 'This API is served only through the web origin: call <web origin>/api instead.';

function configuredSecret(): string | undefined {
  const value = process.env[ENV.originSecret];
  return value === undefined || value === '' ? undefined : value;
}

/** Compares digests so the comparison takes the same time whatever the header holds. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Whether the request came through CloudFront: in the cloud, with the origin secret configured,
 * and the request carries it. Locally never (the local server is the edge itself).
 */
export function arrivedThroughCloudFront(event: ApiEvent): boolean {
  if (currentRuntime() !== 'cloud') return false;
  const expected = configuredSecret();
  const given = event.headers?.[ORIGIN_SECRET_HEADER];
  return expected !== undefined && given !== undefined && sameSecret(given, expected);
}

/**
 * Refuses, in the cloud, a request that did not come through CloudFront (403, contract error
 * body). A function without the secret configured (the cloud-mode suite's handlers against
 * emulators) accepts every request, as it did before the edge existed.
 */
export function cloudFrontOnly(): MiddlewareObj<ApiEvent, ApiResult> {
  return {
    before: async (request) => {
      if (currentRuntime() !== 'cloud' || configuredSecret() === undefined) return;
      if (!arrivedThroughCloudFront(request.event)) throw new ContractError('FORBIDDEN', NOT_THROUGH_CLOUDFRONT_MESSAGE);
    },
  };
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/** §18.1: Slack's timestamp must be within 5 minutes, so a captured request cannot be replayed later. */
export const SLACK_SIGNATURE_MAX_AGE_S = 300;

export interface SlackSignedRequest {
  signingSecret: string;
  /** `X-Slack-Request-Timestamp`, Unix seconds. */
  timestamp: string | undefined;
  /** `X-Slack-Signature`, `v0=<hex>`. */
  signature: string | undefined;
  /** The body exactly as received: the signature covers its bytes. */
  rawBody: string;
  nowSeconds?: number;
}

export function slackSignature(signingSecret: string, timestamp: string, rawBody: string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`, 'utf8').digest('hex')}`;
}

/** Slack's v0 scheme: HMAC-SHA256 of `v0:{timestamp}:{raw body}`, compared in constant time. */
export function verifySlackSignature(request: SlackSignedRequest): boolean {
  const { timestamp, signature } = request;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  const now = request.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > SLACK_SIGNATURE_MAX_AGE_S) return false;
  const expected = Buffer.from(slackSignature(request.signingSecret, timestamp, request.rawBody), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

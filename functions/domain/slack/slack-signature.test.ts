import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { slackSignature, verifySlackSignature } from './slack-signature';

const secret = '8f742231b10e8888abcd99yyyzzz85a5';
const body = '{"type":"event_callback","event_id":"Ev1"}';
const now = 1_700_000_000;

describe("Slack's v0 request signature (§18.1)", () => {
  it('is HMAC-SHA256 of v0:{timestamp}:{body}, hex, prefixed v0=', () => {
    const expected = `v0=${createHmac('sha256', secret).update(`v0:${now}:${body}`).digest('hex')}`;
    expect(slackSignature(secret, String(now), body)).toBe(expected);
  });

  it('verifies a fresh request signed with the secret', () => {
    const signature = slackSignature(secret, String(now), body);
    expect(verifySlackSignature({ signingSecret: secret, timestamp: String(now), signature, rawBody: body, nowSeconds: now + 299 })).toBe(true);
  });

  it('refuses another secret, another body, a missing or malformed header', () => {
    const signature = slackSignature(secret, String(now), body);
    const base = { signingSecret: secret, timestamp: String(now), signature, rawBody: body, nowSeconds: now };
    expect(verifySlackSignature({ ...base, signingSecret: 'another-secret' })).toBe(false);
    expect(verifySlackSignature({ ...base, rawBody: `${body} ` })).toBe(false);
    expect(verifySlackSignature({ ...base, signature: undefined })).toBe(false);
    expect(verifySlackSignature({ ...base, timestamp: undefined })).toBe(false);
    expect(verifySlackSignature({ ...base, timestamp: 'soon' })).toBe(false);
    expect(verifySlackSignature({ ...base, signature: 'v0=abc' })).toBe(false);
  });

  it('refuses a timestamp more than 300 s away, so old requests cannot be replayed', () => {
    const old = String(now - 301);
    expect(verifySlackSignature({ signingSecret: secret, timestamp: old, signature: slackSignature(secret, old, body), rawBody: body, nowSeconds: now })).toBe(false);
    const future = String(now + 301);
    expect(verifySlackSignature({ signingSecret: secret, timestamp: future, signature: slackSignature(secret, future, body), rawBody: body, nowSeconds: now })).toBe(false);
  });
});

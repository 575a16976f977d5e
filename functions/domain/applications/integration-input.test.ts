import { describe, expect, it } from 'vitest';
import type { ValidationDetail } from '../../../shared/api/errors';
import type { IntegrationRecord } from './application-record';
import { isOrigin, isSlackChannel, normalizeOrigin, parseIntegrations } from './integration-input';

function parse(value: unknown, stored: IntegrationRecord[] = []) {
  const details: ValidationDetail[] = [];
  const inputs = parseIntegrations(value, stored, details);
  return { inputs, messages: details.map((detail) => detail.message) };
}

const storedApi: IntegrationRecord = { type: 'api', enabled: true, token_hash: 'h', token_cipher: 'c', rate_limit: 250, allowed_origins: ['https://shop.example.com'] };
const storedSlack: IntegrationRecord = { type: 'messaging', platform: 'slack', enabled: true, bot_token_cipher: 'b', bot_token_last4: '1234', signing_secret_cipher: 's', signing_secret_last4: 'abcd', channels: 'C0123ABCD' };

describe('integration input (contract §16)', () => {
  it('generates a token when the api integration is enabled without one, or on regenerateToken', () => {
    expect(parse([{ type: 'api', enabled: true, settings: {} }]).inputs).toEqual([{ type: 'api', enabled: true, generate: true, rateLimit: 100, allowedOrigins: ['*'] }]);
    expect(parse([{ type: 'api', enabled: true, settings: { regenerateToken: true } }], [storedApi]).inputs?.[0]).toMatchObject({ generate: true });
  });

  it('keeps the stored token and settings when the token is omitted or masked', () => {
    for (const token of [undefined, '********5678']) {
      expect(parse([{ type: 'api', enabled: true, settings: { token } }], [storedApi]).inputs?.[0]).toEqual({
        type: 'api',
        enabled: true,
        generate: false,
        rateLimit: 250,
        allowedOrigins: ['https://shop.example.com'],
      });
    }
  });

  it('validates a supplied token, the rate limit and the origins with the contract texts', () => {
    const { messages } = parse([{ type: 'api', enabled: true, settings: { token: 'rag_short', rateLimit: 0, allowedOrigins: ['https://ok.example.com', 'not an origin', 'https://x.example.com/path'] } }]);
    expect(messages).toEqual([
      'API token must start with rag_ followed by 32 to 64 letters or digits',
      'Rate limit must be between 1 and 10000',
      'Invalid origin: not an origin',
      'Invalid origin: https://x.example.com/path',
    ]);
    expect(parse([{ type: 'api', enabled: true, settings: { rateLimit: 10001 } }]).messages).toEqual(['Rate limit must be between 1 and 10000']);
    expect(parse([{ type: 'api', enabled: true, settings: { rateLimit: 10000, allowedOrigins: ['*', 'HTTPS://Shop.Example.com:443'] } }]).inputs?.[0]).toMatchObject({ rateLimit: 10000, allowedOrigins: ['*', 'https://shop.example.com'] });
  });

  it('requires the Slack secrets when enabling, unless they are stored', () => {
    expect(parse([{ type: 'messaging', platform: 'slack', enabled: true, settings: { channels: '#general' } }]).messages).toEqual(['Slack bot token is required', 'Slack signing secret is required']);
    expect(parse([{ type: 'messaging', platform: 'slack', enabled: true, settings: { botToken: 'xoxp-user', signingSecret: 's3cret', channels: '' } }]).messages).toEqual(['Slack bot token must start with xoxb-']);
    expect(parse([{ type: 'messaging', platform: 'slack', enabled: true, settings: { botToken: '********1234', signingSecret: '********abcd' } }], [storedSlack])).toEqual({
      inputs: [{ type: 'messaging', enabled: true, botToken: undefined, signingSecret: undefined, channels: 'C0123ABCD' }],
      messages: [],
    });
    expect(parse([{ type: 'messaging', platform: 'slack', enabled: false, settings: {} }]).messages).toEqual([]);
  });

  it('checks each channel and at most 20 of them', () => {
    expect(parse([{ type: 'messaging', platform: 'slack', enabled: false, settings: { channels: '#general, C0123ABCD, general, #Bad Name' } }]).messages).toEqual([
      'Invalid Slack channel: general',
      'Invalid Slack channel: #Bad Name',
    ]);
    const many = Array.from({ length: 21 }, (_, index) => `#c${index}`).join(',');
    expect(parse([{ type: 'messaging', platform: 'slack', enabled: false, settings: { channels: many } }]).messages).toEqual(['At most 20 Slack channels are allowed']);
  });

  it('allows one entry per type', () => {
    expect(parse([{ type: 'api', enabled: false }, { type: 'api', enabled: false }]).messages).toEqual(['Duplicate integration: api']);
    expect(parse([{ type: 'fax' }]).messages).toEqual(['Integration type must be one of api, messaging']);
    expect(parse(undefined).inputs).toBeUndefined();
    expect(parse(null).inputs).toEqual([]);
  });
});

describe('origins and channels', () => {
  it('recognises scheme://host[:port] and *', () => {
    for (const value of ['*', 'https://a.example.com', 'http://localhost:5173', 'capacitor://localhost']) expect(isOrigin(value)).toBe(true);
    for (const value of ['a.example.com', 'https://a.example.com/', 'https://a.example.com/x', 'https://user@a.example.com', '']) expect(isOrigin(value)).toBe(false);
    expect(normalizeOrigin('HTTPS://A.Example.com:443')).toBe('https://a.example.com');
    expect(normalizeOrigin('http://a.example.com:8080')).toBe('http://a.example.com:8080');
  });

  it('recognises channel ids and #names', () => {
    for (const value of ['C0123ABCD', 'G0123ABCD', '#general', '#team-support_2']) expect(isSlackChannel(value)).toBe(true);
    for (const value of ['general', '#', 'c0123abcd', '#With Space']) expect(isSlackChannel(value)).toBe(false);
  });
});

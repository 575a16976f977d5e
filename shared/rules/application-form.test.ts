import { describe, expect, it } from 'vitest';
import { isOrigin, isSlackChannel, normalizeOrigin } from './application-form';

describe('origins and channels (§16)', () => {
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

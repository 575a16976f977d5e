import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_TOKEN_PATTERN, generateApiToken, hashApiToken } from './api-token';

describe('API tokens (contract §16, §17.5)', () => {
  it('generates rag_ + 40 letters and digits, different every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, generateApiToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(/^rag_[A-Za-z0-9]{40}$/);
      expect(API_TOKEN_PATTERN.test(token)).toBe(true);
    }
  });

  it('hashes with SHA-256 to the hex digest the lookup item is keyed by', () => {
    const token = `rag_${'A1'.repeat(20)}`;
    expect(hashApiToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashApiToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiToken(token)).not.toBe(hashApiToken(`${token}x`));
  });

  it('accepts supplied tokens of 32 to 64 characters after the prefix only', () => {
    expect(API_TOKEN_PATTERN.test(`rag_${'a'.repeat(32)}`)).toBe(true);
    expect(API_TOKEN_PATTERN.test(`rag_${'a'.repeat(64)}`)).toBe(true);
    expect(API_TOKEN_PATTERN.test(`rag_${'a'.repeat(31)}`)).toBe(false);
    expect(API_TOKEN_PATTERN.test(`rag_${'a'.repeat(65)}`)).toBe(false);
    expect(API_TOKEN_PATTERN.test(`rag_${'a'.repeat(39)}-`)).toBe(false);
    expect(API_TOKEN_PATTERN.test(`key_${'a'.repeat(40)}`)).toBe(false);
  });
});

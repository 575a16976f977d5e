import { describe, expect, it } from 'vitest';
import { DEFAULT_SESSION_NAME, EXTERNAL_USER_ID_PATTERN, sessionNameFromMessage } from './chat';

describe('sessionNameFromMessage (contract §17.4, spec 01 §4.2)', () => {
  it('keeps a trimmed message of at most 50 characters whole', () => {
    expect(sessionNameFromMessage('  What is the refund policy?  ')).toBe('What is the refund policy?');
    const fifty = 'a'.repeat(20) + ' ' + 'b'.repeat(29);
    expect(fifty).toHaveLength(50);
    expect(sessionNameFromMessage(fifty)).toBe(fifty);
  });

  it('cuts a longer one back to the last space within its first 50 characters', () => {
    const text = 'How do I reset the password of a shared team account that nobody remembers?';
    expect(sessionNameFromMessage(text)).toBe('How do I reset the password of a shared team');
    expect(sessionNameFromMessage(text).length).toBeLessThanOrEqual(50);
  });

  it('keeps all 50 characters when they hold no space', () => {
    const word = 'x'.repeat(80);
    expect(sessionNameFromMessage(word)).toBe('x'.repeat(50));
  });

  it('flattens line breaks and runs of spaces, and never splits an emoji', () => {
    expect(sessionNameFromMessage('Line one\n\nline   two')).toBe('Line one line two');
    const emojis = '😀'.repeat(60);
    expect(Array.from(sessionNameFromMessage(emojis))).toHaveLength(50);
  });

  it('falls back to the default name for a blank message', () => {
    expect(sessionNameFromMessage('   ')).toBe(DEFAULT_SESSION_NAME);
  });
});

describe('X-User-ID', () => {
  it('accepts 1–128 of [A-Za-z0-9._:@-] and nothing else', () => {
    for (const value of ['customer-42', 'a', 'user@example.com', 'slack:T1:U2', 'x'.repeat(128)]) expect(EXTERNAL_USER_ID_PATTERN.test(value)).toBe(true);
    for (const value of ['', 'has space', 'a#b', 'x'.repeat(129), 'ünï']) expect(EXTERNAL_USER_ID_PATTERN.test(value)).toBe(false);
  });
});

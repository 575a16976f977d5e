import { describe, expect, it } from 'vitest';
import { nearBottom, tokenUsable, DRIVE_TEXTS } from './drive-rules';

describe('drive rules', () => {
  it('loads the next page within 100 px of the bottom, not before', () => {
    expect(nearBottom({ scrollHeight: 1000, scrollTop: 500, clientHeight: 400 })).toBe(true);
    expect(nearBottom({ scrollHeight: 1000, scrollTop: 499, clientHeight: 400 })).toBe(false);
    expect(nearBottom({ scrollHeight: 300, scrollTop: 0, clientHeight: 300 })).toBe(true);
  });

  it('asks for a token again once it has expired', () => {
    expect(tokenUsable(undefined, 0)).toBe(false);
    expect(tokenUsable({ expiresAt: 1000 }, 999)).toBe(true);
    expect(tokenUsable({ expiresAt: 1000 }, 1000)).toBe(false);
  });

  it('words the sync button and the OAuth errors as spec 02 does', () => {
    expect(DRIVE_TEXTS.syncButton(2)).toBe('Sync 2 Files');
    expect(DRIVE_TEXTS.oauthError('access_denied')).toBe('Google OAuth error: access_denied');
  });
});

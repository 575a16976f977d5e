import { describe, expect, it } from 'vitest';
import { INVITATION_RETENTION_DAYS, invitationExpiresAt, invitationState, invitationTtl } from './invitation-state';
import { hashInvitationToken, newInvitationToken } from './invitation-token';

describe('invitation state', () => {
  const now = new Date('2025-03-01T09:30:00.000Z');

  it('expires after the organization\'s number of days', () => {
    const expiresAt = invitationExpiresAt(now, 7);
    expect(expiresAt).toBe('2025-03-08T09:30:00.000Z');
    expect(invitationState({ expiresAt }, new Date('2025-03-08T09:29:59.999Z'))).toBe('valid');
    expect(invitationState({ expiresAt }, new Date('2025-03-08T09:30:00.000Z'))).toBe('expired');
  });

  it('reads accepted even once expired, so a late second click says so', () => {
    expect(invitationState({ expiresAt: '2025-01-01T00:00:00.000Z', acceptedAt: '2024-12-30T00:00:00.000Z' }, now)).toBe('accepted');
  });

  it('keeps the row some days past its expiry', () => {
    const expiresAt = '2025-03-08T09:30:00.000Z';
    expect(invitationTtl(expiresAt)).toBe(Date.parse(expiresAt) / 1000 + INVITATION_RETENTION_DAYS * 86_400);
  });
});

describe('invitation token', () => {
  it('is URL-safe, unique and stored only as its SHA-256', () => {
    const token = newInvitationToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newInvitationToken()).not.toBe(token);
    expect(hashInvitationToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashInvitationToken(token)).toBe(hashInvitationToken(token));
    expect(hashInvitationToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

/** How long an invitation row outlives its expiry, so a late click still reads "already accepted" rather than "invalid". */
export const INVITATION_RETENTION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InvitationTimes {
  expiresAt: string;
  acceptedAt?: string;
}

export type InvitationState = 'valid' | 'expired' | 'accepted';

/** An accepted invitation says so even after it expired: the user already has an account. */
export function invitationState(invitation: InvitationTimes, now: Date): InvitationState {
  if (invitation.acceptedAt) return 'accepted';
  return Date.parse(invitation.expiresAt) > now.getTime() ? 'valid' : 'expired';
}

export function invitationExpiresAt(now: Date, expiryDays: number): string {
  return new Date(now.getTime() + expiryDays * DAY_MS).toISOString();
}

/** Epoch seconds for DynamoDB's TTL. */
export function invitationTtl(expiresAt: string): number {
  return Math.floor((Date.parse(expiresAt) + INVITATION_RETENTION_DAYS * DAY_MS) / 1000);
}

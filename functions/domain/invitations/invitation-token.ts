import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe, so the link needs no escaping. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored: a leaked table does not leak working invitation links. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

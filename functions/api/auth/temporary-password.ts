import { randomInt } from 'node:crypto';
import type { PasswordPolicy } from '../../../shared/rules/password-policy';

/** Contract §4.13: a generated temporary password has 16 characters, more when the policy asks. */
export const TEMPORARY_PASSWORD_LENGTH = 16;

// Look-alikes (I, l, 1, O, 0) are left out: the password is read off a screen and typed once.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*-_=+?';
const ALL = UPPER + LOWER + DIGITS + SYMBOLS;

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] as string;

/**
 * Random characters with one of every class, so the password meets any policy the organization
 * can set (upper, lower, number, symbol; length up to 128).
 */
export function generateTemporaryPassword(policy: PasswordPolicy): string {
  const length = Math.max(TEMPORARY_PASSWORD_LENGTH, policy.minLength);
  const characters = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)];
  while (characters.length < length) characters.push(pick(ALL));
  // Fisher-Yates, so the guaranteed classes do not always lead.
  for (let i = characters.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j] as string, characters[i] as string];
  }
  return characters.join('');
}

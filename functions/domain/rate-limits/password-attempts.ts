import { normalizeEmail } from '../../../shared/rules/fields';
import { defaultSecuritySettings } from '../../../shared/rules/organization-settings';
import type { DatabasePort } from '../../contracts/ports/database';
import { OrganizationRepository } from '../organizations/organization-repository';
import { organizationSettings } from '../organizations/organization-settings';
import { UserRepository } from '../users/user-repository';
import { LoginFailureRepository } from './login-failure-repository';
import { lockedForSeconds, type LockoutPolicy } from './login-lockout';

/** The contract's text for a locked email (§1.8, §4.1), wherever the password was typed. */
export const LOGIN_LOCKED_MESSAGE = 'Too many login attempts. Please try again later.';

/** No account has a longer address (§1.10), and its counter key would pass DynamoDB's key size. */
const MAX_EMAIL_LENGTH = 254;

export type PasswordAttempt<T> =
  | { outcome: 'accepted'; value: T }
  | { outcome: 'rejected' }
  | { outcome: 'locked'; retryAfterSeconds: number };

/**
 * The organization's `maxLoginAttempts` / `lockoutMinutes` for this email. An unknown email gets
 * the defaults, exactly like a known one, so the lockout never tells whether an account exists.
 */
export async function lockoutPolicyFor(database: DatabasePort, email: string): Promise<LockoutPolicy> {
  const user = await new UserRepository(database).findByEmail(normalizeEmail(email));
  const organization = user ? await new OrganizationRepository(database).get(user.organization_id) : undefined;
  return organization ? organizationSettings(organization).security : defaultSecuritySettings();
}

/** Seconds the email stays locked, 0 when it is not: for callers that refuse early, before a password is checked. */
export async function lockedOutFor(database: DatabasePort, email: string): Promise<number> {
  const normalized = normalizeEmail(email);
  if (normalized.length > MAX_EMAIL_LENGTH) return 0;
  return lockedForSeconds(await new LoginFailureRepository(database).get(normalized), Date.now() / 1000);
}

/**
 * Every password check of the product goes through here (the hosted sign-in page, the issuer's
 * password grant, §4.1, the in-app change of §4.11), so one counter per email sees every guess,
 * whichever door it came through. `check` answers undefined for a wrong password.
 *
 * A locked email is refused before `check` runs: the right password must not open it either, or
 * the lockout would only slow an attacker down until the guess that matches.
 */
export async function attemptPassword<T>(database: DatabasePort, rawEmail: string, check: () => Promise<T | undefined>): Promise<PasswordAttempt<T>> {
  const email = normalizeEmail(rawEmail);
  if (!email || email.length > MAX_EMAIL_LENGTH) {
    // Still run the check, so the answer takes as long as for any other address.
    await check();
    return { outcome: 'rejected' };
  }
  const failures = new LoginFailureRepository(database);
  const previous = await failures.get(email);
  const lockedFor = lockedForSeconds(previous, Date.now() / 1000);
  if (lockedFor > 0) return { outcome: 'locked', retryAfterSeconds: lockedFor };

  const value = await check();
  if (value === undefined) {
    try {
      await failures.recordFailure(email, await lockoutPolicyFor(database, email));
    } catch (error) {
      // The counter's retries ran out because a burst of guesses was being counted at the same
      // moment: the burst is on the counter, and this guess is refused all the same.
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
    return { outcome: 'rejected' };
  }
  // The check takes scrypt's (or the provider's) time: guesses sent alongside may have locked the
  // email meanwhile, and a right password among a burst of wrong ones must not slip through.
  const now = await failures.get(email);
  const lockedNow = lockedForSeconds(now, Date.now() / 1000);
  if (lockedNow > 0) return { outcome: 'locked', retryAfterSeconds: lockedNow };
  if (now) await failures.clear(email);
  return { outcome: 'accepted', value };
}

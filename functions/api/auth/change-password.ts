import type { ValidationDetail } from '../../../shared/api/errors';
import { MAX_PASSWORD_LENGTH, passwordProblems, type PasswordPolicy } from '../../../shared/rules/password-policy';
import { UserRepository, type UserRecord } from '../../domain/users/user-repository';
import type { UserCaller } from '../../http/api-types';
import { badRequest, conflict, validationError } from '../../contracts/contract-error';
import { organizationSettings } from '../../domain/organizations/organization-settings';
import type { Ports } from '../../contracts/ports/ports';
import { LoginLockedError } from '../../contracts/ports/identity';
import { rateLimited } from '../../http/authentication';
import { AUTH_MESSAGES } from './auth-messages';

export interface ChangePasswordInput {
  currentPassword?: unknown;
  newPassword?: unknown;
  confirmPassword?: unknown;
}

/** A user who signs in with Google and has no password at the provider (§4.11, §4.12, §4.13). */
export function signsInWithGoogleOnly(user: UserRecord): boolean {
  return user.auth_providers.includes('google') && !user.auth_providers.includes('password');
}

/** Every problem of the form, in the contract's order (§4.11), under the organization's policy. */
export function changePasswordProblems(input: ChangePasswordInput, policy: PasswordPolicy): ValidationDetail[] {
  const problems: ValidationDetail[] = [];
  const current = typeof input.currentPassword === 'string' ? input.currentPassword : '';
  const next = typeof input.newPassword === 'string' ? input.newPassword : '';
  if (!current) problems.push({ field: 'currentPassword', message: AUTH_MESSAGES.currentPasswordRequired });
  for (const message of passwordProblems(next, policy, 'New password')) problems.push({ field: 'newPassword', message });
  if (input.confirmPassword !== undefined && input.confirmPassword !== null && input.confirmPassword !== next) {
    problems.push({ field: 'confirmPassword', message: AUTH_MESSAGES.newPasswordsDontMatch });
  }
  if (current && next === current) problems.push({ field: 'newPassword', message: AUTH_MESSAGES.newPasswordSameAsCurrent });
  return problems;
}

/**
 * In-app password change (contract §4.11). A Google-only account is refused before the form is
 * judged: no password it could type would ever be its current one. The provider revokes every
 * refresh token of the subject, this session's included (neither Cognito's global sign-out nor the
 * embedded issuer can spare one); the access token in hand stays valid until it expires.
 */
export async function changePassword(ports: Ports, caller: UserCaller, input: ChangePasswordInput) {
  const { user, organization } = caller;
  if (signsInWithGoogleOnly(user)) throw conflict(AUTH_MESSAGES.googleOnlyPasswordChange);
  const problems = changePasswordProblems(input, organizationSettings(organization).security.passwordPolicy);
  if (problems.length > 0) throw validationError(problems);

  // No account's password is longer: the provider is not asked (Cognito would refuse the request itself).
  if ((input.currentPassword as string).length > MAX_PASSWORD_LENGTH) throw badRequest(AUTH_MESSAGES.currentPasswordIncorrect);
  const subject = user.subject ?? caller.token.sub;
  let correct: boolean;
  try {
    correct = await ports.identity.checkPassword(subject, input.currentPassword as string);
  } catch (error) {
    if (error instanceof LoginLockedError) throw rateLimited(error.retryAfterSeconds, AUTH_MESSAGES.tooManyLoginAttempts);
    throw error;
  }
  if (!correct) throw badRequest(AUTH_MESSAGES.currentPasswordIncorrect);
  await ports.identity.setPassword(subject, input.newPassword as string);
  if (user.force_password_change) await new UserRepository(ports.database).update(user, { force_password_change: false });
  await ports.identity.revokeAllSessions(subject);
  return { message: AUTH_MESSAGES.passwordChanged };
}

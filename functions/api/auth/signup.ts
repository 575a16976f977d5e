import type { ValidationDetail } from '../../../shared/api/errors';
import { FIELD_MESSAGES, isValidEmail, normalizeEmail } from '../../../shared/rules/fields';
import { DEFAULT_PASSWORD_POLICY, passwordProblems, type PasswordPolicy } from '../../../shared/rules/password-policy';
import { organizationSettings } from '../../domain/organizations/organization-settings';
import { routeSignup } from '../../domain/signup/signup-organizations';
import { createUserWithAccount } from '../../domain/users/user-lifecycle';
import { loadUserEntity } from '../../domain/users/user-profile';
import { EmailTakenError, UserRepository } from '../../domain/users/user-repository';
import { conflict, forbidden, upstreamError, validationError } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';
import { IdentityUnavailableError } from '../../contracts/ports/identity';
import { AUTH_MESSAGES } from './auth-messages';

export interface SignupInput {
  fullName?: unknown;
  email?: unknown;
  password?: unknown;
  termsAccepted?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The email when it is a valid address, lowercased; undefined otherwise. */
export function signupEmail(input: SignupInput): string | undefined {
  const email = text(input.email).trim();
  return email && isValidEmail(email) ? normalizeEmail(email) : undefined;
}

/** Every problem of a sign-up, in the contract's field order (§4.2), under the given policy. */
export function signupProblems(input: SignupInput, policy: PasswordPolicy): ValidationDetail[] {
  const problems: ValidationDetail[] = [];
  const fullName = text(input.fullName).trim();
  if (!fullName) problems.push({ field: 'fullName', message: FIELD_MESSAGES.fullNameRequired });
  else if (fullName.length > 255) problems.push({ field: 'fullName', message: FIELD_MESSAGES.fullNameTooLong });
  const email = text(input.email).trim();
  if (!email) problems.push({ field: 'email', message: FIELD_MESSAGES.emailRequired });
  else if (!isValidEmail(email)) problems.push({ field: 'email', message: FIELD_MESSAGES.emailInvalid });
  const password = text(input.password);
  if (!password) problems.push({ field: 'password', message: AUTH_MESSAGES.passwordRequired });
  else for (const message of passwordProblems(password, policy, 'Password')) problems.push({ field: 'password', message });
  if (input.termsAccepted !== true) problems.push({ field: 'termsAccepted', message: AUTH_MESSAGES.termsRequired });
  return problems;
}

/**
 * Self sign-up (contract §4.2). The target organization is found first because its password
 * policy is the one the password must meet; an email that routes nowhere is checked against the
 * default policy, so its field problems still come before the refusal.
 */
export async function signup(ports: Ports, input: SignupInput) {
  const email = signupEmail(input);
  const routing = email ? await routeSignup(ports.database, email) : undefined;
  const target = routing?.target.kind === 'organization' ? routing.target.organization : undefined;
  const policy = target ? organizationSettings(target).security.passwordPolicy : DEFAULT_PASSWORD_POLICY;

  const problems = signupProblems(input, policy);
  if (problems.length > 0 || !email || !routing) throw validationError(problems);
  if (routing.target.kind === 'refused') {
    throw forbidden(routing.target.reason === 'disabled' ? AUTH_MESSAGES.signupDisabled : AUTH_MESSAGES.signupUnavailable);
  }
  const organization = routing.target.organization;
  if (await new UserRepository(ports.database).findByEmail(email)) throw conflict(AUTH_MESSAGES.accountExists);

  let user;
  try {
    user = await createUserWithAccount(ports, {
      organization,
      email,
      fullName: text(input.fullName),
      role: organizationSettings(organization).auth.defaultRole,
      password: text(input.password),
    });
  } catch (error) {
    if (error instanceof EmailTakenError) throw conflict(AUTH_MESSAGES.accountExists);
    if (error instanceof IdentityUnavailableError) throw upstreamError(AUTH_MESSAGES.signupFailed);
    throw error;
  }
  return { user: await loadUserEntity(ports.database, user, organization), message: AUTH_MESSAGES.accountCreated };
}

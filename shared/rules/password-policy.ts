/** An organization's password policy (contract §2 SecuritySettings.passwordPolicy). */
export interface PasswordPolicy {
  minLength: number;
  requireUppercase: boolean;
  requireLowercase: boolean;
  requireNumber: boolean;
  requireSymbol: boolean;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 8,
  requireUppercase: false,
  requireLowercase: false,
  requireNumber: false,
  requireSymbol: false,
};

/**
 * Which password a message speaks of: "Password must …", "New password must …",
 * "Temporary password must …" (contract §4.2, §4.11, §4.13, §7.7).
 */
export type PasswordSubject = 'Password' | 'New password' | 'Temporary password';

/**
 * The longest password any identity provider here takes: Cognito refuses more than 256
 * characters, so a longer one would pass our policy and fail there as a 5xx.
 */
export const MAX_PASSWORD_LENGTH = 256;

/** Every rule the password breaks, in the policy's order, with the contract's wording. */
export function passwordProblems(password: string, policy: PasswordPolicy, subject: PasswordSubject = 'Password'): string[] {
  const problems: string[] = [];
  if (password.length < policy.minLength) problems.push(`${subject} must be at least ${policy.minLength} characters long`);
  if (password.length > MAX_PASSWORD_LENGTH) problems.push(`${subject} must be at most ${MAX_PASSWORD_LENGTH} characters long`);
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) problems.push(`${subject} must contain an uppercase letter`);
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) problems.push(`${subject} must contain a lowercase letter`);
  if (policy.requireNumber && !/\p{Nd}/u.test(password)) problems.push(`${subject} must contain a number`);
  if (policy.requireSymbol && !/[^\p{L}\p{Nd}\s]/u.test(password)) problems.push(`${subject} must contain a symbol`);
  return problems;
}

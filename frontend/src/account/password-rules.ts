import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '../api/entities';

/** Contract §4.11 wording for the policy's character rules. */
const RULES: Array<{ key: keyof Omit<PasswordPolicy, 'minLength'>; test: RegExp; text: string }> = [
  { key: 'requireUppercase', test: /[A-Z]/, text: 'an uppercase letter' },
  { key: 'requireLowercase', test: /[a-z]/, text: 'a lowercase letter' },
  { key: 'requireNumber', test: /[0-9]/, text: 'a number' },
  { key: 'requireSymbol', test: /[^A-Za-z0-9]/, text: 'a symbol' },
];

/**
 * The first rule a password breaks, in the contract's words ("Password must be at least {n}
 * characters long", "Password must contain an uppercase letter"); `subject` is "Password" or "New password".
 */
export function passwordPolicyError(password: string, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY, subject = 'Password'): string | undefined {
  if (password.length < policy.minLength) return `${subject} must be at least ${policy.minLength} characters long`;
  const broken = RULES.find((rule) => policy[rule.key] && !rule.test.test(password));
  return broken ? `${subject} must contain ${broken.text}` : undefined;
}

/** "At least 8 characters, an uppercase letter and a number." */
export function describePolicy(policy: PasswordPolicy): string {
  const parts = [`at least ${policy.minLength} characters`, ...RULES.filter((rule) => policy[rule.key]).map((rule) => rule.text)];
  const text = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0] ?? '';
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

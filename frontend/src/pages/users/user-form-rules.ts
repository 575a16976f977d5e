/**
 * The user form's rules (spec 03 §5, contract §1.10 and §7.4), kept apart from the dialog so the
 * invite and edit paths, and the system invite of the organizations page, share one wording.
 */

/** Contract §1.10: a valid address of at most 254 characters. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX = 254;

export function emailError(email: string): string | undefined {
  const value = email.trim();
  if (!value) return 'Email is required';
  if (value.length > EMAIL_MAX || !EMAIL_PATTERN.test(value)) return 'Please enter a valid email address';
  return undefined;
}

export function fullNameError(fullName: string): string | undefined {
  const value = fullName.trim();
  if (!value) return 'Full name is required';
  if (value.length > 255) return 'Full name must be at most 255 characters';
  return undefined;
}

export const emailDomainOf = (email: string): string => email.trim().toLowerCase().split('@')[1] ?? '';

export const UNKNOWN_DOMAIN = 'Unable to determine organization domain. Please contact support.';

/**
 * Spec 03 §5: in a non-consumer organization the email must be on the organization's domain. A
 * consumer organization accepts any valid address.
 */
export function domainRuleError(email: string, rule: { isConsumer: boolean; domain: string | undefined }): string | undefined {
  if (rule.isConsumer) return undefined;
  const domain = rule.domain?.trim().toLowerCase();
  if (!domain) return UNKNOWN_DOMAIN;
  return emailDomainOf(email) === domain ? undefined : `Email must be from the ${domain} domain`;
}

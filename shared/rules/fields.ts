import { z } from 'zod';

/** Contract §1.10 texts shared by every family. */
export const FIELD_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 255 characters',
  descriptionTooLong: 'Description must be at most 1000 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  fullNameRequired: 'Full name is required',
  fullNameTooLong: 'Full name must be at most 255 characters',
} as const;

const emailFormat = z.email();

/** A valid address of at most 254 characters (§1.10). */
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && emailFormat.safeParse(value).success;
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The domain part of an email, lowercased. */
export function emailDomain(email: string): string {
  const normalized = normalizeEmail(email);
  return normalized.slice(normalized.lastIndexOf('@') + 1);
}

/** Lowercase host names such as `acme.com` (§6.2). */
export function isValidDomain(value: string): boolean {
  return value.length <= 253 && /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/.test(value);
}

/**
 * Zod pieces with the contract's wording. `required` covers both a missing value and one that is
 * empty after trimming, which the contract words the same way.
 */
export function requiredText(required: string, tooLong: string, max = 255) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}

export function emailField(messages: { required?: string; invalid?: string } = {}) {
  const required = messages.required ?? FIELD_MESSAGES.emailRequired;
  const invalid = messages.invalid ?? FIELD_MESSAGES.emailInvalid;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(isValidEmail, invalid)
    .transform(normalizeEmail);
}

export const nameField = () => requiredText(FIELD_MESSAGES.nameRequired, FIELD_MESSAGES.nameTooLong);
export const fullNameField = () => requiredText(FIELD_MESSAGES.fullNameRequired, FIELD_MESSAGES.fullNameTooLong);
export const descriptionField = () => z.string().max(1000, FIELD_MESSAGES.descriptionTooLong);

/** "{field} must be one of a, b, c" (§1.10). */
export function enumField<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

import { z } from 'zod';
import { fullNameField } from '../../rules/fields';
import { userSchema } from './user';

export const PROFILE_MESSAGES = {
  emailCannotChange: 'Email cannot be changed',
  updated: 'Profile updated successfully',
  lastAdmin: 'You are the last admin of your organization. Assign another admin before deleting your account.',
  lastSystemAdmin: 'The last system administrator cannot be deleted',
} as const;

/** §5.1 */
export const profileResponseSchema = z.object({ user: userSchema });

/**
 * §5.2. The email is read-only: when sent it must be the current one (case-insensitive). Without
 * `currentEmail` (the OpenAPI document) any email passes.
 */
export function updateProfileRequestSchema(currentEmail?: string) {
  return z.object({
    fullName: fullNameField(),
    email: z
      .string({ error: PROFILE_MESSAGES.emailCannotChange })
      .nullish()
      .refine((email) => email === null || email === undefined || currentEmail === undefined || email.trim().toLowerCase() === currentEmail.toLowerCase(), PROFILE_MESSAGES.emailCannotChange),
  });
}

export const updateProfileResponseSchema = z.object({ user: userSchema, message: z.literal('Profile updated successfully') });

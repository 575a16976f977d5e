import { z } from 'zod';
import { userSchema } from './user';

/** §4.1: both fields required; the one message covers either missing. */
export const loginRequestSchema = z.object({
  email: z.string({ error: 'Email and password are required' }).trim().min(1, 'Email and password are required'),
  password: z.string({ error: 'Email and password are required' }).min(1, 'Email and password are required'),
});

export const loginResponseSchema = z.object({
  token: z.string(),
  idToken: z.string(),
  refreshToken: z.string().nullable(),
  expiresIn: z.number().int(),
  user: userSchema,
});

/** §4.5 */
export const verifyTokenRequestSchema = z.object({
  email: z.string({ error: 'Token and email are required' }).trim().min(1, 'Token and email are required'),
});

export const verifyTokenResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.null(),
  expiresIn: z.number().int(),
  user: userSchema,
});

/** §4.9 */
export const validateSessionResponseSchema = z.object({ valid: z.literal(true), user: userSchema, expiresAt: z.string() });

/** §4.10 */
export const passwordStatusResponseSchema = z.object({ force_password_change: z.boolean() });

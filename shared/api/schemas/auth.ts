import { z } from 'zod';
import { emailField, FIELD_MESSAGES } from '../../rules/fields';
import { lenientBody } from './common';
import { userSchema } from './user';

/** A string field the server judges itself: a value of another type reads as an empty one. */
const stringOrEmpty = () => z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string());
/** What a confirmation of another type reads as: a text no password can equal, so it never matches. */
const NOT_A_STRING = '\u0000';

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

/**
 * §4.2. The shape only: the password policy is the target organization's, which depends on the
 * email, so the server judges the fields together (functions/api/auth/signup.ts) and a field of
 * the wrong type reads as an empty one here rather than failing on its own.
 */
export const signupRequestSchema = lenientBody(
  z.object({
    fullName: stringOrEmpty(),
    email: stringOrEmpty(),
    password: stringOrEmpty(),
    /** Must be `true`; anything else reads as not accepted. */
    termsAccepted: z.preprocess((value) => value === true, z.boolean()),
  }),
);

export const signupResponseSchema = z.object({ user: userSchema, message: z.literal('Account created successfully!') });

/** §4.3: a missing email reads as an invalid one, the endpoint's only message. */
export const checkLoginOptionsRequestSchema = z.object({
  email: emailField({ required: FIELD_MESSAGES.emailInvalid }),
});

const loginMethodsSchema = z.object({ password: z.boolean(), google: z.boolean() });

export const checkLoginOptionsResponseSchema = z.object({
  email: z.string(),
  organizationFound: z.boolean(),
  organizationName: z.string().optional(),
  loginMethods: loginMethodsSchema,
  signupAllowed: z.boolean(),
});

/** §4.4: exactly one of the three, checked by the server (one message for none and for several). */
const selectorField = () => z.string({ error: 'One of organizationId, domain or email is required' }).optional();

export const checkOrgSettingsRequestSchema = z.object({
  organizationId: selectorField(),
  domain: selectorField(),
  email: selectorField(),
});

export const passwordPolicySchema = z.object({
  minLength: z.number().int(),
  requireUppercase: z.boolean(),
  requireLowercase: z.boolean(),
  requireNumber: z.boolean(),
  requireSymbol: z.boolean(),
});

export const checkOrgSettingsResponseSchema = z.object({
  organizationFound: z.boolean(),
  organizationId: z.string().optional(),
  organizationName: z.string().optional(),
  isConsumer: z.boolean(),
  allowSelfSignup: z.boolean(),
  loginMethods: loginMethodsSchema,
  passwordPolicy: passwordPolicySchema,
});

/** §4.5: the token travels in `Authorization`. */
export const verifyTokenRequestSchema = z.object({
  email: z.string({ error: 'Token and email are required' }).trim().min(1, 'Token and email are required'),
});

export const verifyTokenResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.null(),
  expiresIn: z.number().int(),
  user: userSchema,
});

/** §4.6: `auth0Token` is the documents' name for `token`; `token` wins when both are sent (§1.6). */
export const oidcVerifyRequestSchema = z.object({
  token: z.string({ error: 'Token and email are required' }).optional(),
  auth0Token: z.string({ error: 'Token and email are required' }).optional(),
  email: z.string({ error: 'Token and email are required' }).trim().min(1, 'Token and email are required'),
  nonce: z.string({ error: 'nonce must be a string' }).optional(),
});

/** §4.7 */
export const refreshTokenRequestSchema = z.object({
  refreshToken: z.string({ error: 'Refresh token is required' }).trim().min(1, 'Refresh token is required'),
});

export const refreshTokenResponseSchema = z.object({
  token: z.string(),
  idToken: z.string(),
  refreshToken: z.string().nullable(),
  expiresIn: z.number().int(),
});

/** §4.8: without a refresh token, every session of the user ends. */
export const logoutRequestSchema = z.object({ refreshToken: z.string({ error: 'refreshToken must be a string' }).optional() });

/** §4.9 */
export const validateSessionResponseSchema = z.object({ valid: z.literal(true), user: userSchema, expiresAt: z.string() });

/** §4.10 */
export const passwordStatusResponseSchema = z.object({ force_password_change: z.boolean() });

/**
 * §4.11. The shape only: the policy is the organization's (functions/api/auth/change-password.ts),
 * which judges the fields together; a password of the wrong type reads as an empty one, and a
 * confirmation of the wrong type is kept, to be reported as not matching.
 */
export const changePasswordRequestSchema = lenientBody(
  z.object({
    currentPassword: stringOrEmpty(),
    newPassword: stringOrEmpty(),
    confirmPassword: z.preprocess((value) => (value === undefined || value === null || typeof value === 'string' ? value : NOT_A_STRING), z.string().nullish()),
  }),
);

export const messageResponseSchema = z.object({ message: z.string() });

/** §4.12: `connection` is a legacy field, accepted and ignored. */
export const resetPasswordRequestSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required'),
  connection: z.unknown().optional(),
});

export const resetPasswordResponseSchema = z.object({ resetUrl: z.string() });

/** §4.13. The temporary password is checked against the target's organization policy by the server. */
export const adminResetPasswordRequestSchema = z.object({
  userId: z.string({ error: 'User ID is required' }).trim().min(1, 'User ID is required'),
  temporaryPassword: z.string({ error: 'temporaryPassword must be a string' }).optional(),
});

export const adminResetPasswordResponseSchema = z.object({
  temporaryPasswordSet: z.literal(true),
  token: z.string().nullable(),
  message: z.literal('Password reset successfully'),
});

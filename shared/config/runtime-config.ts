// zod's mini build: the web client validates this before anything renders, so it is part of every
// first load, where the classic API's chainable methods would add some 20 kB (gzipped) to check six fields.
import { z } from 'zod/mini';

/**
 * What the web client reads at start from `/runtime-config.json`: served by the local server, and
 * written next to the built frontend by the CDK deployment. Nothing environment-specific is baked
 * into the frontend build.
 */
export const runtimeConfigSchema = z.object({
  /** Base of every API call; '' means the same origin. */
  apiBaseUrl: z.string(),
  environment: z.enum(['cloud', 'local']),
  oidc: z.object({
    authority: z.url(),
    clientId: z.string().check(z.minLength(1)),
    scope: z.string(),
    resetPasswordUrl: z.url(),
    logoutUrl: z.optional(z.url()),
  }),
  modes: z.object({
    models: z.enum(['bedrock', 'offline']),
    payments: z.enum(['stripe', 'self_hosted']),
  }),
  /**
   * Whether the identity provider's hosted sign-in offers Google (a Google client id is configured).
   * Absent means no: an organization's Google switch would otherwise promise a button nobody sees.
   */
  googleSignIn: z.optional(z.boolean()),
  /**
   * The Google OAuth client id the Drive page asks a `drive.readonly` token with (Google Identity
   * Services, docs/drive.md). Absent: the Drive page says what to configure instead of connecting.
   */
  googleDriveClientId: z.optional(z.string()),
});

/** Google Identity Services, the script the Drive page loads for its token (and the CSP allows). */
export const GOOGLE_IDENTITY_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** The web client's OIDC paths, registered with the provider as redirect URIs. */
export const OIDC_CALLBACK_PATH = '/auth/callback';
export const OIDC_POST_LOGOUT_PATH = '/login';
export const WEB_CLIENT_ID_LOCAL = 'groundwork-web';

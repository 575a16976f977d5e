import { OIDC_POST_LOGOUT_PATH, type RuntimeConfig } from '../../shared/config/runtime-config';
import { WEB_SCOPES } from '../identity/identity';

export interface RuntimeConfigInput {
  /** Cognito issuer, `https://cognito-idp.<region>.amazonaws.com/<poolId>`. */
  readonly issuerUrl: string;
  readonly clientId: string;
  /** Hosted UI base URL of the user pool domain. */
  readonly hostedUiUrl: string;
  readonly webOrigin: string;
  readonly payments: RuntimeConfig['modes']['payments'];
  /** The Google OAuth client id federated into the user pool, when one is. */
  readonly googleClientId?: string;
  /** The Google OAuth client id of the Drive page (docs/drive.md), when one is configured. */
  readonly googleDriveClientId?: string;
}

/**
 * The `/runtime-config.json` the web client reads at start (shared/config/runtime-config.ts).
 * Values may be deploy-time tokens, so URLs are not percent-encoded: a URL is a valid query value
 * as it is (RFC 3986 §3.4), and Cognito's hosted UI accepts it so.
 */
export function buildRuntimeConfig(input: RuntimeConfigInput): RuntimeConfig {
  const returnUrl = `${input.webOrigin}${OIDC_POST_LOGOUT_PATH}`;
  return {
    // The API is served by the same CloudFront distribution under /api.
    apiBaseUrl: '',
    environment: 'cloud',
    oidc: {
      authority: input.issuerUrl,
      clientId: input.clientId,
      scope: WEB_SCOPES.join(' '),
      // Returns to /login, as the API's reset link does (contract §4.12).
      resetPasswordUrl: `${input.hostedUiUrl}/forgotPassword?client_id=${input.clientId}&response_type=code&redirect_uri=${returnUrl}`,
      // Cognito publishes no end_session endpoint in its discovery document.
      logoutUrl: `${input.hostedUiUrl}/logout?client_id=${input.clientId}&logout_uri=${returnUrl}`,
    },
    modes: { models: 'bedrock', payments: input.payments },
    googleSignIn: Boolean(input.googleClientId),
    ...(input.googleDriveClientId ? { googleDriveClientId: input.googleDriveClientId } : {}),
  };
}

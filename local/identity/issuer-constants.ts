import { WEB_CLIENT_ID_LOCAL } from '../../shared/config/runtime-config';

/** Free of oidc-provider imports: the identity adapter and the tests share these without the issuer. */

/** The browser's public client (authorization code + PKCE). */
export const WEB_CLIENT_ID = WEB_CLIENT_ID_LOCAL;
/**
 * The API's own confidential client: the only one allowed the password grant, so a browser cannot
 * bypass the API's login rules (organization auth settings, rate limits) by calling /token itself.
 */
export const API_CLIENT_ID = 'groundwork-api';
export const PASSWORD_GRANT_TYPE = 'urn:groundwork:password';
export const CLIENT_SCOPE = 'openid profile email';
/** The login method the embedded issuer offers; Cognito also has 'google'. */
export const PASSWORD_IDENTITY_PROVIDER = 'password';

export const ACCESS_TOKEN_TTL_S = 3600;
export const ID_TOKEN_TTL_S = 3600;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;
export const SESSION_TTL_S = 30 * 24 * 3600;
/** A grant outlives nothing it carries: as long as the longest refresh token. */
export const GRANT_TTL_S = REFRESH_TOKEN_TTL_S;
export const INTERACTION_TTL_S = 3600;
export const AUTHORIZATION_CODE_TTL_S = 60;

/** The issuer lives under this path of the shared local server. */
export const ISSUER_MOUNT_PATH = '/oidc';

/** The API as an OAuth resource: resource indicator and audience of every access token. */
export function apiResourceFor(publicOrigin: string): string {
  return `${publicOrigin}/api`;
}

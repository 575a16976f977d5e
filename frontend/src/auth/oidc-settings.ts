import { WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import { OIDC_CALLBACK_PATH, OIDC_POST_LOGOUT_PATH, type RuntimeConfig } from '../../../shared/config/runtime-config';

/** Spec 01 §9: renew the access token 300 s before it expires. */
export const TOKEN_REFRESH_MARGIN_SECONDS = 300;
/** Spec 01 §9: HTTP time-out of the identity client. */
export const OIDC_REQUEST_TIMEOUT_SECONDS = 10;

export function postLogoutRedirectUri(origin: string): string {
  return `${origin}${OIDC_POST_LOGOUT_PATH}`;
}

/**
 * The OIDC client settings: authorization code with PKCE against the configured issuer (the Cognito
 * user pool in the cloud, the embedded issuer locally).
 */
export function buildUserManagerSettings(config: RuntimeConfig, origin: string, storage: Storage = window.localStorage): UserManagerSettings {
  return {
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    scope: config.oidc.scope || 'openid profile email',
    redirect_uri: `${origin}${OIDC_CALLBACK_PATH}`,
    post_logout_redirect_uri: postLogoutRedirectUri(origin),
    response_type: 'code',
    // Spec 01 §9: tokens are cached in local storage, so a new tab or a reload stays signed in.
    userStore: new WebStorageStateStore({ store: storage }),
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: TOKEN_REFRESH_MARGIN_SECONDS,
    requestTimeoutInSeconds: OIDC_REQUEST_TIMEOUT_SECONDS,
    // Both issuers put the email in the ID token. The embedded issuer's access tokens are audience-bound
    // to the API, which its userinfo endpoint refuses, so asking userinfo would break sign-in there.
    loadUserInfo: false,
    // Cognito publishes no end_session_endpoint in its discovery document; the deployment gives its
    // hosted logout address (client_id and logout_uri included) in the runtime configuration.
    ...(config.oidc.logoutUrl ? { metadataSeed: { end_session_endpoint: config.oidc.logoutUrl } } : {}),
  };
}

import { randomUUID } from 'node:crypto';
import {
  errors,
  type Account as OidcAccount,
  type Configuration,
  type FindAccount,
  type KoaContextWithOIDC,
  type ResourceServer,
} from 'oidc-provider';
import { OIDC_CALLBACK_PATH, OIDC_POST_LOGOUT_PATH } from '../../shared/config/runtime-config';
import type { AccountStore } from './account-store';
import {
  ACCESS_TOKEN_TTL_S,
  API_CLIENT_ID,
  AUTHORIZATION_CODE_TTL_S,
  CLIENT_SCOPE,
  GRANT_TTL_S,
  ID_TOKEN_TTL_S,
  INTERACTION_TTL_S,
  ISSUER_MOUNT_PATH,
  PASSWORD_GRANT_TYPE,
  PASSWORD_IDENTITY_PROVIDER,
  REFRESH_TOKEN_TTL_S,
  SESSION_TTL_S,
  WEB_CLIENT_ID,
} from './issuer-constants';
import type { IssuerState } from './issuer-state';
import { errorPage, logoutPage, signedOutPage } from './pages';

export interface IssuerConfigurationInput {
  webOrigin: string;
  apiResource: string;
  accounts: AccountStore;
  state: IssuerState;
  adapter: NonNullable<Configuration['adapter']>;
}

const epochNow = () => Math.floor(Date.now() / 1000);

/** The API as a resource server: RS256 JWT access tokens whose audience is the resource indicator. */
export function apiResourceServer(apiResource: string): ResourceServer {
  return {
    scope: CLIENT_SCOPE,
    audience: apiResource,
    accessTokenTTL: ACCESS_TOKEN_TTL_S,
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: 'RS256' } },
  };
}

export function createFindAccount(accounts: AccountStore): FindAccount {
  return async (_ctx, sub): Promise<OidcAccount | undefined> => {
    const account = await accounts.findBySub(sub);
    if (!account || account.disabled) return undefined;
    return {
      accountId: sub,
      claims: (use) => ({
        sub,
        email: account.email,
        // Accounts exist only as created by an administrator or the signup flow; nothing verifies
        // mail locally, and the API links users by verified email (as Cognito's admin create does).
        email_verified: true,
        name: account.name,
        identity_provider: PASSWORD_IDENTITY_PROVIDER,
        // The provider gives its JWT access tokens a jti but not its ID tokens; without one an ID
        // token could not be denylisted at logout (contract §1.2, §4.8). Cognito's carry one too.
        ...(use === 'id_token' ? { token_use: 'id', jti: randomUUID() } : {}),
      }),
    };
  };
}

export function buildIssuerConfiguration(input: IssuerConfigurationInput): Configuration {
  const { webOrigin, apiResource, accounts, state } = input;
  const loginUrl = `${webOrigin}${OIDC_POST_LOGOUT_PATH}`;
  const resourceServer = apiResourceServer(apiResource);

  return {
    adapter: input.adapter,
    jwks: state.jwks as Configuration['jwks'],
    cookies: {
      keys: state.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    clients: [
      {
        client_id: WEB_CLIENT_ID,
        client_name: 'Groundwork',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${webOrigin}${OIDC_CALLBACK_PATH}`],
        post_logout_redirect_uris: [loginUrl],
        scope: CLIENT_SCOPE,
      },
      {
        client_id: API_CLIENT_ID,
        client_secret: state.apiClientSecret,
        client_name: 'Groundwork API',
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: [PASSWORD_GRANT_TYPE, 'refresh_token'],
        response_types: [],
        redirect_uris: [],
        scope: CLIENT_SCOPE,
      },
    ],
    clientDefaults: { id_token_signed_response_alg: 'RS256' },
    claims: {
      acr: null,
      sid: null,
      auth_time: null,
      iss: null,
      openid: ['sub', 'auth_time', 'token_use', 'identity_provider', 'jti'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    // The access token carries an audience, so the ID token may carry the profile claims the API reads.
    conformIdTokenClaims: false,
    findAccount: createFindAccount(accounts),
    interactions: {
      url: (_ctx, interaction) => `${ISSUER_MOUNT_PATH}/interaction/${interaction.uid}`,
    },
    // First-party client: consent is implied, so the grant covers everything the client may ask for.
    async loadExistingGrant(ctx) {
      const { client, session, provider } = ctx.oidc;
      const accountId = session?.accountId;
      if (!client || !accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await provider.Grant.find(grantId) : undefined;
      const grant =
        existing && existing.accountId === accountId
          ? existing
          : new provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope(CLIENT_SCOPE);
      grant.addResourceScope(apiResource, CLIENT_SCOPE);
      // Each sign-in may mint refresh tokens for 30 days: the grant they hang on must last as long.
      grant.exp = epochNow() + GRANT_TTL_S;
      await grant.save();
      return grant;
    },
    // Refresh tokens without offline_access (which the provider drops unless prompt=consent).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    extraTokenClaims: async (ctx, token) => {
      if (token.kind !== 'AccessToken') return undefined;
      const { entities } = ctx.oidc;
      const authTime = entities.RefreshToken?.authTime ?? entities.AuthorizationCode?.authTime;
      return { token_use: 'access', ...(typeof authTime === 'number' ? { auth_time: authTime } : {}) };
    },
    clientBasedCORS: (_ctx, origin, client) => client.clientId === WEB_CLIENT_ID && origin === webOrigin,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        // Each client revokes only its own tokens (the API revokes its password-grant tokens as
        // groundwork-api, and browser tokens as groundwork-web).
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      introspection: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage(loginUrl);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx, _client, oneOf) => oneOf ?? apiResource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resourceIndicator) => {
          if (resourceIndicator !== apiResource) throw new errors.InvalidTarget();
          return resourceServer;
        },
      },
    },
    renderError: async (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(
        'Sign-in problem',
        'The sign-in request could not be completed. Start again from the sign-in page.',
        loginUrl,
        Object.fromEntries(Object.entries(out).map(([key, value]) => [key, String(value)])),
      );
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_S,
      IdToken: ID_TOKEN_TTL_S,
      AuthorizationCode: AUTHORIZATION_CODE_TTL_S,
      Interaction: INTERACTION_TTL_S,
      Session: SESSION_TTL_S,
      Grant: GRANT_TTL_S,
      RefreshToken: (ctx, token, client) => {
        // As the provider's default: a rotated public-client token inherits the rest of the chain's
        // lifetime, so rotation never extends a sign-in beyond 30 days.
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        if (rotated && client.clientAuthMethod === 'none' && !token.isSenderConstrained()) {
          return rotated.remainingTTL;
        }
        return REFRESH_TOKEN_TTL_S;
      },
    },
  };
}

import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  DescribeUserPoolCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
  type AttributeType,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { FetchError, JwtBaseError } from 'aws-jwt-verify/error';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { OIDC_POST_LOGOUT_PATH } from '../../../shared/config/runtime-config';
import {
  AccountEmailTakenError,
  IdentityUnavailableError,
  InvalidCredentialsError,
  InvalidTokenError,
  type IdentityPort,
  type NewAccount,
  type OidcClientSettings,
  type ProviderTokens,
  type VerifiedToken,
} from '../../contracts/ports/identity';
import { tokenClaimProblem } from '../../domain/sessions/token-claims';
import { emulatorJwksCache } from './emulator-jwks';

/** The Cognito user pool as the identity port (the cloud's identity provider). */
export interface CognitoIdentityOptions {
  userPoolId: string;
  /**
   * The web app client: public (no secret). Its only password flow is ADMIN_USER_PASSWORD_AUTH,
   * which needs this function's IAM role, so nobody can try passwords past the API's lockout.
   */
  clientId: string;
  /** Hosted UI base, `https://<prefix>.auth.<region>.amazoncognito.com`. */
  domainUrl: string;
  /** The web app's origin: where the hosted pages return. */
  webOrigin: string;
  /** Defaults to the region prefix of the pool id. */
  region?: string;
  /** Tests inject a client; otherwise one is created for the region. */
  client?: CognitoIdentityProviderClient;
  /** The pool's public keys, preloaded (tests); otherwise fetched from the pool on first use. */
  jwks?: Jwks;
  /** A Cognito emulator's endpoint: the JWKS is read there instead of from Cognito (emulator-jwks.ts). */
  emulatorEndpoint?: string;
}

const SCOPE = 'openid profile email';
/** The contract's leeway on `exp` (§1.2). */
const EXPIRY_LEEWAY_S = 60;
const CREDENTIAL_ERRORS = new Set(['NotAuthorizedException', 'UserNotFoundException']);

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

function unavailable(action: string, error: unknown): IdentityUnavailableError {
  return new IdentityUnavailableError(`Cognito ${action} failed: ${errorName(error) || String(error)}`);
}

/** Google sign-ins carry an `identities` claim (ID token) and a `Google_…` username (access token). */
function identityProviderOf(payload: JwtPayload): 'password' | 'google' {
  let identities: unknown = payload.identities;
  if (typeof identities === 'string') {
    try {
      identities = JSON.parse(identities);
    } catch {
      identities = undefined;
    }
  }
  if (Array.isArray(identities)) {
    const google = identities.some(
      (identity) => typeof identity === 'object' && identity !== null && String((identity as { providerName?: unknown }).providerName).toLowerCase() === 'google',
    );
    if (google) return 'google';
  }
  const username = payload.username ?? payload['cognito:username'];
  return typeof username === 'string' && username.toLowerCase().startsWith('google_') ? 'google' : 'password';
}

function toVerified(payload: JwtPayload): VerifiedToken {
  const verified = payload.email_verified;
  return {
    sub: payload.sub as string,
    tokenUse: payload.token_use === 'id' ? 'id' : 'access',
    jti: payload.jti as string,
    exp: payload.exp as number,
    authTime: typeof payload.auth_time === 'number' ? payload.auth_time : undefined,
    email: typeof payload.email === 'string' ? payload.email : undefined,
    // Federated users get the attribute as the string "true".
    emailVerified: typeof verified === 'boolean' ? verified : typeof verified === 'string' ? verified === 'true' : undefined,
    identityProvider: identityProviderOf(payload),
    nonce: typeof payload.nonce === 'string' ? payload.nonce : undefined,
  };
}

function toProviderTokens(result: AuthenticationResultType | undefined, previousRefreshToken: string | null): ProviderTokens {
  if (!result?.AccessToken || !result.IdToken || typeof result.ExpiresIn !== 'number') {
    // A challenge (new password, MFA) instead of tokens: the product sets permanent passwords and
    // uses no MFA, so this is a misconfigured pool.
    throw new IdentityUnavailableError('Cognito answered with a challenge instead of tokens');
  }
  return {
    accessToken: result.AccessToken,
    idToken: result.IdToken,
    refreshToken: result.RefreshToken ?? previousRefreshToken,
    expiresIn: result.ExpiresIn,
  };
}

export function createCognitoIdentity(options: CognitoIdentityOptions): IdentityPort {
  const { userPoolId, clientId } = options;
  const region = options.region ?? userPoolId.split('_')[0];
  if (!region) throw new Error(`Cannot tell the region of user pool ${userPoolId}`);
  const client = options.client ?? new CognitoIdentityProviderClient({ region });
  const domainUrl = options.domainUrl.replace(/\/+$/, '');
  const webOrigin = options.webOrigin.replace(/\/+$/, '');

  const verifier = CognitoJwtVerifier.create(
    { userPoolId, clientId, tokenUse: null, graceSeconds: EXPIRY_LEEWAY_S },
    options.emulatorEndpoint ? { jwksCache: emulatorJwksCache(options.emulatorEndpoint) } : undefined,
  );
  if (options.jwks) verifier.cacheJwks(options.jwks);

  /** Refresh needs no credentials beyond the refresh token, so the public flow serves it. */
  async function refreshAuth(refreshToken: string) {
    const response = await client.send(
      new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }),
    );
    return response.AuthenticationResult;
  }

  /**
   * The password check behind §4.1 and §4.11: the admin flow, authorised by IAM, because the public
   * client has no password flow (a browser could otherwise try passwords past the API's lockout).
   */
  async function adminPasswordAuth(email: string, password: string) {
    const response = await client.send(
      new AdminInitiateAuthCommand({
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        UserPoolId: userPoolId,
        ClientId: clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return response.AuthenticationResult;
  }

  async function revokeRefreshToken(refreshToken: string): Promise<void> {
    try {
      await client.send(new RevokeTokenCommand({ Token: refreshToken, ClientId: clientId }));
    } catch (error) {
      // Unknown, expired or foreign tokens: there is nothing left to revoke.
      if (['UnsupportedTokenTypeException', 'NotAuthorizedException', 'InvalidParameterException'].includes(errorName(error))) return;
      throw unavailable('token revocation', error);
    }
  }

  async function emailOf(sub: string): Promise<string | undefined> {
    try {
      const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: sub }));
      return user.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value;
    } catch (error) {
      if (errorName(error) === 'UserNotFoundException') return undefined;
      throw unavailable('user lookup', error);
    }
  }

  const query = (params: Record<string, string>) => new URLSearchParams(params).toString().replaceAll('%20', '+');

  return {
    adapter: 'cognito',

    async verify(token: string): Promise<VerifiedToken> {
      let payload: JwtPayload;
      try {
        payload = await verifier.verify(token);
      } catch (error) {
        // The pool's JWKS could not be fetched: not the token's fault.
        if (error instanceof FetchError) throw new IdentityUnavailableError(error.message);
        // aws-jwt-verify formats an expiry or not-before date into its message: one beyond Date's
        // range throws RangeError, still the token's fault.
        if (error instanceof JwtBaseError || error instanceof RangeError) throw new InvalidTokenError(error.message);
        throw error;
      }
      const problem = tokenClaimProblem(payload);
      if (problem) throw new InvalidTokenError(problem);
      return toVerified(payload);
    },

    async passwordSignIn(email: string, password: string): Promise<ProviderTokens> {
      let result: AuthenticationResultType | undefined;
      try {
        result = await adminPasswordAuth(email, password);
      } catch (error) {
        if (CREDENTIAL_ERRORS.has(errorName(error))) throw new InvalidCredentialsError('Invalid email or password');
        throw unavailable('password sign-in', error);
      }
      return toProviderTokens(result, null);
    },

    async refresh(refreshToken: string): Promise<ProviderTokens> {
      let result: AuthenticationResultType | undefined;
      try {
        result = await refreshAuth(refreshToken);
      } catch (error) {
        if (CREDENTIAL_ERRORS.has(errorName(error))) throw new InvalidTokenError('Invalid, expired or revoked refresh token');
        throw unavailable('refresh', error);
      }
      // Without rotation Cognito returns no refresh token: the given one stays valid.
      return toProviderTokens(result, refreshToken);
    },

    revokeRefreshToken,

    async revokeAllSessions(sub: string): Promise<void> {
      try {
        // The pool signs in by email, so usernames are the subjects.
        await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: sub }));
      } catch (error) {
        if (errorName(error) === 'UserNotFoundException') return;
        throw unavailable('global sign-out', error);
      }
    },

    async createAccount(account: NewAccount): Promise<{ sub: string }> {
      const email = account.email.trim().toLowerCase();
      let sub: string | undefined;
      try {
        const created = await client.send(
          new AdminCreateUserCommand({
            UserPoolId: userPoolId,
            Username: email,
            UserAttributes: accountAttributes(email, account.fullName),
            // The product sends its own invitations; Cognito's temporary-password mail would confuse.
            MessageAction: 'SUPPRESS',
          }),
        );
        sub = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
      } catch (error) {
        // UsernameExistsException passes through unchanged: the caller answers 409.
        if (errorName(error) === 'UsernameExistsException') throw error;
        throw unavailable('account creation', error);
      }
      if (!sub) throw new IdentityUnavailableError('Cognito created the user without a sub');
      try {
        await client.send(
          new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: sub, Password: account.password, Permanent: true }),
        );
      } catch (error) {
        // No half-made account left behind: without a password it could never sign in.
        await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: sub })).catch(() => undefined);
        throw unavailable('setting the password', error);
      }
      return { sub };
    },

    async inviteAccount(account: Omit<NewAccount, 'password'>): Promise<{ sub: string }> {
      const email = account.email.trim().toLowerCase();
      let user: AttributeType[] | undefined;
      try {
        const created = await client.send(
          new AdminCreateUserCommand({
            UserPoolId: userPoolId,
            Username: email,
            UserAttributes: accountAttributes(email, account.fullName),
            // No MessageAction: Cognito mails the temporary password, which the hosted sign-in
            // then asks to replace. Nobody else ever knows the first administrator's password.
            DesiredDeliveryMediums: ['EMAIL'],
          }),
        );
        user = created.User?.Attributes;
      } catch (error) {
        if (errorName(error) !== 'UsernameExistsException') throw unavailable('account invitation', error);
        try {
          user = (await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }))).UserAttributes;
        } catch (lookupError) {
          throw unavailable('user lookup', lookupError);
        }
      }
      const sub = user?.find((attribute) => attribute.Name === 'sub')?.Value;
      if (!sub) throw new IdentityUnavailableError('Cognito returned the user without a sub');
      return { sub };
    },

    async updateEmail(sub: string, email: string): Promise<void> {
      try {
        // The API is the one that checked the address; Cognito would otherwise mail a code and wait.
        await client.send(
          new AdminUpdateUserAttributesCommand({
            UserPoolId: userPoolId,
            Username: sub,
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
            ],
          }),
        );
      } catch (error) {
        if (errorName(error) === 'AliasExistsException' || errorName(error) === 'UsernameExistsException') throw new AccountEmailTakenError(email);
        throw unavailable('email change', error);
      }
    },

    async setPassword(sub: string, password: string): Promise<void> {
      try {
        await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: sub, Password: password, Permanent: true }));
      } catch (error) {
        throw unavailable('setting the password', error);
      }
    },

    async checkPassword(sub: string, password: string): Promise<boolean> {
      const email = await emailOf(sub);
      if (!email) return false;
      let result: AuthenticationResultType | undefined;
      try {
        result = await adminPasswordAuth(email, password);
      } catch (error) {
        if (CREDENTIAL_ERRORS.has(errorName(error))) return false;
        throw unavailable('password check', error);
      }
      // The check signed in once more; that session is not wanted.
      if (result?.RefreshToken) await revokeRefreshToken(result.RefreshToken).catch(() => undefined);
      return true;
    },

    async deleteAccount(sub: string): Promise<void> {
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: sub }));
      } catch (error) {
        if (errorName(error) === 'UserNotFoundException') return;
        throw unavailable('account deletion', error);
      }
    },

    clientSettings(): OidcClientSettings {
      return {
        authority: `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`,
        clientId,
        scope: SCOPE,
        // Back to /login (contract §4.12), registered as a callback URL by the identity stack: the
        // SPA's OIDC client holds no state for this redirect, so it must not land on the callback.
        resetPasswordUrl: `${domainUrl}/forgotPassword?${query({
          client_id: clientId,
          response_type: 'code',
          scope: SCOPE,
          redirect_uri: `${webOrigin}${OIDC_POST_LOGOUT_PATH}`,
        })}`,
        // Cognito's discovery has no end_session_endpoint.
        logoutUrl: `${domainUrl}/logout?${query({ client_id: clientId, logout_uri: `${webOrigin}${OIDC_POST_LOGOUT_PATH}` })}`,
      };
    },

    async ping(): Promise<void> {
      try {
        await client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
      } catch (error) {
        throw unavailable('ping', error);
      }
    },
  };
}

/** A new account's attributes: the API has checked the address, so it is verified from the start. */
function accountAttributes(email: string, fullName: string): AttributeType[] {
  return [
    { Name: 'email', Value: email },
    { Name: 'email_verified', Value: 'true' },
    { Name: 'name', Value: fullName },
  ];
}

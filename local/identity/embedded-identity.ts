import { JwtRsaVerifier } from 'aws-jwt-verify';
import { JwtBaseError } from 'aws-jwt-verify/error';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import {
  AccountEmailTakenError,
  IdentityUnavailableError,
  InvalidCredentialsError,
  InvalidTokenError,
  LoginLockedError,
  type IdentityPort,
  type NewAccount,
  type OidcClientSettings,
  type ProviderTokens,
  type VerifiedToken,
} from '../../functions/contracts/ports/identity';
import { attemptPassword, lockedOutFor } from '../../functions/domain/rate-limits/password-attempts';
import type { DatabasePort } from '../../functions/contracts/ports/database';
import { tokenClaimProblem } from '../../functions/domain/sessions/token-claims';
import { DuplicateEmailError, type AccountStore } from './account-store';
import { API_CLIENT_ID, CLIENT_SCOPE, PASSWORD_GRANT_TYPE, WEB_CLIENT_ID } from './issuer-constants';
import type { PublicJwk } from './issuer-state';
import { LOGIN_LOCKED_ERROR } from './password-grant';

/**
 * The embedded issuer as an IdentityPort. Free of oidc-provider: it talks to the issuer over HTTP
 * like any client, and reaches into it only through the callbacks below.
 */
export interface EmbeddedIdentityOptions {
  /** `${publicOrigin}/oidc` */
  issuer: string;
  /** Audience of every access token (the API's resource indicator). */
  apiAudience: string;
  /** The issuer's public keys: aws-jwt-verify will not fetch an http: JWKS URI, so they are preloaded. */
  jwks: { keys: PublicJwk[] };
  apiClientSecret: string;
  accounts: AccountStore;
  /** Where the login lockout's counters live. */
  database: DatabasePort;
  /** The client a live refresh token was issued to, or undefined for an unknown or expired one. */
  refreshTokenClient(refreshToken: string): Promise<string | undefined>;
  /** Deletes the account's grants, their tokens and its issuer sessions. */
  revokeAccountArtifacts(sub: string): Promise<void>;
  /** The issuer's token, revocation and discovery calls (tests may inject one). */
  fetch?: typeof fetch;
}

/** The contract's leeway on `exp` (§1.2). */
const EXPIRY_LEEWAY_S = 60;
const REQUEST_TIMEOUT_MS = 10_000;
const CLIENT_IDS = [WEB_CLIENT_ID, API_CLIENT_ID];

class TokenClaimError extends Error {}

function audiences(payload: JwtPayload): string[] {
  const { aud } = payload;
  return Array.isArray(aud) ? aud : typeof aud === 'string' ? [aud] : [];
}

/** Access tokens name the API as audience and the client in client_id; ID tokens name the client. */
function checkClaims(payload: JwtPayload, apiAudience: string): void {
  const use = payload.token_use;
  if (typeof payload.sub !== 'string' || !payload.sub) throw new TokenClaimError('token has no subject');
  if (use === 'access') {
    if (!audiences(payload).includes(apiAudience)) throw new TokenClaimError('access token for another audience');
    if (!CLIENT_IDS.includes(String(payload.client_id))) throw new TokenClaimError('access token for another client');
  } else if (use === 'id') {
    if (!audiences(payload).some((aud) => CLIENT_IDS.includes(aud))) throw new TokenClaimError('ID token for another client');
  } else {
    throw new TokenClaimError('token_use is neither access nor id');
  }
  const problem = tokenClaimProblem(payload);
  if (problem) throw new TokenClaimError(problem);
}

function toVerified(payload: JwtPayload): VerifiedToken {
  const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const num = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return {
    sub: payload.sub as string,
    tokenUse: payload.token_use === 'id' ? 'id' : 'access',
    jti: payload.jti as string,
    exp: payload.exp as number,
    authTime: num(payload.auth_time),
    email: str(payload.email),
    emailVerified: typeof payload.email_verified === 'boolean' ? payload.email_verified : undefined,
    identityProvider: payload.identity_provider === 'google' ? 'google' : 'password',
    nonce: str(payload.nonce),
  };
}

interface TokenResponse {
  access_token?: string;
  id_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

export function createEmbeddedIdentity(options: EmbeddedIdentityOptions): IdentityPort {
  const { issuer, apiAudience, accounts } = options;
  const doFetch = options.fetch ?? fetch;
  const tokenEndpoint = `${issuer}/token`;
  const revocationEndpoint = `${issuer}/token/revocation`;

  // The keys are in-process: an unknown kid is answered from them too (KidNotFoundInJwksError)
  // instead of the library's https-only fetch of the JWKS URI.
  const jwksBytes = new TextEncoder().encode(JSON.stringify(options.jwks));
  const jwksCache = new SimpleJwksCache({
    fetcher: { fetch: async () => jwksBytes.buffer.slice(0) as ArrayBuffer },
  });
  const verifier = JwtRsaVerifier.create(
    {
      issuer,
      // Either kind of token passes the library's audience check; checkClaims then holds each
      // kind to its own audience.
      audience: [apiAudience, ...CLIENT_IDS],
      jwksUri: `${issuer}/jwks`,
      graceSeconds: EXPIRY_LEEWAY_S,
      customJwtCheck: ({ payload }) => checkClaims(payload, apiAudience),
    },
    { jwksCache },
  );
  verifier.cacheJwks(options.jwks);

  const apiClientAuth = `Basic ${Buffer.from(
    `${encodeURIComponent(API_CLIENT_ID)}:${encodeURIComponent(options.apiClientSecret)}`,
  ).toString('base64')}`;

  /** Client authentication as the client the token belongs to: the web client is public. */
  function clientAuth(clientId: string): { headers: Record<string, string>; params: Record<string, string> } {
    return clientId === API_CLIENT_ID
      ? { headers: { authorization: apiClientAuth }, params: {} }
      : { headers: {}, params: { client_id: clientId } };
  }

  async function post(url: string, clientId: string, params: Record<string, string>) {
    const auth = clientAuth(clientId);
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...auth.headers },
        body: new URLSearchParams({ ...params, ...auth.params }).toString(),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new IdentityUnavailableError(`The identity provider could not be reached: ${(error as Error).message}`);
    }
    const text = await response.text();
    let body: TokenResponse = {};
    try {
      body = text ? (JSON.parse(text) as TokenResponse) : {};
    } catch {
      // A non-JSON answer is handled by the status check of the caller.
    }
    return { status: response.status, body };
  }

  function toProviderTokens(body: TokenResponse, previousRefreshToken: string | null): ProviderTokens {
    if (!body.access_token || !body.id_token || typeof body.expires_in !== 'number') {
      throw new IdentityUnavailableError('The identity provider answered without tokens');
    }
    return {
      accessToken: body.access_token,
      idToken: body.id_token,
      refreshToken: body.refresh_token ?? previousRefreshToken,
      expiresIn: body.expires_in,
    };
  }

  async function revokeAllSessions(sub: string): Promise<void> {
    await options.revokeAccountArtifacts(sub);
  }

  return {
    adapter: 'embedded',

    async verify(token: string): Promise<VerifiedToken> {
      try {
        return toVerified(await verifier.verify(token));
      } catch (error) {
        // aws-jwt-verify formats an expiry or not-before date into its message: one beyond Date's
        // range throws RangeError, still the token's fault.
        if (error instanceof JwtBaseError || error instanceof TokenClaimError || error instanceof RangeError) {
          throw new InvalidTokenError(error.message);
        }
        throw error;
      }
    },

    async passwordSignIn(email: string, password: string): Promise<ProviderTokens> {
      const { status, body } = await post(tokenEndpoint, API_CLIENT_ID, {
        grant_type: PASSWORD_GRANT_TYPE,
        username: email,
        password,
        scope: CLIENT_SCOPE,
      });
      if (status === 200) return toProviderTokens(body, null);
      if (status === 400 && body.error === 'invalid_grant') throw new InvalidCredentialsError('Invalid email or password');
      if (status === 400 && body.error === LOGIN_LOCKED_ERROR) throw new LoginLockedError(Math.max(1, await lockedOutFor(options.database, email)));
      throw new IdentityUnavailableError(`Password sign-in failed: ${status} ${body.error ?? ''}`.trim());
    },

    async refresh(refreshToken: string): Promise<ProviderTokens> {
      const clientId = await options.refreshTokenClient(refreshToken);
      if (!clientId) throw new InvalidTokenError('Unknown or expired refresh token');
      const { status, body } = await post(tokenEndpoint, clientId, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      });
      if (status === 200) return toProviderTokens(body, refreshToken);
      if (status === 400 && body.error === 'invalid_grant') throw new InvalidTokenError('Invalid, expired or revoked refresh token');
      throw new IdentityUnavailableError(`Refresh failed: ${status} ${body.error ?? ''}`.trim());
    },

    async revokeRefreshToken(refreshToken: string): Promise<void> {
      const clientId = await options.refreshTokenClient(refreshToken);
      // Nothing live to revoke; the revocation endpoint would answer 200 all the same (RFC 7009).
      if (!clientId) return;
      const { status, body } = await post(revocationEndpoint, clientId, {
        token: refreshToken,
        token_type_hint: 'refresh_token',
      });
      if (status !== 200) throw new IdentityUnavailableError(`Revocation failed: ${status} ${body.error ?? ''}`.trim());
    },

    revokeAllSessions,

    async createAccount(account: NewAccount): Promise<{ sub: string }> {
      return accounts.create(account);
    },

    async updateEmail(sub: string, email: string): Promise<void> {
      try {
        await accounts.updateEmail(sub, email);
      } catch (error) {
        if (error instanceof DuplicateEmailError) throw new AccountEmailTakenError(email);
        throw error;
      }
    },

    async setPassword(sub: string, password: string): Promise<void> {
      await accounts.setPassword(sub, password);
    },

    async checkPassword(sub: string, password: string): Promise<boolean> {
      const account = await accounts.findBySub(sub);
      if (!account) return false;
      // A stolen session must not become a way round the lockout: §4.11 guesses count like sign-ins.
      const attempt = await attemptPassword(options.database, account.email, async () => {
        const verified = await accounts.verifyPassword(account.email, password);
        return verified?.sub === sub ? verified : undefined;
      });
      if (attempt.outcome === 'locked') throw new LoginLockedError(attempt.retryAfterSeconds);
      return attempt.outcome === 'accepted';
    },

    async deleteAccount(sub: string): Promise<void> {
      await revokeAllSessions(sub);
      await accounts.delete(sub);
    },

    clientSettings(): OidcClientSettings {
      return {
        authority: issuer,
        clientId: WEB_CLIENT_ID,
        scope: CLIENT_SCOPE,
        resetPasswordUrl: `${issuer}/reset-password`,
        // Discovery advertises end_session_endpoint, which the web client's OIDC library uses.
        logoutUrl: undefined,
      };
    },

    async ping(): Promise<void> {
      try {
        const response = await doFetch(`${issuer}/.well-known/openid-configuration`, {
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      } catch (error) {
        throw new IdentityUnavailableError(`The identity provider is unavailable: ${(error as Error).message}`);
      }
    },
  };
}

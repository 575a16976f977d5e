import { errors, type FindAccount, type Provider, type ResourceServer } from 'oidc-provider';
import { attemptPassword, LOGIN_LOCKED_MESSAGE } from '../../functions/domain/rate-limits/password-attempts';
import type { DatabasePort } from '../../functions/contracts/ports/database';
import type { AccountStore } from './account-store';
import { CLIENT_SCOPE, PASSWORD_GRANT_TYPE } from './issuer-constants';

/**
 * The grant's error for a locked email; the identity port turns it back into LoginLockedError.
 * The provider's error body has no room for Retry-After, so the port reads that from the counter.
 */
export const LOGIN_LOCKED_ERROR = 'login_locked';

/**
 * `urn:groundwork:password`: email and password in, the provider's own access, ID and refresh tokens
 * out (contract §4.1). Built from the provider's models, so refresh, revocation and
 * revokeByGrantId treat these tokens like any other. Only clients listing the grant type (the
 * confidential `groundwork-api`) reach this handler: the provider checks that first.
 */
export function registerPasswordGrant(
  provider: Provider,
  options: { accounts: AccountStore; database: DatabasePort; findAccount: FindAccount; apiResource: string; resourceServer: ResourceServer },
): void {
  const { accounts, database, findAccount, apiResource, resourceServer } = options;

  provider.registerGrantType<{ username?: string; password?: string }>(
    PASSWORD_GRANT_TYPE,
    async (ctx) => {
      const { username, password } = ctx.oidc.params;
      if (typeof username !== 'string' || typeof password !== 'string' || !username || !password) {
        throw new errors.InvalidRequest('username and password are required');
      }
      // Anyone holding the API client's secret could call this grant directly: it counts toward the
      // lockout itself rather than trusting §4.1 to have done so.
      const attempt = await attemptPassword(database, username, () => accounts.verifyPassword(username, password));
      if (attempt.outcome === 'locked') throw new errors.CustomOIDCProviderError(LOGIN_LOCKED_ERROR, LOGIN_LOCKED_MESSAGE);
      if (attempt.outcome === 'rejected') throw new errors.InvalidGrant('invalid credentials');
      const verified = attempt.value;

      const { client } = ctx.oidc;
      const account = await findAccount(ctx, verified.sub);
      if (!account) throw new errors.InvalidGrant('invalid credentials');
      const authTime = Math.floor(Date.now() / 1000);

      const grant = new provider.Grant({ accountId: verified.sub, clientId: client.clientId });
      grant.addOIDCScope(CLIENT_SCOPE);
      grant.addResourceScope(apiResource, CLIENT_SCOPE);
      const grantId = await grant.save();

      const refreshToken = new provider.RefreshToken({
        accountId: verified.sub,
        authTime,
        client,
        grantId,
        gty: PASSWORD_GRANT_TYPE,
        resource: apiResource,
        rotations: 0,
        scope: CLIENT_SCOPE,
      });
      // extraTokenClaims reads auth_time from here, as it does during a refresh.
      ctx.oidc.entity('RefreshToken', refreshToken);

      const accessToken = new provider.AccessToken({
        accountId: verified.sub,
        client,
        grantId,
        gty: PASSWORD_GRANT_TYPE,
        scope: CLIENT_SCOPE,
        resourceServer: new provider.ResourceServer(apiResource, resourceServer),
      });
      ctx.oidc.entity('AccessToken', accessToken);
      const accessTokenValue = await accessToken.save();
      const refreshTokenValue = await refreshToken.save();

      const idToken = new provider.IdToken(
        { ...(await account.claims('id_token', CLIENT_SCOPE, {}, [])), sub: verified.sub, auth_time: authTime },
        { ctx },
      );
      // The provider's own ID tokens are masked by the granted scope the same way.
      Object.assign(idToken, { scope: CLIENT_SCOPE, mask: {}, rejected: [] });
      const idTokenValue = await idToken.issue({ use: 'idtoken' });

      ctx.body = {
        access_token: accessTokenValue,
        expires_in: accessToken.expiration,
        id_token: idTokenValue,
        refresh_token: refreshTokenValue,
        scope: CLIENT_SCOPE,
        token_type: 'Bearer',
      };
    },
    ['username', 'password', 'scope'],
  );
}

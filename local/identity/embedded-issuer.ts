import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import type { DatabasePort } from '../../functions/contracts/ports/database';
import type { IdentityPort } from '../../functions/contracts/ports/identity';
import { OIDC_POST_LOGOUT_PATH } from '../../shared/config/runtime-config';
import { AccountStore } from './account-store';
import { createEmbeddedIdentity } from './embedded-identity';
import { createInteractionRoutes } from './interaction-routes';
import { apiResourceServer, buildIssuerConfiguration, createFindAccount } from './issuer-configuration';
import { apiResourceFor, ISSUER_MOUNT_PATH } from './issuer-constants';
import { loadIssuerState, publicJwks } from './issuer-state';
import { createOidcAdapterFactory, revokeAccountArtifacts } from './oidc-adapter';
import { registerPasswordGrant } from './password-grant';

/**
 * The local stand-in for the Cognito user pool: oidc-provider mounted under `/oidc` of the shared
 * local HTTP server, persisted in the product's DynamoDB table.
 */
export interface StartEmbeddedIssuerOptions {
  /** Where the shared server is reached, e.g. http://localhost:3000 (use `localhost`, not 127.0.0.1). */
  publicOrigin: string;
  database: DatabasePort;
  /** Signing keys, cookie keys and the API client's secret live here, e.g. .data/identity. */
  stateDir: string;
  /** The web app's origin: redirect URIs and CORS (the same as publicOrigin unless a dev server serves the SPA). */
  webOrigin: string;
}

export interface EmbeddedIssuer {
  /** `${publicOrigin}/oidc` */
  issuer: string;
  /** Answers the issuer's paths (everything under /oidc) and returns true; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  identity: IdentityPort;
  accounts: AccountStore;
  close(): Promise<void>;
}

/** Express-style mounting, which oidc-provider understands (it reads req.originalUrl / req.baseUrl). */
interface MountableRequest extends IncomingMessage {
  originalUrl?: string;
  baseUrl?: string;
}

function trimOrigin(origin: string): string {
  const url = new URL(origin);
  if (url.pathname !== '/' || url.search || url.hash) throw new Error(`${origin} must be a bare origin`);
  return url.origin;
}

export async function startEmbeddedIssuer(options: StartEmbeddedIssuerOptions): Promise<EmbeddedIssuer> {
  const publicOrigin = trimOrigin(options.publicOrigin);
  const webOrigin = trimOrigin(options.webOrigin);
  const publicUrl = new URL(publicOrigin);
  const issuer = `${publicOrigin}${ISSUER_MOUNT_PATH}`;
  const apiResource = apiResourceFor(publicOrigin);
  const { database } = options;

  const state = await loadIssuerState(options.stateDir);
  const accounts = new AccountStore(database);
  const findAccount = createFindAccount(accounts);

  const provider = new Provider(
    issuer,
    buildIssuerConfiguration({
      webOrigin,
      apiResource,
      accounts,
      state,
      adapter: createOidcAdapterFactory(database),
    }),
  );
  // Koa then honours X-Forwarded-Proto/Host, which handle() pins to the public origin below.
  provider.proxy = true;
  // The provider answers a bare "server_error"; the cause is only in this event.
  provider.on('server_error', (_ctx, error) => {
    console.error('[identity] embedded issuer error:', error);
  });
  registerPasswordGrant(provider, { accounts, database, findAccount, apiResource, resourceServer: apiResourceServer(apiResource) });

  const resetPasswordUrl = `${issuer}/reset-password`;
  const loginUrl = `${webOrigin}${OIDC_POST_LOGOUT_PATH}`;
  const pages = createInteractionRoutes({ provider, accounts, database, mountPath: ISSUER_MOUNT_PATH, resetPasswordUrl, loginUrl });
  const callback = provider.callback();

  let closed = false;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const rawUrl = req.url ?? '/';
    const pathname = rawUrl.split('?')[0] ?? '/';
    if (closed || (pathname !== ISSUER_MOUNT_PATH && !pathname.startsWith(`${ISSUER_MOUNT_PATH}/`))) return false;

    // Discovery and redirects are built from the request's host: pinning it to the public origin
    // keeps every advertised URL under the issuer identifier, whatever name the browser used.
    req.headers.host = publicUrl.host;
    req.headers['x-forwarded-host'] = publicUrl.host;
    req.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);

    if (await pages(req, res, pathname)) return true;

    const mounted = req as MountableRequest;
    mounted.originalUrl = rawUrl;
    mounted.baseUrl = ISSUER_MOUNT_PATH;
    mounted.url = rawUrl.slice(ISSUER_MOUNT_PATH.length) || '/';
    if (mounted.url.startsWith('?')) mounted.url = `/${mounted.url}`;
    try {
      await callback(req, res);
    } finally {
      mounted.url = rawUrl;
    }
    return true;
  }

  const identity = createEmbeddedIdentity({
    issuer,
    apiAudience: apiResource,
    jwks: publicJwks(state.jwks),
    apiClientSecret: state.apiClientSecret,
    accounts,
    database,
    async refreshTokenClient(refreshToken) {
      const token = await provider.RefreshToken.find(refreshToken);
      return token?.clientId;
    },
    revokeAccountArtifacts: (sub) => revokeAccountArtifacts(database, sub),
  });

  return {
    issuer,
    handle,
    identity,
    accounts,
    async close() {
      // The provider holds no sockets or timers of its own; the shared server owns the listener.
      closed = true;
    },
  };
}

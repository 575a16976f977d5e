import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import { attemptPassword, LOGIN_LOCKED_MESSAGE } from '../../functions/domain/rate-limits/password-attempts';
import type { DatabasePort } from '../../functions/contracts/ports/database';
import type { AccountStore } from './account-store';
import { CLIENT_SCOPE } from './issuer-constants';
import { errorPage, loginPage, resetPasswordPage } from './pages';

/**
 * The issuer's hosted pages: login at the provider's interaction URL, and the honest
 * reset-password page. The interaction cookie (SameSite=Lax, scoped to the interaction path)
 * binds the form to the browser that started the sign-in, which is the CSRF protection.
 */
export interface InteractionRoutesOptions {
  provider: Provider;
  accounts: AccountStore;
  /** Where the login lockout's counters live. */
  database: DatabasePort;
  mountPath: string;
  resetPasswordUrl: string;
  /** The web app's sign-in page. */
  loginUrl: string;
}

const INVALID_CREDENTIALS = 'Invalid email or password';
const MAX_FORM_BYTES = 16 * 1024;

const SECURITY_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, ...headers, 'Content-Length': Buffer.byteLength(html) });
  res.end(html);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function createInteractionRoutes(options: InteractionRoutesOptions) {
  const { provider, accounts, database, mountPath, resetPasswordUrl, loginUrl } = options;
  const interactionPrefix = `${mountPath}/interaction/`;
  const resetPath = new URL(resetPasswordUrl).pathname;
  const signupUrl = new URL('/signup', loginUrl).toString();

  const expired = (res: ServerResponse) =>
    sendHtml(
      res,
      400,
      errorPage('Sign-in expired', 'This sign-in page has expired or was opened in another browser. Start again.', loginUrl),
    );

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string): Promise<void> {
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return expired(res);
    }
    if (details.uid !== uid) return expired(res);
    const action = `${interactionPrefix}${uid}`;

    if (details.prompt.name === 'consent') {
      // loadExistingGrant covers first-party clients; this only runs if a request asks for more.
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session?.accountId, clientId: String(details.params.client_id) });
      if (!grant) return expired(res);
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      grant.addOIDCScope(missing.missingOIDCScope?.join(' ') || CLIENT_SCOPE);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }

    if (req.method === 'GET') {
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
      return sendHtml(res, 200, loginPage({ action, resetPasswordUrl, signupUrl, email: hint }));
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'GET, POST' }).end();
      return;
    }

    let form: URLSearchParams;
    try {
      form = await readForm(req);
    } catch {
      res.writeHead(413).end();
      return;
    }
    const email = (form.get('email') ?? '').trim();
    const password = form.get('password') ?? '';
    if (!email || !password) {
      return sendHtml(res, 200, loginPage({ action, resetPasswordUrl, signupUrl, email, error: INVALID_CREDENTIALS }));
    }
    // The same counter as §4.1 and the password grant: this page must not be the door that stays open.
    const attempt = await attemptPassword(database, email, () => accounts.verifyPassword(email, password));
    if (attempt.outcome === 'locked') {
      const page = loginPage({ action, resetPasswordUrl, signupUrl, email, error: LOGIN_LOCKED_MESSAGE });
      return sendHtml(res, 429, page, { 'Retry-After': String(attempt.retryAfterSeconds) });
    }
    if (attempt.outcome === 'rejected') {
      return sendHtml(res, 200, loginPage({ action, resetPasswordUrl, signupUrl, email, error: INVALID_CREDENTIALS }));
    }
    const account = attempt.value;
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub, amr: ['pwd'], remember: true } },
      { mergeWithLastSubmission: false },
    );
  }

  /** True when the request was one of these pages and has been answered. */
  return async function handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    if (pathname === resetPath) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET' }).end();
        return true;
      }
      sendHtml(res, 200, resetPasswordPage(loginUrl));
      return true;
    }
    if (pathname.startsWith(interactionPrefix)) {
      const uid = pathname.slice(interactionPrefix.length);
      // Provider uids are URL-safe; anything else is not an interaction of ours.
      if (!/^[\w-]+$/.test(uid)) return false;
      await interaction(req, res, uid);
      return true;
    }
    return false;
  };
}

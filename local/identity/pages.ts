/**
 * The issuer's own pages: plain HTML with inline CSS, no external fonts or scripts, so they work
 * offline and without JavaScript (the logout page's one-line script only saves a click).
 */
import { createHash } from 'node:crypto';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f6f8;color:#1c2025;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{width:100%;max-width:400px;margin:24px;padding:32px;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{margin:0 0 24px;font-size:1.5rem;font-weight:600}
label{display:block;margin:16px 0 4px;font-weight:500}
input{width:100%;padding:10px 12px;border:1px solid #b0b8c1;border-radius:4px;font:inherit}
input:focus{outline:2px solid #1565c0;outline-offset:1px}
button{width:100%;margin-top:24px;padding:10px 16px;border:0;border-radius:4px;background:#1565c0;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#0d47a1}
a{color:#1565c0}
p{margin:16px 0 0}
.alert{margin:0 0 8px;padding:10px 12px;border-radius:4px;background:#fdecea;color:#8a1c13;border:1px solid #f5c2bd}
`;

const LOGOUT_SCRIPT = `document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();});`;

const sourceHash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * Headers for every page of the issuer. The policy allows these pages' own style sheet and the
 * logout page's one script by their hashes and nothing else, so markup that slipped past escaping
 * could neither run nor load anything; no other site may frame them (a framed sign-in form is a
 * clickjacking target).
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': `default-src 'none'; style-src ${sourceHash(STYLE)}; script-src ${sourceHash(LOGOUT_SCRIPT)}; frame-ancestors 'none'; base-uri 'none'`,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

function layout(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface LoginPageInput {
  /** Where the form posts: the interaction URL itself. */
  action: string;
  resetPasswordUrl: string;
  /** The web app's Create Account screen (spec 01 §2.4). */
  signupUrl: string;
  email?: string;
  error?: string;
}

export function loginPage({ action, resetPasswordUrl, signupUrl, email = '', error }: LoginPageInput): string {
  const alert = error ? `<div class="alert" role="alert">${escapeHtml(error)}</div>\n` : '';
  return layout(
    'Sign in to Groundwork',
    `<h1>Sign in to Groundwork</h1>
${alert}<form method="post" action="${escapeHtml(action)}">
<label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<p><a href="${escapeHtml(resetPasswordUrl)}">Forgot password?</a></p>
<p>New here? <a href="${escapeHtml(signupUrl)}">Create an account</a></p>`,
  );
}

export function resetPasswordPage(loginUrl: string): string {
  return layout(
    'Password reset',
    `<h1>Password reset</h1>
<p>This self-hosted installation of Groundwork does not send email, so it cannot mail you a reset link.</p>
<p>Ask an administrator of your organization to set a temporary password for you from the <strong>Users</strong> page. Sign in with it and you will be asked to choose a new password.</p>
<p><a href="${escapeHtml(loginUrl)}">Back to sign in</a></p>`,
  );
}

/** The provider's form carries its CSRF token; logout=yes ends the issuer session as well. */
export function logoutPage(form: string): string {
  const script = `<script>${LOGOUT_SCRIPT}</script>`;
  return layout(
    'Signing out of Groundwork',
    `<h1>Signing out…</h1>
${form}
<p>If nothing happens, use the button below.</p>
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
    script,
  );
}

export function signedOutPage(loginUrl: string): string {
  return layout(
    'Signed out',
    `<h1>Signed out</h1>
<p>You have been signed out of Groundwork.</p>
<p><a href="${escapeHtml(loginUrl)}">Sign in again</a></p>`,
  );
}

export function errorPage(title: string, message: string, loginUrl: string, details?: Record<string, string>): string {
  const rows = Object.entries(details ?? {})
    .map(([key, value]) => `<p><code>${escapeHtml(key)}</code>: ${escapeHtml(value)}</p>`)
    .join('\n');
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${rows}
<p><a href="${escapeHtml(loginUrl)}">Back to sign in</a></p>`,
  );
}

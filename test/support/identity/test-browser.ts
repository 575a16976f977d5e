import { createHash, randomBytes } from 'node:crypto';

/**
 * A minimal browser for tests: fetch without automatic redirects, plus a cookie jar that honours
 * cookie paths and deletions (the provider scopes its interaction cookies to their paths).
 */
interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

export class TestBrowser {
  private cookies: StoredCookie[] = [];

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const cookieHeader = this.cookies
      .filter((cookie) => target.pathname === cookie.path || target.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
    const headers = new Headers(init.headers);
    if (cookieHeader) headers.set('cookie', cookieHeader);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const header of response.headers.getSetCookie()) this.store(header, target);
    return response;
  }

  /** Posts an HTML form the way a browser does. */
  postForm(url: string, fields: Record<string, string>): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  cookieNames(): string[] {
    return this.cookies.map((cookie) => cookie.name);
  }

  private store(header: string, origin: URL): void {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    let path = origin.pathname.replace(/\/[^/]*$/, '') || '/';
    let deleted = value === '';
    for (const attribute of attributes) {
      const [key = '', attributeValue = ''] = attribute.split('=');
      if (key.toLowerCase() === 'path') path = attributeValue;
      if (key.toLowerCase() === 'expires' && new Date(attributeValue).getTime() < Date.now()) deleted = true;
      if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) deleted = true;
    }
    this.cookies = this.cookies.filter((cookie) => !(cookie.name === name && cookie.path === path));
    if (!deleted) this.cookies.push({ name, value, path });
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The action of the page's first form, resolved against the page's URL. */
export function formAction(html: string, pageUrl: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no form on the page');
  return new URL(match[1].replaceAll('&amp;', '&'), pageUrl).href;
}

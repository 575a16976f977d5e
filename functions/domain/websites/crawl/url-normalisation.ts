import { parseOutboundUrl } from '../../outbound/url-guard';

/**
 * Query parameters that say where a visitor came from, not which page they asked for: campaign
 * tags (utm_*) and the click ids of ad and mail platforms. They are removed, so a page linked with
 * them is the page linked without them.
 */
const TRACKING_PREFIXES = ['utm_', 'pk_', 'mtm_', 'hsa_'];
const TRACKING_PARAMETERS = new Set([
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'igshid',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'vero_id',
  'rb_clickid',
  's_cid',
  'oly_anon_id',
  'oly_enc_id',
]);

/**
 * File types that are never a page: a link to one is skipped as "type" without a request (the
 * Content-Type of everything else decides once fetched). Saves the politeness budget of 2 requests
 * a second for pages.
 */
const NEVER_A_PAGE = new Set(
  (
    'png jpg jpeg gif webp avif svg ico bmp tif tiff heic css js mjs map woff woff2 ttf otf eot ' +
    'zip gz tgz bz2 xz 7z rar tar jar mp3 mp4 m4a m4v wav ogg oga webm mov avi mkv flv wmv ' +
    'exe dmg msi pkg deb rpm apk iso bin img dll so whl gem'
  ).split(' '),
);

/**
 * An absolute http(s) URL as the crawler fetches it, or undefined: resolved against `base`, the
 * fragment dropped, tracking parameters removed and the remaining ones sorted (by name, stably).
 * The WHATWG parser lowercases scheme and host and drops default ports.
 */
export function cleanUrl(raw: string, base?: string | URL): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return undefined;
  }
  const parsed = parseOutboundUrl(url.href);
  if (!parsed || parsed.username || parsed.password) return undefined;
  parsed.hash = '';
  if (!parsed.search) parsed.search = '';
  else {
    // Pairs stay as written (their encoding, a name without "="): only their order and the tracking ones change.
    const pairs = parsed.search
      .slice(1)
      .split('&')
      .filter((pair) => pair && !isTracking(parameterName(pair)))
      .map((pair, index) => ({ pair, name: parameterName(pair), index }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.index - b.index));
    parsed.search = pairs.length ? `?${pairs.map((entry) => entry.pair).join('&')}` : '';
  }
  return parsed;
}

/**
 * A page's identity: the cleaned URL with its `index.html` / trailing-slash twins collapsed
 * (`/docs/`, `/docs/index.html` and `/docs` are one page, `/docs`; the root stays `/`). Two URLs
 * with the same key are never both stored.
 */
export function pageKey(url: URL | string): string {
  const cleaned = typeof url === 'string' ? cleanUrl(url) : url;
  if (!cleaned) return String(url);
  const copy = new URL(cleaned.href);
  let path = copy.pathname.replace(/\/index\.html?$/i, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '') || '/';
  copy.pathname = path;
  return copy.href;
}

function parameterName(pair: string): string {
  const raw = pair.split('=', 1)[0]!;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

function isTracking(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_PARAMETERS.has(lower) || TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** Same scheme, host and port (§13.8's "same host"). */
export function sameOrigin(a: URL, b: URL): boolean {
  return a.origin === b.origin;
}

/** Whether the URL's extension names a file type that is never HTML or PDF. */
export function neverAPage(url: URL): boolean {
  const name = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 && NEVER_A_PAGE.has(name.slice(dot + 1).toLowerCase());
}

/** The host a politeness budget belongs to (host:port). */
export function hostOf(url: URL): string {
  return url.host;
}

import type { ExtractedDocument } from '../../extraction/extracted-document';
import { decodeHtml, extractHtmlDocument, parseHtml } from '../../extraction/kinds/html';
import { cleanUrl } from './url-normalisation';

export interface HtmlPage {
  /** `<meta name="robots">` (or our own `<meta name="GroundworkCrawler">`) or X-Robots-Tag says noindex: not stored. */
  noindex: boolean;
  /** ...says nofollow: its links are not followed. */
  nofollow: boolean;
  /** `<link rel="canonical">`, resolved and cleaned (any origin: the crawler decides). */
  canonical?: URL;
  /** Every `<a href>` and `<area href>` of the whole page (navigation included), resolved against `<base href>`, cleaned, in order, once each; rel="nofollow" links left out. */
  links: URL[];
  /** The page's text (kinds/html.ts); throws ExtractionError when it has none. Call once. */
  extract(): ExtractedDocument;
}

/**
 * What the crawler needs of an HTML page, from one parse: robots directives, canonical URL and
 * links are read from the whole document before the extractor (whose Readability rewrites the
 * document) takes its main content.
 */
export function readHtmlPage(bytes: Uint8Array, pageUrl: URL, options: { charset?: string; robotsTag?: string } = {}): HtmlPage {
  const { text, encoding } = decodeHtml(bytes, options.charset);
  const document = parseHtml(text);

  const directives = new Set<string>();
  for (const meta of Array.from(document.querySelectorAll('meta[name][content]'))) {
    const name = (meta.getAttribute('name') ?? '').trim().toLowerCase();
    if (name === 'robots' || name === 'groundworkcrawler') addDirectives(directives, meta.getAttribute('content') ?? '');
  }
  for (const value of (options.robotsTag ?? '').split(/,(?=\s*[\w-]+\s*:)|\n/)) {
    // "X-Robots-Tag: otherbot: noindex" is for another crawler; "googlebot: noindex, nofollow" too.
    const scoped = /^\s*([\w-]+)\s*:\s*(.*)$/.exec(value);
    if (!scoped) addDirectives(directives, value);
    else if (scoped[1]!.toLowerCase() === 'groundworkcrawler') addDirectives(directives, scoped[2]!);
  }

  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  const base = (baseHref && cleanUrl(baseHref, pageUrl)) || pageUrl;
  const canonicalHref = Array.from(document.querySelectorAll('link[rel][href]')).find((link) => relOf(link).includes('canonical'))?.getAttribute('href');
  const canonical = canonicalHref ? cleanUrl(canonicalHref, base) : undefined;

  const links: URL[] = [];
  const found = new Set<string>();
  for (const anchor of Array.from(document.querySelectorAll('a[href], area[href]'))) {
    if (relOf(anchor).includes('nofollow')) continue;
    const url = cleanUrl(anchor.getAttribute('href') ?? '', base);
    if (!url || found.has(url.href)) continue;
    found.add(url.href);
    links.push(url);
  }

  return {
    noindex: directives.has('noindex') || directives.has('none'),
    nofollow: directives.has('nofollow') || directives.has('none'),
    ...(canonical ? { canonical } : {}),
    links,
    extract: () => extractHtmlDocument(document, { encoding }),
  };
}

function addDirectives(into: Set<string>, content: string): void {
  for (const directive of content.split(',')) into.add(directive.trim().toLowerCase());
}

function relOf(element: Element): string[] {
  return (element.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
}

import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';

/** A sitemap is read up to this size (the sitemaps.org limit is 50 MB uncompressed; 10 MB is plenty here). */
export const SITEMAP_MAX_BYTES = 10 * 1024 * 1024;
/** Sitemap documents read per crawl, indexes included: a nest of indexes cannot keep the crawl busy. */
export const MAX_SITEMAP_DOCUMENTS = 50;

export interface SitemapContent {
  /** Page locations (`<urlset><url><loc>`) as written. */
  pages: string[];
  /** Nested sitemaps (`<sitemapindex><sitemap><loc>`) as written. */
  sitemaps: string[];
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  processEntities: true,
  htmlEntities: false,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

/**
 * The locations in a sitemap (sitemaps.org protocol): a `urlset`'s pages or a `sitemapindex`'s
 * sitemaps, gzip-compressed files (`sitemap.xml.gz`) included. Anything else (an HTML error page, a
 * text sitemap of one URL per line) is read as a list of URLs if every non-empty line is one.
 * Locations are returned as written: §13.8 resolves root-relative ones against the crawl's URL.
 */
export function parseSitemap(bytes: Uint8Array): SitemapContent {
  const raw = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes, { maxOutputLength: SITEMAP_MAX_BYTES }) : bytes;
  const text = new TextDecoder('utf-8').decode(raw).replace(/^\uFEFF/, '');
  if (!text.trimStart().startsWith('<')) return { pages: textSitemap(text), sitemaps: [] };
  let document: unknown;
  try {
    document = parser.parse(text);
  } catch {
    return { pages: [], sitemaps: [] };
  }
  const root = (document ?? {}) as { urlset?: { url?: unknown[] }; sitemapindex?: { sitemap?: unknown[] } };
  return {
    pages: locations(root.urlset?.url),
    sitemaps: locations(root.sitemapindex?.sitemap),
  };
}

function locations(entries: unknown[] | undefined): string[] {
  if (!Array.isArray(entries)) return [];
  const found: string[] = [];
  for (const entry of entries) {
    const loc = (entry as { loc?: unknown } | null)?.loc;
    if (typeof loc === 'string' && loc.trim()) found.push(loc.trim());
  }
  return found;
}

function textSitemap(text: string): string[] {
  const lines = text
    .split(/\r\n?|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.every((line) => /^(https?:\/\/|\/)\S*$/i.test(line)) ? lines : [];
}

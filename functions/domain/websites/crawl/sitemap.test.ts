import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseSitemap } from './sitemap';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('parseSitemap', () => {
  it('reads the page locations of a urlset, root-relative ones as written', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>/index.html</loc><lastmod>2026-01-01</lastmod></url>
  <url><loc> https://docs.example.com/guide?a=1&amp;b=2 </loc></url>
  <url><changefreq>daily</changefreq></url>
</urlset>`;
    expect(parseSitemap(bytes(xml))).toEqual({ pages: ['/index.html', 'https://docs.example.com/guide?a=1&b=2'], sitemaps: [] });
  });

  it('reads the sitemaps of a sitemap index, with namespace prefixes', () => {
    const xml = `<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>/sitemap-docs.xml</sm:loc></sm:sitemap><sm:sitemap><sm:loc>/sitemap-blog.xml.gz</sm:loc></sm:sitemap></sm:sitemapindex>`;
    expect(parseSitemap(bytes(xml))).toEqual({ pages: [], sitemaps: ['/sitemap-docs.xml', '/sitemap-blog.xml.gz'] });
  });

  it('reads a gzip-compressed sitemap and a text sitemap', () => {
    const xml = '<urlset><url><loc>/a</loc></url></urlset>';
    expect(parseSitemap(new Uint8Array(gzipSync(bytes(xml)))).pages).toEqual(['/a']);
    expect(parseSitemap(bytes('https://docs.example.com/a\n/b\n')).pages).toEqual(['https://docs.example.com/a', '/b']);
  });

  it('finds nothing in what is not a sitemap', () => {
    expect(parseSitemap(bytes('<html><body>Not found</body></html>'))).toEqual({ pages: [], sitemaps: [] });
    expect(parseSitemap(bytes('Not found, sorry.'))).toEqual({ pages: [], sitemaps: [] });
  });
});

import { describe, expect, it } from 'vitest';
import { cleanUrl, neverAPage, pageKey, sameOrigin } from './url-normalisation';

const key = (raw: string, base?: string) => pageKey(cleanUrl(raw, base)!);

describe('cleanUrl', () => {
  it('resolves against a base, drops the fragment, lowercases scheme and host, drops default ports', () => {
    expect(cleanUrl('../guide/intro.html#setup', 'https://Docs.Example.com/en/api/')!.href).toBe('https://docs.example.com/en/guide/intro.html');
    expect(cleanUrl('HTTP://EXAMPLE.com:80/a')!.href).toBe('http://example.com/a');
    expect(cleanUrl('https://example.com:443/a')!.href).toBe('https://example.com/a');
    expect(cleanUrl('http://example.com:8080/a')!.href).toBe('http://example.com:8080/a');
  });

  it('removes tracking parameters and sorts the others, keeping how they were written', () => {
    expect(cleanUrl('https://example.com/p?utm_source=news&b=2&gclid=x&a=1&fbclid=y&UTM_Campaign=z&msclkid=1')!.href).toBe('https://example.com/p?a=1&b=2');
    expect(cleanUrl('https://example.com/p?q=a%20b&flag&ref=home')!.href).toBe('https://example.com/p?flag&q=a%20b&ref=home');
    expect(cleanUrl('https://example.com/p?utm_medium=email')!.href).toBe('https://example.com/p');
    expect(cleanUrl('https://example.com/p?')!.href).toBe('https://example.com/p');
  });

  it('refuses what is not an http(s) page address', () => {
    for (const raw of ['mailto:a@example.com', 'javascript:void(0)', 'ftp://example.com/file', 'tel:123', 'http://user:secret@example.com/', 'http://[::1']) {
      expect(cleanUrl(raw, 'https://example.com/')).toBeUndefined();
    }
  });
});

describe('pageKey', () => {
  it('collapses index.html and trailing-slash twins', () => {
    const twins = ['https://example.com/docs', 'https://example.com/docs/', 'https://example.com/docs/index.html', 'https://example.com/docs/index.htm', 'https://example.com/docs/#top'];
    expect(new Set(twins.map((raw) => key(raw)))).toEqual(new Set(['https://example.com/docs']));
    expect(key('https://example.com/index.html')).toBe('https://example.com/');
    expect(key('https://example.com')).toBe('https://example.com/');
  });

  it('keeps pages that differ by query apart, and the same query in any order together', () => {
    expect(key('https://example.com/search?b=2&a=1')).toBe(key('https://example.com/search/?a=1&b=2&utm_source=x'));
    expect(key('https://example.com/search?a=1')).not.toBe(key('https://example.com/search?a=2'));
  });
});

describe('sameOrigin and neverAPage', () => {
  it('compares scheme, host and port', () => {
    const base = new URL('http://127.0.0.1:8080/');
    expect(sameOrigin(base, new URL('http://127.0.0.1:8080/a'))).toBe(true);
    expect(sameOrigin(base, new URL('http://127.0.0.1:8081/a'))).toBe(false);
    expect(sameOrigin(base, new URL('https://127.0.0.1:8080/a'))).toBe(false);
    expect(sameOrigin(base, new URL('http://localhost:8080/a'))).toBe(false);
  });

  it('knows file types that are never pages, and leaves the rest to the Content-Type', () => {
    expect(neverAPage(new URL('https://example.com/logo.PNG'))).toBe(true);
    expect(neverAPage(new URL('https://example.com/app.js?v=3'))).toBe(true);
    for (const path of ['/guide', '/guide.html', '/report.pdf', '/page.php', '/data.csv', '/v1.2/']) expect(neverAPage(new URL(`https://example.com${path}`))).toBe(false);
  });
});

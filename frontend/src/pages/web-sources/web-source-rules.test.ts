import { describe, expect, it } from 'vitest';
import { EMPTY_WEB_SOURCE, failedListNote, serverFieldErrors, validateWebSource } from './web-source-rules';

describe('web source rules', () => {
  it("judges the form with the contract's messages and hands on the trimmed body", () => {
    expect(validateWebSource(EMPTY_WEB_SOURCE).errors).toEqual({ name: 'Name is required', url: 'Website URL is required' });
    expect(validateWebSource({ ...EMPTY_WEB_SOURCE, name: 'Docs', url: 'https://docs.example.com/', crawl_depth: '0', sitemap_url: 'nope' }).errors).toEqual({
      crawl_depth: 'Crawl depth must be between 1 and 5',
      sitemap_url: 'Sitemap URL must be a valid URL',
    });
    expect(validateWebSource({ ...EMPTY_WEB_SOURCE, name: ' Docs ', url: ' https://docs.example.com/ ', crawl_depth: '2.5' }).errors).toEqual({ crawl_depth: 'Crawl depth must be between 1 and 5' });
    expect(validateWebSource({ ...EMPTY_WEB_SOURCE, name: ' Docs ', url: ' https://docs.example.com/ ', description: ' About ' }).body).toEqual({
      name: 'Docs',
      description: 'About',
      source_type: 'web_source',
      configuration: { url: 'https://docs.example.com/', crawl_frequency: 'daily', crawl_depth: 2, sitemap_url: null },
    });
  });

  it("places a 400's details on the form's fields", () => {
    expect(serverFieldErrors({ 'configuration.url': 'URL is not allowed', name: 'Name is required', body: 'Request body must be a JSON object' })).toEqual({ url: 'URL is not allowed', name: 'Name is required' });
  });

  it('says when the failed list is cut', () => {
    expect(failedListNote({ failed: [{ url: 'a', reason: 'HTTP 500' }], failed_count: 1 })).toBeUndefined();
    expect(failedListNote({ failed: [{ url: 'a', reason: 'HTTP 500' }], failed_count: 9 })).toBe('Showing the first 1 of 9 failed pages.');
  });
});

import { describe, expect, it } from 'vitest';
import { dateLine, EMPTY_WEB_SOURCE, failedListNote, serverFieldErrors, usageTooltip, validateWebSource } from './web-source-rules';

describe('web source rules', () => {
  it("dates a row 'Created on' when both dates agree, else 'Updated on', and 'Unknown date' without one", () => {
    expect(dateLine({ created_at: '2025-03-01T09:30:00.000Z', updated_at: '2025-03-01T09:30:00.000Z' })).toMatch(/^Created on .*2025/);
    expect(dateLine({ created_at: '2025-03-01T09:30:00.000Z', updated_at: '2025-04-02T10:00:00.000Z' })).toMatch(/^Updated on .*2025/);
    expect(dateLine({ created_at: null, updated_at: undefined })).toBe('Unknown date');
    expect(dateLine({ created_at: 'not a date', updated_at: 'not a date' })).toBe('Unknown date');
  });

  it('lists the knowledge bases under the heading of the In Use tooltip', () => {
    expect(usageTooltip([{ name: 'Docs' }, { name: 'Support' }])).toBe('Used in Knowledge Bases:\nDocs\nSupport');
    expect(usageTooltip([])).toBe('Not used by any knowledge base');
  });

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

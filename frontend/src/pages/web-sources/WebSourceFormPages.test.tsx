// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf } from '../../__fixtures__/fake-api';
import { apiCalls, locationNow, renderApp, resetBrowserStateAfterEachTest, stubApi } from '../../__fixtures__/test-auth';
import { fakeReport, fakeWebSource, webBackend, webState, type WebState } from './__fixtures__/fake-web-backend';
import { CRAWL_POLL_MS } from './web-source-rules';

resetBrowserStateAfterEachTest();

const LATER = { timeout: 5000 };

function open(path: string, state: WebState = webState()) {
  const fetchMock = stubApi('admin', webBackend(state));
  renderApp(path);
  return { fetchMock, state };
}

const textbox = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const depth = () => screen.getByRole('spinbutton', { name: /^Crawl depth/ }) as HTMLInputElement;
const frequency = () => screen.getByRole('combobox', { name: /^Crawl frequency/ });
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** The message under a field (its helper text), found through aria-describedby. */
const helper = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent;

describe('New Web Source', () => {
  it('starts from the defaults (daily, depth 2), shows the validation messages, then creates and returns to the list', async () => {
    const { fetchMock, state } = open('/data-sources/web/create');
    expect((await screen.findByTestId('page-title', undefined, LATER)).textContent).toBe('New Web Source');
    expect(frequency().textContent).toBe('Daily');
    expect(depth().value).toBe('2');
    expect(textbox(/^Sitemap URL/).value).toBe('');

    fireEvent.click(button('Create Web Source'));
    await waitFor(() => expect(textbox(/^Name/).getAttribute('aria-invalid')).toBe('true'));
    expect(helper(textbox(/^Name/))).toBe('Name is required');
    expect(helper(textbox(/^Website URL/))).toBe('Website URL is required');

    type(textbox(/^Name/), '  Product docs  ');
    type(textbox(/^Website URL/), 'docs.example.com');
    type(depth(), '9');
    type(textbox(/^Sitemap URL/), 'ftp://docs.example.com/sitemap.xml');
    fireEvent.click(button('Create Web Source'));
    await waitFor(() => expect(helper(textbox(/^Website URL/))).toBe('Website URL must be a valid URL'));
    expect(helper(depth())).toBe('Crawl depth must be between 1 and 5');
    expect(helper(textbox(/^Sitemap URL/))).toBe('Sitemap URL must be a valid URL');
    expect(textbox(/^Name/).getAttribute('aria-invalid')).toBe('false');
    type(depth(), '');
    fireEvent.click(button('Create Web Source'));
    await waitFor(() => expect(helper(depth())).toBe('Crawl depth must be between 1 and 5'));
    expect(apiCalls(fetchMock, 'POST', '/api/web-sources')).toHaveLength(0);

    type(textbox(/^Website URL/), 'https://docs.example.com/');
    type(depth(), '3');
    type(textbox(/^Sitemap URL/), '');
    fireEvent.mouseDown(frequency());
    fireEvent.click(await screen.findByRole('option', { name: 'Weekly' }));
    fireEvent.click(button('Create Web Source'));
    expect((await screen.findByTestId('snackbar', undefined, LATER)).textContent).toBe('Web source created successfully');
    expect(locationNow()).toBe('/data-sources/web');
    expect(bodyOf(apiCalls(fetchMock, 'POST', '/api/web-sources')[0]?.[1])).toEqual({
      name: 'Product docs',
      description: '',
      source_type: 'web_source',
      configuration: { url: 'https://docs.example.com/', crawl_frequency: 'weekly', crawl_depth: 3, sitemap_url: null },
    });
    expect(state.webSources[0]?.status).toBe('pending');
  });

  it("shows the server's 400 details beside their fields ('URL is not allowed')", async () => {
    const { fetchMock } = open('/data-sources/web/create');
    await screen.findByTestId('page-title', undefined, LATER);
    type(textbox(/^Name/), 'Intranet');
    type(textbox(/^Website URL/), 'http://localhost:8080/');
    fireEvent.click(button('Create Web Source'));
    await waitFor(() => expect(helper(textbox(/^Website URL/))).toBe('URL is not allowed'), LATER);
    expect(textbox(/^Website URL/).getAttribute('aria-invalid')).toBe('true');
    expect(apiCalls(fetchMock, 'POST', '/api/web-sources')).toHaveLength(1);
    expect(locationNow()).toBe('/data-sources/web/create');
    expect(button('Create Web Source').disabled).toBe(false);
  });

  it('goes back to the list on Cancel', async () => {
    open('/data-sources/web/create');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }, LATER));
    await waitFor(() => expect(locationNow()).toBe('/data-sources/web'), LATER);
  });
});

describe('Edit Web Source', () => {
  it('loads the source, saves the changes and returns to the list', async () => {
    const { fetchMock } = open('/data-sources/web/w-2/edit');
    await waitFor(() => expect(textbox(/^Name/).value).toBe('Help centre'), LATER);
    expect(screen.getByTestId('page-title').textContent).toBe('Edit Web Source');
    expect(textbox(/^Website URL/).value).toBe('https://help.example.org/');
    expect(frequency().textContent).toBe('Monthly');
    expect(depth().value).toBe('1');
    type(textbox(/^Description/), 'FAQ and guides');
    type(textbox(/^Sitemap URL/), 'https://help.example.org/sitemap.xml');
    fireEvent.click(button('Save'));
    expect((await screen.findByTestId('snackbar', undefined, LATER)).textContent).toBe('Web source updated successfully');
    expect(locationNow()).toBe('/data-sources/web');
    expect(bodyOf(apiCalls(fetchMock, 'PUT', '/api/web-sources/w-2')[0]?.[1])).toEqual({
      name: 'Help centre',
      description: 'FAQ and guides',
      source_type: 'web_source',
      configuration: { url: 'https://help.example.org/', crawl_frequency: 'monthly', crawl_depth: 1, sitemap_url: 'https://help.example.org/sitemap.xml' },
    });
  });

  it('deletes after a confirmation and returns to the list', async () => {
    const { fetchMock } = open('/data-sources/web/w-2/edit');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }, LATER));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Web Source' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('snackbar', undefined, LATER)).textContent).toBe('Web source deleted successfully');
    expect(locationNow()).toBe('/data-sources/web');
    expect(apiCalls(fetchMock, 'DELETE', '/api/web-sources/w-2')).toHaveLength(1);
  });

  it('refuses Delete while knowledge bases use the source', async () => {
    open('/data-sources/web/w-1/edit');
    await waitFor(() => expect(button('Delete').disabled).toBe(true), LATER);
    fireEvent.mouseOver(button('Delete').parentElement as HTMLElement);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Cannot delete web source as it is used in: Docs site, Support');
  });

  it("says so when the source cannot be fetched", async () => {
    open('/data-sources/web/w-gone/edit');
    const alert = await screen.findByTestId('error-alert', undefined, LATER);
    expect(alert.textContent).toContain('Failed to fetch web source');
    expect(alert.textContent).toContain('Web source not found');
  });
});

describe('Crawl report', () => {
  it("shows the last crawl's figures, skips by reason and failed pages with their reasons", async () => {
    const state = webState();
    state.webSources[1] = fakeWebSource('w-2', 'Help centre', {
      page_count: 500,
      last_error: 'Indexed page limit reached',
      crawl_report: fakeReport({ indexed: 480, unchanged: 20, failed_count: 73, stopped_by: 'page-limit' }),
    });
    open('/data-sources/web/w-2/edit', state);
    const report = await screen.findByTestId('crawl-report', undefined, LATER);
    const figure = (testId: string) => within(report).getByTestId(testId).textContent;
    expect(within(report).getByTestId('web-status').textContent).toBe('Ready');
    expect(figure('crawl-page-count')).toBe('Pages500');
    expect(figure('crawl-last')).toMatch(/^Last crawled.*2025/);
    expect(figure('crawl-next')).toMatch(/^Next crawl.*2025/);
    expect(figure('crawl-indexed')).toBe('Indexed480');
    expect(figure('crawl-unchanged')).toBe('Unchanged20');
    expect(figure('crawl-skipped')).toBe('Skipped22');
    expect(figure('crawl-failed')).toBe('Failed73');
    expect(figure('crawl-skip-robots')).toBe('Disallowed by robots.txt3');
    expect(figure('crawl-skip-type')).toBe('Not HTML or PDF4');
    expect(figure('crawl-skip-host')).toBe('On another host7');
    expect(figure('crawl-skip-noindex')).toBe('Marked noindex1');
    expect(figure('crawl-skip-duplicate')).toBe('Duplicates2');
    expect(figure('crawl-skip-depth')).toBe('Beyond the crawl depth5');
    expect(figure('crawl-last-error')).toBe('Indexed page limit reached');
    expect(figure('crawl-stopped-by')).toBe("Stopped at the plan's indexed page limit.");
    const failed = within(within(report).getByTestId('crawl-failed-list')).getAllByRole('listitem').map((item) => item.textContent);
    expect(failed).toEqual(['https://docs.example.com/brokenHTTP 500', 'https://docs.example.com/slowTimed out after 30 s']);
    expect(figure('crawl-failed-note')).toBe('Showing the first 2 of 73 failed pages.');
  });

  it('shows a failed crawl with its error, and a source never crawled', async () => {
    const state = webState();
    state.webSources[1] = fakeWebSource('w-2', 'Help centre', { status: 'failed', last_error: 'The start page answered HTTP 404', crawl_report: null, page_count: 0, last_crawled_at: null, next_crawl_at: null });
    open('/data-sources/web/w-2/edit', state);
    const report = await screen.findByTestId('crawl-report', undefined, LATER);
    expect(within(report).getByTestId('web-status').textContent).toBe('Failed');
    expect(within(report).getByTestId('crawl-last-error').textContent).toBe('The start page answered HTTP 404');
    expect(within(report).getByTestId('crawl-no-report').textContent).toBe('No crawl has finished yet.');
    expect(within(report).getByTestId('crawl-last').textContent).toBe('Last crawled—');
  });

  it('says a new source is queued before its first crawl starts', async () => {
    const state = webState();
    state.webSources[1] = fakeWebSource('w-2', 'Help centre', { status: 'pending', crawl_report: null, page_count: 0, last_crawled_at: null, next_crawl_at: null });
    open('/data-sources/web/w-2/edit', state);
    const report = await screen.findByTestId('crawl-report', undefined, LATER);
    expect(within(report).getByTestId('web-status').textContent).toBe('Pending');
    expect(within(report).getByTestId('crawl-running').textContent).toBe('The crawl is queued and starts shortly.');
    expect(within(report).queryByTestId('crawl-no-report')).toBeNull();
  });

  it('re-reads the source while it crawls, and stops once it is ready', async () => {
    const state = webState();
    const source = fakeWebSource('w-2', 'Help centre', { status: 'crawling', crawl_report: fakeReport({ finished_at: null, indexed: 5, failed_count: 0, failed: [] }) });
    state.webSources[1] = source;
    const { fetchMock } = open('/data-sources/web/w-2/edit', state);
    const report = await screen.findByTestId('crawl-report', undefined, LATER);
    expect(within(report).getByTestId('crawl-running').textContent).toContain('Crawling...');
    expect(within(report).getByRole('progressbar', { name: 'Crawling' })).toBeTruthy();
    expect(within(report).getByTestId('crawl-indexed').textContent).toBe('Indexed5');
    // What is typed is kept across the re-reads.
    type(textbox(/^Description/), 'typing meanwhile');

    Object.assign(source, { crawl_report: fakeReport({ finished_at: null, indexed: 40, failed_count: 0, failed: [] }) });
    await waitFor(() => expect(within(report).getByTestId('crawl-indexed').textContent).toBe('Indexed40'), { timeout: CRAWL_POLL_MS * 3 });
    Object.assign(source, { status: 'ready', crawl_report: fakeReport({ indexed: 58 }) });
    await waitFor(() => expect(within(report).getByTestId('web-status').textContent).toBe('Ready'), { timeout: CRAWL_POLL_MS * 3 });
    expect(within(report).queryByTestId('crawl-running')).toBeNull();
    expect(textbox(/^Description/).value).toBe('typing meanwhile');
    const reads = apiCalls(fetchMock, 'GET', '/api/web-sources/w-2').length;
    await new Promise((resolve) => setTimeout(resolve, CRAWL_POLL_MS + 500));
    expect(apiCalls(fetchMock, 'GET', '/api/web-sources/w-2').length).toBe(reads);
  }, 30_000);
});

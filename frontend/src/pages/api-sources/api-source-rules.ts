import { configurationOf } from './api-source-form';
import type { TestOutcome } from './direct-test';
import { API_SOURCE_DEFAULTS, HTTP_METHODS, type ApiSource, type ApiSourceTestAnswer, type HttpMethod } from './types';

/**
 * The API screens' texts and list rules (spec 02 APIs list, New/Edit API Source, §8, §9) as pure
 * functions, so the pages and their tests share one copy.
 */

export const API_SOURCES_LIST_PATH = '/data-sources/api';
export const API_SOURCES_CREATE_PATH = '/data-sources/api/create';
export const apiSourceEditPath = (id: string) => `/data-sources/api/${encodeURIComponent(id)}/edit`;

/** Spec 02 §9: the list's page size. */
export const API_SOURCE_PAGE_SIZE = 10;
/** Spec 02 §9: how long 'Path copied!' shows. */
export const COPY_HINT_MS = 1000;

export const API_TEXTS = {
  title: 'APIs',
  searchPlaceholder: 'Search API services...',
  add: 'Add API Service',
  empty: 'No API sources found.',
  loggedOut: 'Please log in to view API sources.',
  resourceType: 'API Source',
  newTitle: 'New API Source',
  editTitle: 'Edit API Source',
  createButton: 'Create API Source',
  saveButton: 'Save',
  pathCopied: 'Path copied!',
  // Spec 02 §8, API sources.
  fetchListFailed: 'Failed to fetch API sources',
  deleteFailed: 'Failed to delete API source',
  testFailed: 'Failed to test API source',
  fetchOneFailed: 'Failed to fetch API source',
  createFailed: 'Failed to create API source',
  updateFailed: 'Failed to update API source',
  created: 'API source created successfully',
  updated: 'API source updated successfully',
  deleted: 'API source deleted successfully',
  tested: 'API source test successful',
} as const;

/** The delete confirmation's question. */
export const deleteQuestion = (name: string) => `Are you sure you want to delete "${name}"? Knowledge bases can no longer use it.`;

/** Contract §14.6: the server refuses to delete a source in use; the Delete buttons say so beforehand. */
export const inUseHint = (usedBy: ReadonlyArray<{ name: string }>) => `Cannot delete API source as it is used in: ${usedBy.map((kb) => kb.name).join(', ')}`;

export interface ApiSourceRow {
  /** Spec 02 §3: GET where a listed source has none. */
  method: HttpMethod | string;
  endpoint: string;
  /** Spec 02 list row: '· {n} requests/min'. */
  rate: string;
}

export function listRow(source: ApiSource): ApiSourceRow {
  const config = configurationOf(source);
  const method = typeof config.method === 'string' && config.method.trim() ? config.method.trim().toUpperCase() : 'GET';
  const perMinute = config.performance?.requests_per_minute ?? API_SOURCE_DEFAULTS.requests_per_minute;
  return { method, endpoint: config.endpoint ?? config.url ?? '', rate: `· ${perMinute} requests/min` };
}

/** The method badge's colour, so reads and writes tell apart at a glance. */
export function methodColor(method: string): 'success' | 'primary' | 'warning' | 'error' | 'secondary' | 'default' {
  const colors: Record<HttpMethod, 'success' | 'primary' | 'warning' | 'error' | 'secondary'> = { GET: 'success', POST: 'primary', PUT: 'warning', PATCH: 'secondary', DELETE: 'error' };
  return (HTTP_METHODS as readonly string[]).includes(method) ? colors[method as HttpMethod] : 'default';
}

/** Spec 02 §4: the full success is followed by Status and Content-Type lines. */
export function outcomeLines(outcome: Pick<TestOutcome, 'status' | 'contentType'>): string[] {
  const lines: string[] = [];
  if (outcome.status !== undefined) lines.push(`Status: ${outcome.status}`);
  if (outcome.contentType) lines.push(`Content-Type: ${outcome.contentType}`);
  return lines;
}

/** Contract §14.7's answer in the form's terms, so both tests show alike. */
export function outcomeOfServerTest(answer: ApiSourceTestAnswer): TestOutcome {
  return {
    success: answer.success,
    message: answer.message,
    status: answer.status,
    contentType: answer.contentType,
    data: answer.data,
    records: answer.parsed?.records as TestOutcome['records'],
    recordCount: answer.parsed?.recordCount,
  };
}

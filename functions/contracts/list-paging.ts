import { badRequest } from './contract-error';

/** Contract §1.5 messages. */
export const LIST_MESSAGES = {
  page: 'page must be a positive integer',
  limit: 'limit must be a positive integer',
  search: 'search must be at most 200 characters',
  ids: 'At most 100 ids are allowed',
  sortBy: 'Invalid sort_by value',
  sortOrder: 'Invalid sort_order value',
  boolean: (parameter: string) => `${parameter} must be true or false`,
} as const;

export type SortOrder = 'asc' | 'desc';
type SortValue = string | number | boolean | null | undefined;

export interface ListDefinition<T> {
  /** The endpoint's `sort_by` fields and how to read each from an item. */
  sortFields: Record<string, (item: T) => SortValue>;
  defaultSortBy: string;
  defaultSortOrder: SortOrder;
  /** The fields `search` matches, case-insensitively, as substrings. */
  searchText: (item: T) => Array<string | null | undefined>;
  id: (item: T) => string;
  maxLimit?: number;
}

export interface ListQuery {
  page: number;
  limit: number;
  all: boolean;
  search: string;
  ids?: string[];
  sortBy: string;
  sortOrder: SortOrder;
}

export type RawQuery = Record<string, string | undefined>;

const ALL_CAP = 1000;
const ALL_BODY_BUDGET_BYTES = 5 * 1024 * 1024;

function positiveInteger(value: string | undefined, message: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) throw badRequest(message);
  return Number(value);
}

/** `true` or `false` only (§1.5); undefined when absent. */
export function booleanParameter(query: RawQuery, name: string): boolean | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (value !== 'true' && value !== 'false') throw badRequest(LIST_MESSAGES.boolean(name));
  return value === 'true';
}

/** Parses the list parameters of §1.5, with the documents' aliases (`q`, `sort_direction`). */
export function parseListQuery<T>(query: RawQuery, definition: ListDefinition<T>): ListQuery {
  const page = positiveInteger(query.page, LIST_MESSAGES.page) ?? 1;
  const maxLimit = definition.maxLimit ?? 100;
  const limit = Math.min(positiveInteger(query.limit, LIST_MESSAGES.limit) ?? 10, maxLimit);
  const search = (query.search ?? query.q ?? '').trim();
  if (search.length > 200) throw badRequest(LIST_MESSAGES.search);
  const ids = query.ids === undefined ? undefined : query.ids.split(',').map((id) => id.trim()).filter(Boolean);
  if (ids && ids.length > 100) throw badRequest(LIST_MESSAGES.ids);
  const sortBy = query.sort_by ?? definition.defaultSortBy;
  // Own fields only: `in` also finds what every object inherits (__proto__, constructor, toString).
  if (!Object.hasOwn(definition.sortFields, sortBy)) throw badRequest(LIST_MESSAGES.sortBy);
  const rawOrder = (query.sort_order ?? query.sort_direction ?? definition.defaultSortOrder).toLowerCase();
  if (rawOrder !== 'asc' && rawOrder !== 'desc') throw badRequest(LIST_MESSAGES.sortOrder);
  return { page, limit, all: booleanParameter(query, 'all') ?? false, search, ids, sortBy, sortOrder: rawOrder };
}

function compare(a: SortValue, b: SortValue): number {
  // Missing values sort last whatever the order, so "never logged in" does not lead a list.
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b, 'en', { sensitivity: 'base' });
  return a < b ? -1 : 1;
}

export interface ListPage<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** Search, sort and page the items of one partition as §1.5 describes; `all` and `ids` as it says. */
export function applyListQuery<T>(items: T[], query: ListQuery, definition: ListDefinition<T>, serializedSize: (item: T) => number = (item) => JSON.stringify(item).length): ListPage<T> {
  if (query.ids) {
    const wanted = new Set(query.ids);
    const picked = items.filter((item) => wanted.has(definition.id(item)));
    return { items: picked, page: 1, limit: picked.length, total: picked.length, totalPages: picked.length === 0 ? 0 : 1 };
  }
  const needle = query.search.toLowerCase();
  const matching = needle ? items.filter((item) => definition.searchText(item).some((text) => text?.toLowerCase().includes(needle))) : items;
  const read = definition.sortFields[query.sortBy] as (item: T) => SortValue;
  const direction = query.sortOrder === 'asc' ? 1 : -1;
  const sorted = [...matching].sort((a, b) => {
    const primary = read(a);
    const secondary = read(b);
    if (primary === null || primary === undefined || secondary === null || secondary === undefined) return compare(primary, secondary);
    return direction * compare(primary, secondary) || compare(definition.id(a), definition.id(b));
  });
  if (query.all) {
    const picked: T[] = [];
    let budget = ALL_BODY_BUDGET_BYTES;
    for (const item of sorted.slice(0, ALL_CAP)) {
      budget -= serializedSize(item);
      if (budget < 0) break;
      picked.push(item);
    }
    return { items: picked, page: 1, limit: picked.length, total: sorted.length, totalPages: picked.length === 0 ? 0 : 1 };
  }
  const start = (query.page - 1) * query.limit;
  return {
    items: sorted.slice(start, start + query.limit),
    page: query.page,
    limit: query.limit,
    total: sorted.length,
    totalPages: Math.ceil(sorted.length / query.limit),
  };
}

/** The `{ data, pagination }` shape of groups, users and organizations (§1.5). */
export function dataWithPagination<T, R>(page: ListPage<T>, present: (item: T) => R, truncated = false) {
  return {
    data: page.items.map(present),
    pagination: { page: page.page, limit: page.limit, total: page.total, totalPages: page.totalPages },
    ...(truncated ? { truncated: true } : {}),
  };
}

import type { Pagination } from '../../api/entities';

/** Spec 02 §9 / spec 03 §9: the pager shows up to five page numbers at a time. */
export const PAGE_WINDOW = 5;

export interface PageWindow {
  /** The page numbers shown, in order. */
  pages: number[];
  /** Pages before the window are hidden behind an ellipsis. */
  leadingEllipsis: boolean;
  /** Pages after the window are hidden behind an ellipsis. */
  trailingEllipsis: boolean;
}

/** The numbers the pager shows: a window of `size` pages around the current one, kept inside 1..total. */
export function pageWindow(page: number, totalPages: number, size = PAGE_WINDOW): PageWindow {
  const total = Math.max(1, totalPages);
  const current = Math.min(Math.max(1, page), total);
  const span = Math.min(size, total);
  let start = current - Math.floor((span - 1) / 2);
  start = Math.max(1, Math.min(start, total - span + 1));
  const pages = Array.from({ length: span }, (_, index) => start + index);
  return { pages, leadingEllipsis: start > 1, trailingEllipsis: start + span - 1 < total };
}

/** Spec 02: the list footer, 'Showing X to Y of Z entries' ('Showing 0 to 0 of 0 entries' when empty). */
export function entriesText(pagination: Pick<Pagination, 'page' | 'limit' | 'total'>): string {
  if (pagination.total <= 0) return 'Showing 0 to 0 of 0 entries';
  const first = (pagination.page - 1) * pagination.limit + 1;
  const last = Math.min(pagination.total, first + pagination.limit - 1);
  return `Showing ${first} to ${last} of ${pagination.total} entries`;
}

/** One page of a list held whole on the client, with the paging figures the footer shows. */
export function pageOf<T>(items: readonly T[], page: number, limit: number): { rows: T[]; pagination: Pagination } {
  const totalPages = Math.ceil(items.length / limit);
  const current = Math.min(Math.max(1, page), Math.max(1, totalPages));
  return { rows: items.slice((current - 1) * limit, current * limit), pagination: { page: current, limit, total: items.length, totalPages } };
}

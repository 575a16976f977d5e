import type { CrawlReport } from './crawl-types';

/** Failures listed in a report; more are not listed (the counts of the rest are what a person acts on). */
export const MAX_FAILURES_LISTED = 200;

export type SkipReason = keyof CrawlReport['skipped'];

export function emptyReport(): CrawlReport {
  return { indexed: 0, unchanged: 0, skipped: { robots: 0, type: 0, host: 0, noindex: 0, duplicate: 0, depth: 0 }, failed: [] };
}

/** A report to add to, copied so that the cursor a slice started from is never changed. */
export function copyReport(report: CrawlReport): CrawlReport {
  return { ...report, skipped: { ...report.skipped }, failed: report.failed.map((failure) => ({ ...failure })) };
}

export function recordFailure(report: CrawlReport, url: string, reason: string): void {
  if (report.failed.length < MAX_FAILURES_LISTED) report.failed.push({ url, reason });
}

export function recordSkip(report: CrawlReport, reason: SkipReason): void {
  report.skipped[reason] += 1;
}

/** Pages in the crawl's page set so far. */
export function pagesCounted(report: CrawlReport): number {
  return report.indexed + report.unchanged;
}

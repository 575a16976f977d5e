import robotsParser from 'robots-parser';
import { CRAWLER_USER_AGENT } from './crawl-types';

/** robots.txt is read up to this size (RFC 9309 asks crawlers to read at least 500 KiB). */
export const ROBOTS_MAX_BYTES = 512 * 1024;
/** A Crawl-delay above this is not honoured beyond it: 500 pages would otherwise take days. */
const MAX_CRAWL_DELAY_SECONDS = 10;

export interface RobotsRules {
  isAllowed(url: URL): boolean;
  /** Crawl-delay for our user agent in ms (at most 10 s), if the file sets one. */
  crawlDelayMs?: number;
}

/** What the answer to GET /robots.txt means (RFC 9309 §2.3.1). */
export type RobotsAnswer = { status: number; text: string } | { unreachable: true };

export const ALLOW_ALL: RobotsRules = { isAllowed: () => true };
const DISALLOW_ALL: RobotsRules = { isAllowed: () => false };

/**
 * The rules of an origin's robots.txt for GroundworkCrawler/1.0 (robots-parser): a 2xx file is read
 * (its group for our user agent, else `*`); 4xx (no file, or not for us to read) and a redirect
 * chain that never ends allow everything;
 * a server error or no answer at all disallows everything, as RFC 9309 asks, because the site may
 * be struggling and its rules are unknown.
 */
export function robotsRules(robotsUrl: string, answer: RobotsAnswer): RobotsRules {
  if ('unreachable' in answer || answer.status >= 500) return DISALLOW_ALL;
  if (answer.status < 200 || answer.status >= 300) return ALLOW_ALL;
  const parsed = robotsParser(robotsUrl, answer.text);
  const delay = parsed.getCrawlDelay(CRAWLER_USER_AGENT);
  return {
    // robots-parser answers undefined for a URL of another origin; the crawler never asks about one.
    isAllowed: (url) => parsed.isAllowed(url.href, CRAWLER_USER_AGENT) !== false,
    ...(delay !== undefined && delay > 0 ? { crawlDelayMs: Math.min(delay, MAX_CRAWL_DELAY_SECONDS) * 1000 } : {}),
  };
}

export function robotsUrlOf(origin: URL): string {
  return new URL('/robots.txt', origin).href;
}

import { describe, expect, it } from 'vitest';
import { robotsRules } from './robots';

const ROBOTS_URL = 'https://docs.example.com/robots.txt';
const url = (path: string) => new URL(path, 'https://docs.example.com');

describe('robotsRules', () => {
  it('reads the group for GroundworkCrawler, which replaces the * group', () => {
    const rules = robotsRules(ROBOTS_URL, { status: 200, text: 'User-agent: *\nDisallow: /\n\nUser-agent: GroundworkCrawler\nDisallow: /private/\nAllow: /private/open\nCrawl-delay: 2\n' });
    expect(rules.isAllowed(url('/guide'))).toBe(true);
    expect(rules.isAllowed(url('/private/keys'))).toBe(false);
    expect(rules.isAllowed(url('/private/open'))).toBe(true);
    expect(rules.crawlDelayMs).toBe(2000);
  });

  it('falls back to the * group and caps a long Crawl-delay', () => {
    const rules = robotsRules(ROBOTS_URL, { status: 200, text: 'User-agent: *\nDisallow: /admin\nCrawl-delay: 120' });
    expect(rules.isAllowed(url('/admin/users'))).toBe(false);
    expect(rules.isAllowed(url('/docs'))).toBe(true);
    expect(rules.crawlDelayMs).toBe(10_000);
  });

  it('allows everything without a file (4xx) and nothing when the server fails or does not answer (RFC 9309)', () => {
    expect(robotsRules(ROBOTS_URL, { status: 404, text: '' }).isAllowed(url('/a'))).toBe(true);
    expect(robotsRules(ROBOTS_URL, { status: 403, text: '' }).isAllowed(url('/a'))).toBe(true);
    expect(robotsRules(ROBOTS_URL, { status: 503, text: '' }).isAllowed(url('/a'))).toBe(false);
    expect(robotsRules(ROBOTS_URL, { unreachable: true }).isAllowed(url('/a'))).toBe(false);
  });
});

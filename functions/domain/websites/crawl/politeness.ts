import { REQUEST_INTERVAL_MS } from './crawl-types';

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * §13.8's "at most 2 requests/s per host": request starts to one host are at least 500 ms apart
 * (robots.txt and sitemap requests included), or more when robots.txt asks for a Crawl-delay.
 * The last start per host is kept in the cursor, so the next slice keeps the pace too.
 */
export class Politeness {
  private readonly last: Map<string, number>;
  private readonly intervals = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    lastRequestAt: Record<string, number> = {},
    private readonly intervalMs: number = REQUEST_INTERVAL_MS,
  ) {
    this.last = new Map(Object.entries(lastRequestAt));
  }

  /** A longer interval for one host (robots.txt Crawl-delay); never shorter than the default. */
  slowDown(host: string, intervalMs: number): void {
    this.intervals.set(host, Math.max(this.intervalMs, intervalMs));
  }

  /** How long a request to `host` must still wait. */
  delay(host: string): number {
    const last = this.last.get(host);
    if (last === undefined) return 0;
    return Math.max(0, last + (this.intervals.get(host) ?? this.intervalMs) - this.clock.now());
  }

  /** Waits until `host` may be asked again and books that moment as its last request. */
  async wait(host: string): Promise<void> {
    const delay = this.delay(host);
    if (delay > 0) await this.clock.sleep(delay);
    this.last.set(host, this.clock.now());
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.last);
  }
}

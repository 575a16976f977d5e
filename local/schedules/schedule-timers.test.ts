import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE_RULES, startScheduleTimers, type ScheduledInput } from './schedule-timers';

describe('startScheduleTimers', () => {
  const stops: Array<() => void> = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it('defaults to the two rules of contract §23.2', () => {
    expect(DEFAULT_SCHEDULE_RULES.map((rule) => [rule.name, rule.everyMs, rule.input])).toEqual([
      ['crawl-scheduler', 3_600_000, { type: 'schedule.crawl' }],
      ['cleanup', 86_400_000, { type: 'schedule.cleanup' }],
    ]);
  });

  it('fires each rule with its fixed input plus the current time, repeatedly', async () => {
    const events: ScheduledInput[] = [];
    const before = Date.now();
    const timers = startScheduleTimers({
      handler: (event) => {
        events.push(event);
      },
      rules: [{ name: 'fast', everyMs: 40, input: { type: 'schedule.crawl', extra: 1 } }],
    });
    stops.push(timers.stop);
    await waitFor(() => events.length >= 2);
    expect(events[0]).toMatchObject({ type: 'schedule.crawl', extra: 1 });
    const time = Date.parse(events[0]!.time);
    expect(events[0]!.time).toBe(new Date(time).toISOString());
    expect(time).toBeGreaterThanOrEqual(before);

    timers.stop();
    const count = events.length;
    await sleep(100);
    expect(events.length).toBe(count);
  });

  it('runs at start when asked, and survives a failing handler', async () => {
    const seen: string[] = [];
    const errors: string[] = [];
    const timers = startScheduleTimers({
      handler: async (event) => {
        seen.push(event.type);
        throw new Error('handler down');
      },
      rules: [
        { name: 'crawl-scheduler', everyMs: 3_600_000, input: { type: 'schedule.crawl' } },
        { name: 'cleanup', everyMs: 86_400_000, input: { type: 'schedule.cleanup' } },
      ],
      runAtStart: true,
      logger: { info: () => undefined, error: (message) => errors.push(message) },
    });
    stops.push(timers.stop);
    await waitFor(() => errors.length === 2);
    expect(seen.sort()).toEqual(['schedule.cleanup', 'schedule.crawl']);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/failed/);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

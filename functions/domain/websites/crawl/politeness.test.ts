import { describe, expect, it } from 'vitest';
import { fakeClock } from './__fixtures__/test-sites';
import { Politeness } from './politeness';

describe('Politeness', () => {
  it('spaces request starts to one host at least 500 ms apart (2 per second)', async () => {
    const clock = fakeClock(0);
    const politeness = new Politeness(clock);
    const starts: number[] = [];
    for (let request = 0; request < 5; request += 1) {
      await politeness.wait('docs.example.com');
      starts.push(clock.now());
    }
    expect(starts).toEqual([0, 500, 1000, 1500, 2000]);
  });

  it('waits only for the rest of the interval, and not at all once it has passed', async () => {
    const clock = fakeClock(0);
    const politeness = new Politeness(clock);
    await politeness.wait('a');
    await clock.sleep(200); // the request itself took 200 ms
    expect(politeness.delay('a')).toBe(300);
    await politeness.wait('a');
    expect(clock.now()).toBe(500);
    await clock.sleep(900);
    await politeness.wait('a');
    expect(clock.now()).toBe(1400);
    expect(clock.slept()).toBe(1400);
  });

  it('keeps hosts apart', async () => {
    const clock = fakeClock(0);
    const politeness = new Politeness(clock);
    await politeness.wait('a');
    await politeness.wait('b');
    expect(clock.now()).toBe(0);
    await politeness.wait('a');
    expect(clock.now()).toBe(500);
  });

  it('honours a longer Crawl-delay, never a shorter interval', async () => {
    const clock = fakeClock(0);
    const politeness = new Politeness(clock);
    politeness.slowDown('a', 2000);
    politeness.slowDown('b', 100);
    await politeness.wait('a');
    await politeness.wait('a');
    expect(clock.now()).toBe(2000);
    await politeness.wait('b');
    await politeness.wait('b');
    expect(clock.now()).toBe(2500);
  });

  it('continues the pace of an earlier slice from its snapshot', async () => {
    const clock = fakeClock(0);
    const first = new Politeness(clock);
    await first.wait('a');
    const second = new Politeness(clock, JSON.parse(JSON.stringify(first.snapshot())) as Record<string, number>);
    await second.wait('a');
    expect(clock.now()).toBe(500);
  });
});

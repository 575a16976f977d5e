import { describe, expect, it } from 'vitest';
import { fixedWindowAt, secondsUntil } from './fixed-window';

describe('fixed rate-limit windows (contract §1.8)', () => {
  it('puts every instant of one minute in the same window and the next minute in the next', () => {
    const start = 1_700_000_040_000; // a whole minute
    expect(fixedWindowAt(start, 60)).toEqual({ index: start / 60_000, endsAt: start / 1000 + 60 });
    expect(fixedWindowAt(start + 59_999, 60).index).toBe(start / 60_000);
    expect(fixedWindowAt(start + 60_000, 60).index).toBe(start / 60_000 + 1);
  });

  it('answers Retry-After in whole seconds until the window ends, never 0', () => {
    const start = 1_700_000_040_000;
    const { endsAt } = fixedWindowAt(start + 12_300, 60);
    expect(secondsUntil(endsAt, start + 12_300)).toBe(48);
    expect(secondsUntil(endsAt, start + 59_999)).toBe(1);
    expect(secondsUntil(endsAt, start + 70_000)).toBe(1);
  });
});

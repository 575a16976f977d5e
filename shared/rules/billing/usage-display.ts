/**
 * How usage reads on the Resource Usage page (spec 03 §9): bars capped at 100 %, red from 90 %,
 * yellow from 75 %, counts shortened to K and M.
 */
export type UsageColour = 'red' | 'yellow' | 'blue';

export function usageBarPercent(used: number, limit: number | null): number {
  if (limit === null) return 0;
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, (used / limit) * 100);
}

export function usageColour(percent: number): UsageColour {
  if (percent >= 90) return 'red';
  if (percent >= 75) return 'yellow';
  return 'blue';
}

/** 999 → "999", 1,500 → "1.5K", 2,000,000 → "2M"; one decimal, trailing ".0" dropped. */
export function formatCount(value: number): string {
  const shorten = (divisor: number, suffix: string) => `${Number((value / divisor).toFixed(1))}${suffix}`;
  if (Math.abs(value) > 1_000_000) return shorten(1_000_000, 'M');
  if (Math.abs(value) > 1_000) return shorten(1_000, 'K');
  return String(value);
}

import { describe, expect, it } from 'vitest';
import { fitToBytes } from './test-api-source';

const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe("a test's data cut to 64 KB", () => {
  it('keeps a small value as it is', () => {
    expect(fitToBytes({ a: [1, 2] }, 100)).toEqual({ value: { a: [1, 2] }, truncated: false });
  });

  it('keeps the shape of a large one: the first records of its arrays, within the budget', () => {
    const big = { meta: { total: 5000 }, data: { items: Array.from({ length: 5000 }, (_, index) => ({ id: index, text: 'ø'.repeat(40) })) } };
    const { value, truncated } = fitToBytes(big, 64 * 1024);
    expect(truncated).toBe(true);
    expect(size(value)).toBeLessThanOrEqual(64 * 1024);
    const items = (value as typeof big).data.items;
    expect(items.length).toBeGreaterThan(100);
    expect(items[0]).toEqual(big.data.items[0]);
    expect((value as typeof big).meta).toEqual({ total: 5000 });
  });

  it('cuts a long string by bytes, not characters', () => {
    const { value } = fitToBytes('€'.repeat(50_000), 1000);
    expect(size(value)).toBeLessThanOrEqual(1000);
    expect((value as string).length).toBeGreaterThan(250);
  });
});

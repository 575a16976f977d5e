/**
 * `requests_per_minute` (§14): calls of one API source are spaced at least 60 000 / n ms apart,
 * retries included, so no minute ever holds more than n of them. The spacing is kept per process:
 * one source's calls for a deployment all run in one indexing worker, and a test runs in the API
 * function (docs/contract-decisions.md).
 */
const nextSlot = new Map<string, number>();

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the source's next free slot and takes it. */
export async function takeCallSlot(key: string, requestsPerMinute: number, sleep: Sleep = realSleep, now: () => number = Date.now): Promise<void> {
  const interval = 60_000 / requestsPerMinute;
  const at = Math.max(now(), nextSlot.get(key) ?? 0);
  nextSlot.set(key, at + interval);
  // Old entries of sources that went quiet are dropped; their next slot is long past.
  if (nextSlot.size > 10_000) for (const [other, slot] of nextSlot) if (slot < now()) nextSlot.delete(other);
  const wait = at - now();
  if (wait > 0) await sleep(wait);
}

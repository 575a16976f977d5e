/** One fixed window of a rate limit: which window `now` falls in and when it ends. */
export interface FixedWindow {
  /** The window's number since the epoch; part of the counter's key, so a new window starts at zero. */
  index: number;
  /** Epoch seconds at which the window ends. */
  endsAt: number;
}

export function fixedWindowAt(nowMs: number, windowSeconds: number): FixedWindow {
  const index = Math.floor(nowMs / 1000 / windowSeconds);
  return { index, endsAt: (index + 1) * windowSeconds };
}

/** Whole seconds until `epochSeconds`, at least 1: a `Retry-After` of 0 would invite an immediate retry. */
export function secondsUntil(epochSeconds: number, nowMs: number): number {
  return Math.max(1, Math.ceil(epochSeconds - nowMs / 1000));
}

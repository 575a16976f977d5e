import { availableParallelism } from 'node:os';

/**
 * How many extractions run at once in this process. The queue hands a worker batches of up to ten
 * records and processes them together, and every extraction is a worker thread with a heap of its
 * own; more of them than cores only adds memory, never speed.
 */
export const EXTRACTION_SLOTS = Math.max(1, Math.min(4, availableParallelism()));

let free = EXTRACTION_SLOTS;
const waiting: Array<() => void> = [];

export async function withExtractionSlot<T>(work: () => Promise<T>): Promise<T> {
  if (free > 0) free -= 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  }
}

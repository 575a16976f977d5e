import { availableParallelism } from 'node:os';

/**
 * How many extractions run at once in this process. The queue hands a worker batches of up to ten
 * records and processes them together, and every extraction is a worker thread with a heap of its
 * own; more of them than cores only adds memory, never speed.
 */
export const EXTRACTION_SLOTS = Math.max(1, Math.min(4, availableParallelism()));

/**
 * Extraction slots shared fairly between organisations. One FIFO let a few slow files of one
 * organisation (a PDF may take the whole 120 s) hold every other organisation's files behind them,
 * so waiting extractions queue per organisation and a freed slot goes round-robin: to the waiting
 * organisation that was served longest ago (or never). An organisation with one file waits for at
 * most one file of each other organisation, however many those have queued.
 */
export class FairSlots {
  private free: number;
  /** Waiting extractions per organisation, oldest first. */
  private readonly waiting = new Map<string, Array<() => void>>();
  /** When each organisation with running or waiting extractions last got a slot (a turn number). */
  private readonly lastServed = new Map<string, number>();
  private readonly running = new Map<string, number>();
  private turn = 0;

  constructor(slots: number) {
    this.free = slots;
  }

  async run<T>(organizationId: string, work: () => Promise<T>): Promise<T> {
    if (this.free > 0) {
      this.free -= 1;
      this.serve(organizationId);
    } else {
      await new Promise<void>((resolve) => {
        const jobs = this.waiting.get(organizationId);
        if (jobs) jobs.push(resolve);
        else this.waiting.set(organizationId, [resolve]);
      });
    }
    try {
      return await work();
    } finally {
      this.finish(organizationId);
    }
  }

  /** Extractions waiting for a slot, all organisations together. */
  get pending(): number {
    let count = 0;
    for (const jobs of this.waiting.values()) count += jobs.length;
    return count;
  }

  private serve(organizationId: string): void {
    this.turn += 1;
    this.lastServed.set(organizationId, this.turn);
    this.running.set(organizationId, (this.running.get(organizationId) ?? 0) + 1);
  }

  private finish(organizationId: string): void {
    const left = (this.running.get(organizationId) ?? 1) - 1;
    if (left > 0) this.running.set(organizationId, left);
    else this.running.delete(organizationId);
    if (left === 0 && !this.waiting.has(organizationId)) this.lastServed.delete(organizationId);

    let next: string | undefined;
    for (const candidate of this.waiting.keys()) {
      if (next === undefined || (this.lastServed.get(candidate) ?? 0) < (this.lastServed.get(next) ?? 0)) next = candidate;
    }
    if (next === undefined) {
      this.free += 1;
      return;
    }
    const jobs = this.waiting.get(next) as Array<() => void>;
    const start = jobs.shift() as () => void;
    if (jobs.length === 0) this.waiting.delete(next);
    this.serve(next);
    start();
  }
}

const slots = new FairSlots(EXTRACTION_SLOTS);

export function withExtractionSlot<T>(organizationId: string, work: () => Promise<T>): Promise<T> {
  return slots.run(organizationId, work);
}

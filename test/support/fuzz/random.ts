/** A small seeded PRNG (mulberry32), so a fuzz run can be repeated exactly from its seed. */
export class Random {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(below: number): number {
    return Math.floor(this.next() * below);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)] as T;
  }

  /** A few distinct items, in random order. */
  some<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(this.int(pool.length), 1)[0] as T);
    return chosen;
  }
}

/** The seed of this run: FUZZ_SEED when set, else a fresh one (printed, so a failure can be replayed). */
export function fuzzSeed(): number {
  const fromEnvironment = process.env.FUZZ_SEED;
  if (fromEnvironment !== undefined && fromEnvironment.trim() !== '') {
    const seed = Number(fromEnvironment);
    if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, got ${fromEnvironment}`);
    return seed >>> 0;
  }
  return Math.floor(Math.random() * 2 ** 32) >>> 0;
}

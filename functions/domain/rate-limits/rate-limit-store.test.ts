import { describe, expect, it } from 'vitest';
import type { DatabasePort } from '../../contracts/ports/database';
import { fixedWindowAt } from './fixed-window';
import { consumeRateLimit, rateCounterKey } from './rate-limit-store';
import { leaseSize } from './rate-leases';

/**
 * The counters of a table, as DynamoDB applies the counter's conditional `ADD`: shared by every
 * "process" (client) made from it, so several processes can be run against one limit.
 */
function counterTable() {
  const counts = new Map<string, number>();
  let writes = 0;
  const process = (): DatabasePort => {
    const client = {
      async send(command: { input: { Key: { PK: string }; ExpressionAttributeValues: Record<string, number> } }) {
        writes += 1;
        const { Key, ExpressionAttributeValues: values } = command.input;
        const count = counts.get(Key.PK);
        if (count !== undefined && count > values[':room']!) throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
        counts.set(Key.PK, (count ?? 0) + values[':size']!);
        return { Attributes: { count: counts.get(Key.PK) } };
      },
    };
    return { adapter: 'dynamodb-local', tableName: 't', client, ping: async () => undefined } as unknown as DatabasePort;
  };
  return { process, writes: () => writes, set: (key: { PK: string }, count: number) => counts.set(key.PK, count) };
}

const minute = (limit: number) => ({ scope: 'test', limit, windowSeconds: 60 });
const START = 1_700_000_040_000;

describe('rate-limit counters with leases', () => {
  it('counts limits under 200 one request at a time: every request writes the counter', async () => {
    expect(leaseSize(100)).toBe(1);
    const table = counterTable();
    const database = table.process();
    const decisions = [];
    for (let i = 0; i < 101; i++) decisions.push(await consumeRateLimit(database, minute(100), 'k', START));
    expect(decisions.slice(0, 100).map((decision) => (decision.allowed ? decision.used : -1))).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(decisions[100]).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(table.writes()).toBe(101);
  });

  it('takes a high limit a block at a time, telling each request its exact place, and stops at the limit', async () => {
    expect(leaseSize(1_000)).toBe(10);
    const table = counterTable();
    const database = table.process();
    const used: number[] = [];
    for (let i = 0; i < 1_000; i++) {
      const decision = await consumeRateLimit(database, minute(1_000), 'k', START + i);
      if (!decision.allowed) throw new Error(`request ${i + 1} refused`);
      used.push(decision.used);
    }
    expect(used).toEqual(Array.from({ length: 1_000 }, (_, i) => i + 1));
    expect(table.writes()).toBe(100);
    expect((await consumeRateLimit(database, minute(1_000), 'k', START + 1_000)).allowed).toBe(false);
    // A new window starts from nothing.
    expect(await consumeRateLimit(database, minute(1_000), 'k', START + 60_000)).toEqual({ allowed: true, used: 1 });
  });

  it('never lets several processes together past the limit, and refuses at most a block less per other process', async () => {
    const table = counterTable();
    const processes = [table.process(), table.process(), table.process()];
    let allowed = 0;
    for (let i = 0; i < 2_000; i++) {
      const decision = await consumeRateLimit(processes[i % 3]!, minute(1_500), 'k', START);
      if (decision.allowed) allowed += 1;
    }
    const block = leaseSize(1_500);
    expect(allowed).toBeLessThanOrEqual(1_500);
    expect(allowed).toBeGreaterThanOrEqual(1_500 - 2 * (block - 1));
  });

  it('fills the last places one by one when a whole block no longer fits', async () => {
    const table = counterTable();
    const [first, second] = [table.process(), table.process()];
    // The first process reserves a block of 2 of the 200; the second then takes the other 198.
    expect(await consumeRateLimit(first, minute(200), 'k', START)).toEqual({ allowed: true, used: 1 });
    let secondAllowed = 0;
    for (let i = 0; i < 210; i++) if ((await consumeRateLimit(second, minute(200), 'k', START)).allowed) secondAllowed += 1;
    expect(secondAllowed).toBe(198);
    // The first still holds one request of its block, and then none.
    expect((await consumeRateLimit(first, minute(200), 'k', START)).allowed).toBe(true);
    expect((await consumeRateLimit(first, minute(200), 'k', START)).allowed).toBe(false);
  });

  it('takes single requests when a whole block no longer fits under the limit', async () => {
    const table = counterTable();
    const database = table.process();
    table.set(rateCounterKey('test', 'k', fixedWindowAt(START, 60).index), 197);
    const used = [];
    for (let i = 0; i < 4; i++) {
      const decision = await consumeRateLimit(database, minute(200), 'k', START);
      used.push(decision.allowed ? decision.used : 'refused');
    }
    expect(used).toEqual([198, 199, 200, 'refused']);
  });

  it('lets no leased request past a limit lowered since the block was reserved', async () => {
    const database = counterTable().process();
    expect(await consumeRateLimit(database, minute(5_000), 'k', START)).toEqual({ allowed: true, used: 1 });
    expect(await consumeRateLimit(database, minute(5_000), 'k', START)).toEqual({ allowed: true, used: 2 });
    // The process still holds 48 of its block of 50, but the limit is now 3.
    expect(await consumeRateLimit(database, minute(3), 'k', START)).toEqual({ allowed: true, used: 3 });
    expect((await consumeRateLimit(database, minute(3), 'k', START)).allowed).toBe(false);
  });

  it('keeps keys and scopes apart', async () => {
    const database = counterTable().process();
    expect((await consumeRateLimit(database, minute(1), 'a', START)).allowed).toBe(true);
    expect((await consumeRateLimit(database, minute(1), 'a', START)).allowed).toBe(false);
    expect((await consumeRateLimit(database, minute(1), 'b', START)).allowed).toBe(true);
    expect((await consumeRateLimit(database, { ...minute(1), scope: 'other' }, 'a', START)).allowed).toBe(true);
  });
});

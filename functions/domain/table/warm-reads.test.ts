import { describe, expect, it } from 'vitest';
import type { DatabasePort } from '../../contracts/ports/database';
import { isWarmReadItem, warmRead, WARM_READ_TTL_MS } from './warm-reads';
import { writtenSortKeys } from './write-watch';

type Middleware = (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => (args: unknown) => Promise<unknown>;

/** A client with the SDK's middleware stack shape: send(commandName, input) runs the registered middleware. */
function watchedDatabase() {
  const middleware: Middleware[] = [];
  const client = {
    middlewareStack: { add: (handler: Middleware) => middleware.push(handler) },
    send: (commandName: string, input: unknown) =>
      middleware.reduceRight<(args: unknown) => Promise<unknown>>((next, handler) => handler(next, { commandName }), async () => ({}))({ input }),
  };
  return { database: { adapter: 'dynamodb-local', tableName: 't', client, ping: async () => undefined } as unknown as DatabasePort, client };
}

describe('warm reads', () => {
  it('loads once per key within the time to live, again after it', async () => {
    const { database } = watchedDatabase();
    let clock = 1_000;
    let loads = 0;
    const read = () => warmRead(database, 'k', async () => ++loads, () => clock);
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    clock += WARM_READ_TTL_MS - 1;
    expect(await read()).toBe(1);
    clock += 1;
    expect(await read()).toBe(2);
  });

  it('forgets everything when a write names an item it may hold, and not for other writes or reads', async () => {
    const { database, client } = watchedDatabase();
    let loads = 0;
    const read = () => warmRead(database, 'k', async () => ++loads);
    expect(await read()).toBe(1);
    await client.send('GetCommand', { Key: { PK: 'ORG#o', SK: 'APP#a' } });
    await client.send('TransactWriteCommand', { TransactItems: [{ Put: { Item: { PK: 'ORG#o#SESSION#s', SK: 'MSG#1' } } }] });
    expect(await read()).toBe(1);
    await client.send('UpdateCommand', { Key: { PK: 'ORG#o', SK: 'APP#a' }, UpdateExpression: 'SET enabled = :f' });
    expect(await read()).toBe(2);
    await client.send('PutItemCommand', { Item: { PK: { S: 'ORG#o' }, SK: { S: 'SUBSCRIPTION' } } });
    expect(await read()).toBe(3);
  });

  it('keeps no failed load, and never caches for a client whose writes it cannot watch', async () => {
    const { database } = watchedDatabase();
    let attempts = 0;
    const failing = () => warmRead(database, 'f', async () => (++attempts === 1 ? Promise.reject(new Error('down')) : attempts));
    await expect(failing()).rejects.toThrow('down');
    expect(await failing()).toBe(2);
    const unwatched = { adapter: 'dynamodb-local', tableName: 't', client: {}, ping: async () => undefined } as unknown as DatabasePort;
    let loads = 0;
    await warmRead(unwatched, 'k', async () => ++loads);
    expect(await warmRead(unwatched, 'k', async () => ++loads)).toBe(2);
  });

  it('reads the sort keys of every kind of write, document or marshalled', () => {
    expect(writtenSortKeys({ Item: { PK: 'p', SK: 'ORG' } })).toEqual(['ORG']);
    expect(writtenSortKeys({ Key: { PK: { S: 'p' }, SK: { S: 'KB#k' } } })).toEqual(['KB#k']);
    expect(writtenSortKeys({ TransactItems: [{ Update: { Key: { SK: 'APITOKEN' } } }, { Delete: { Key: { SK: 'APP#a' } } }, { ConditionCheck: { Key: { SK: 'X' } } }] })).toEqual(['APITOKEN', 'APP#a']);
    expect(writtenSortKeys({ RequestItems: { t: [{ PutRequest: { Item: { SK: 'KBGROUP#k#g' } } }, { DeleteRequest: { Key: { SK: 'USER#u' } } }] } })).toEqual(['KBGROUP#k#g', 'USER#u']);
    expect(['ORG', 'SUBSCRIPTION', 'APITOKEN', 'APP#a', 'APPGROUP#a#g', 'KB#k', 'KBGROUP#k#g'].every(isWarmReadItem)).toBe(true);
    expect(['USER#u', 'SESSION#a#web:u#s', 'MSG#1', 'RATE', 'COUNTERS'].some(isWarmReadItem)).toBe(false);
  });
});

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { DatabasePort } from '../../contracts/ports/database';
import { assertConversationRoom, conversationCounted, conversationCounterName, ConversationLimitError } from './conversation-quota';

const PERIOD = '2026-11-01T00:00:00.000Z';

/** A table holding one organization's counters item; counts its reads. */
function countersTable(used: number) {
  const table = { used, reads: 0 };
  const client = {
    async send(command: unknown) {
      if (!(command instanceof GetCommand)) throw new Error('only reads are expected');
      table.reads += 1;
      return { Item: { [conversationCounterName(PERIOD)]: table.used } };
    },
  };
  const database = { adapter: 'dynamodb-local', client, tableName: 't', ping: async () => undefined } as unknown as DatabasePort;
  return { table, database };
}

describe('the conversation check before a first message', () => {
  it('trusts a count read in the last 5 s while it is far from the limit, kept up by the conversations stored here', async () => {
    const { table, database } = countersTable(10);
    await assertConversationRoom(database, 'org_1', PERIOD, 100, 0);
    await assertConversationRoom(database, 'org_1', PERIOD, 100, 4_999);
    expect(table.reads).toBe(1);
    await assertConversationRoom(database, 'org_1', PERIOD, 100, 5_000);
    expect(table.reads).toBe(2);
    // Another organization has its own count.
    await assertConversationRoom(database, 'org_2', PERIOD, 100, 5_000);
    expect(table.reads).toBe(3);
    // At 94 of 100 the count is still trusted; at 95 it is within 5% of the limit and read every time.
    for (let i = 0; i < 84; i++) conversationCounted(database, 'org_1', PERIOD);
    await assertConversationRoom(database, 'org_1', PERIOD, 100, 5_001);
    expect(table.reads).toBe(3);
    conversationCounted(database, 'org_1', PERIOD);
    await assertConversationRoom(database, 'org_1', PERIOD, 100, 5_002);
    expect(table.reads).toBe(4);
  });

  it('refuses at the limit with the count read, and reads again next time', async () => {
    const { table, database } = countersTable(100);
    await expect(assertConversationRoom(database, 'org_1', PERIOD, 100, 0)).rejects.toMatchObject({ constructor: ConversationLimitError, limit: 100, used: 100 });
    table.used = 99;
    await expect(assertConversationRoom(database, 'org_1', PERIOD, 100, 1)).resolves.toBeUndefined();
    expect(table.reads).toBe(2);
  });
});

import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoDbDatabase } from '../../functions/adapters/aws/dynamodb-database';
import type { DatabasePort } from '../../functions/contracts/ports/database';
import {
  ensureTable,
  JAVA_MISSING_MESSAGE,
  LOCAL_DYNAMODB_CREDENTIALS,
  parseJavaMajor,
  SHARED_DATABASE_FILE,
  startDynamoDbLocal,
  type DynamoDbLocalHandle,
} from './dynamodb-local';
import { acceptsConnections, NO_NON_LOOPBACK_ADDRESS, nonLoopbackAddress } from '../../test/support/reachability';
import { isInWriteAheadLogMode } from './write-ahead-log';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const TABLE = 'groundwork-test';

describe('DynamoDB Local', () => {
  let dataDir: string;
  let handle: DynamoDbLocalHandle | undefined;
  let raw: DynamoDBClient;
  let database: DatabasePort;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gw-ddb-'));
    handle = await startDynamoDbLocal({ dataDir });
    raw = new DynamoDBClient({ endpoint: handle.endpoint, region: 'local', credentials: LOCAL_DYNAMODB_CREDENTIALS });
    await ensureTable(raw, TABLE);
    database = createDynamoDbDatabase({ tableName: TABLE, endpoint: handle.endpoint, adapter: 'dynamodb-local' });
  }, 60_000);

  afterAll(async () => {
    raw?.destroy();
    await handle?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('creates the table of TABLE_DESIGN with both GSIs and TTL, idempotently', async () => {
    await ensureTable(raw, TABLE);
    const { Table } = await raw.send(new DescribeTableCommand({ TableName: TABLE }));
    expect(Table?.TableStatus).toBe('ACTIVE');
    expect(Table?.KeySchema).toEqual([
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'SK', KeyType: 'RANGE' },
    ]);
    expect(Table?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
    const indexes = (Table?.GlobalSecondaryIndexes ?? []).map((index) => [
      index.IndexName,
      index.KeySchema?.map((key) => key.AttributeName),
      index.Projection?.ProjectionType,
    ]);
    expect(indexes.sort()).toEqual([
      ['GSI1', ['GSI1PK', 'GSI1SK'], 'ALL'],
      ['GSI2', ['GSI2PK', 'GSI2SK'], 'ALL'],
    ]);
    const { TimeToLiveDescription } = await raw.send(new DescribeTimeToLiveCommand({ TableName: TABLE }));
    expect(TimeToLiveDescription).toMatchObject({ TimeToLiveStatus: 'ENABLED', AttributeName: 'ttl' });
  });

  it('pings, puts and gets through the database port', async () => {
    await expect(database.ping()).resolves.toBeUndefined();
    await database.client.send(
      new PutCommand({ TableName: TABLE, Item: { PK: 'ORG#1', SK: 'META', name: 'Acme', skipped: undefined } }),
    );
    const { Item } = await database.client.send(new GetCommand({ TableName: TABLE, Key: { PK: 'ORG#1', SK: 'META' } }));
    expect(Item).toEqual({ PK: 'ORG#1', SK: 'META', name: 'Acme' });
  });

  const outside = nonLoopbackAddress();
  it.skipIf(!outside)(`listens on loopback only: not reachable on ${outside ?? NO_NON_LOOPBACK_ADDRESS}`, async () => {
    const port = Number(new URL(handle!.endpoint).port);
    expect(await acceptsConnections('127.0.0.1', port)).toBe(true);
    expect(await acceptsConnections(outside!, port)).toBe(false);
  });

  it('cancels a transaction whose condition fails, writing nothing', async () => {
    const attempt = database.client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TABLE, Item: { PK: 'ORG#2', SK: 'META', name: 'Other' } } },
          {
            Put: {
              TableName: TABLE,
              Item: { PK: 'ORG#1', SK: 'META', name: 'Clobbered' },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
    await expect(attempt).rejects.toMatchObject({
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
    });
    const { Item } = await database.client.send(new GetCommand({ TableName: TABLE, Key: { PK: 'ORG#2', SK: 'META' } }));
    expect(Item).toBeUndefined();
  });

  it('keeps its database in write-ahead-log mode, the log beside it', async () => {
    const databaseFile = path.join(dataDir, 'dynamodb', SHARED_DATABASE_FILE);
    await database.client.send(new PutCommand({ TableName: TABLE, Item: { PK: 'WAL#1', SK: 'META' } }));
    expect(await isInWriteAheadLogMode(databaseFile)).toBe(true);
    expect(existsSync(`${databaseFile}-wal`)).toBe(true);
  });

  it('keeps the data across a restart on the same directory', async () => {
    const first = handle!;
    await first.stop();
    expect(first.process.exitCode !== null || first.process.signalCode !== null).toBe(true);
    handle = await startDynamoDbLocal({ dataDir });
    const reopened = createDynamoDbDatabase({ tableName: TABLE, endpoint: handle.endpoint, adapter: 'dynamodb-local' });
    const { Item } = await reopened.client.send(new GetCommand({ TableName: TABLE, Key: { PK: 'ORG#1', SK: 'META' } }));
    expect(Item?.name).toBe('Acme');
    raw.destroy();
    raw = new DynamoDBClient({ endpoint: handle.endpoint, region: 'local', credentials: LOCAL_DYNAMODB_CREDENTIALS });
  }, 60_000);

  it('rejects ping when the table does not exist', async () => {
    const missing = createDynamoDbDatabase({ tableName: 'no-such-table', endpoint: handle!.endpoint, adapter: 'dynamodb-local' });
    await expect(missing.ping()).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it('says what to install when Java is missing', async () => {
    await expect(
      startDynamoDbLocal({ dataDir, javaCommand: path.join(dataDir, 'no-java-here') }),
    ).rejects.toThrow(JAVA_MISSING_MESSAGE);
  });
});

describe('parseJavaMajor', () => {
  it('reads modern and legacy version strings', () => {
    expect(parseJavaMajor('openjdk version "17.0.15" 2025-04-15')).toBe(17);
    expect(parseJavaMajor('java version "1.8.0_392"')).toBe(8);
    expect(parseJavaMajor('openjdk version "21" 2023-09-19')).toBe(21);
    expect(parseJavaMajor('garbage')).toBeUndefined();
  });
});

describe('createDynamoDbDatabase', () => {
  it('refuses dynamodb-local without an endpoint', () => {
    expect(() => createDynamoDbDatabase({ tableName: TABLE, adapter: 'dynamodb-local' })).toThrow(/endpoint/);
  });
});

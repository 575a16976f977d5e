import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createDynamoDbDatabase } from '../../../functions/adapters/aws/dynamodb-database';
import type { DatabasePort } from '../../../functions/contracts/ports/database';
import {
  ensureTable,
  LOCAL_DYNAMODB_CREDENTIALS,
  LOCAL_DYNAMODB_REGION,
  startDynamoDbLocal,
  type DynamoDbLocalHandle,
} from '../../../local/dynamodb/dynamodb-local';

/** A real DynamoDB Local with the product's table, for the identity tests. */
export interface TestDatabase {
  database: DatabasePort;
  dir: string;
  stop(): Promise<void>;
}

export async function startTestDatabase(): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), 'groundwork-identity-'));
  let engine: DynamoDbLocalHandle | undefined;
  try {
    engine = await startDynamoDbLocal({ dataDir: dir });
    const tableName = 'groundwork-identity-test';
    const client = new DynamoDBClient({
      endpoint: engine.endpoint,
      region: LOCAL_DYNAMODB_REGION,
      credentials: LOCAL_DYNAMODB_CREDENTIALS,
    });
    await ensureTable(client, tableName);
    client.destroy();
    const database = createDynamoDbDatabase({ tableName, endpoint: engine.endpoint, adapter: 'dynamodb-local' });
    const running = engine;
    return {
      database,
      dir,
      async stop() {
        database.client.destroy();
        await running.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await engine?.stop();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

type Handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<boolean>;

/** A plain node:http server on `localhost` that offers each request to `handler()`, 404 otherwise. */
export async function startTestServer(handler: () => Handler | undefined): Promise<{ origin: string; server: Server; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const handle = handler();
    (handle ? handle(req, res) : Promise.resolve(false))
      .then((handled) => {
        if (!handled && !res.headersSent) res.writeHead(404).end('not found');
      })
      .catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

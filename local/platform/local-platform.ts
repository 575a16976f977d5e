import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import { ENV } from '../../functions/platform/environment';
import { platformModes } from '../../functions/platform/modes';
import { createEnvironmentSettings } from '../../functions/platform/settings';
import { installPorts, uninstallPorts, type Ports } from '../../functions/contracts/ports/ports';
import { createDynamoDbDatabase } from '../../functions/adapters/aws/dynamodb-database';
import { createS3Objects } from '../../functions/adapters/aws/s3-objects';
import { handler as chatEventsWorker } from '../../functions/workers/chat-events/handler';
import { settleDeadLetter } from '../../functions/workers/dead-letters/processors';
import { handler as indexingWorker } from '../../functions/workers/indexing/handler';
import { handler as scheduleWorker } from '../../functions/workers/schedules/handler';
import type { ApplicationRecord } from '../../functions/domain/applications/application-record';
import { GOOGLE_IDENTITY_SCRIPT_URL, type RuntimeConfig } from '../../shared/config/runtime-config';
import { ensureTable, startDynamoDbLocal } from '../dynamodb/dynamodb-local';
import { startEmbeddedIssuer } from '../identity/embedded-issuer';
import { createChatModelFromEnvironment, createEmbeddingsFromEnvironment } from '../../functions/platform/model-adapters';
import { createOutboxMail } from '../mail/outbox-mail';
import { createLanceDbIndex } from '../vectors/lancedb-index';
import { createLocalKeySecrets } from '../secrets/local-key-secrets';
import { shutdownExtractionPool } from '../../functions/domain/extraction/isolated-extraction';
import { startObjectStore } from '../objects/object-store';
import { loadOrCreateObjectStoreKeys } from '../objects/object-store-keys';
import { EmbeddedQueue } from '../queue/embedded-queue';
import { startScheduleTimers } from '../schedules/schedule-timers';
import { resolveSeedCredentials, SEED_ROLES, type SeedCredentials } from '../seed/seed-credentials';
import { demoDocuments, finishDemoContent, seedDemoSources, type DemoContentInput } from '../seed/demo-content';
import { seedPlatform } from '../seed/seed-platform';
import { createLocalServer, listen } from '../server/local-server';

export const LOCAL_TABLE_NAME = 'groundwork';
export const LOCAL_DATA_BUCKET = 'groundwork-data';
/** Where README.md and docs/ are, whatever the working directory: the demo content is made of them. */
const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface LocalPlatformOptions {
  /** 0 picks a free port (tests). */
  port: number;
  /** Interface to bind; loopback unless asked otherwise. */
  bindHost?: string;
  dataDir: string;
  frontendDir?: string;
  /** Queue visibility timeout; short in tests so retries are quick. */
  queueVisibilityTimeoutSeconds?: number;
  schedules?: boolean;
  /** Trust X-Forwarded-For for the client address (behind a reverse proxy; tests simulate many clients). */
  trustProxy?: boolean;
  /**
   * Seed the demo content too: a knowledge base of Groundwork's own documentation and the
   * "Groundwork Help" application for the demo groups (local/seed/demo-content.ts). Off unless asked:
   * it takes the demo organization's one knowledge base of the free plan, which tests need.
   */
  demoContent?: boolean;
  /**
   * A DynamoDB Local already running, and the table to keep this platform's items in, instead of an
   * engine of its own in the data folder (test suites share one warm engine between platforms).
   */
  database?: { endpoint: string; tableName: string };
  log?: (line: string) => void;
}

export interface LocalPlatform {
  url: string;
  credentials: SeedCredentials;
  ports: Ports;
  queue: EmbeddedQueue;
  server: Server;
  /** Settles when the demo content is complete (the application, once its index is ready), or given up; undefined without demo content. */
  demoContent: Promise<ApplicationRecord | undefined> | undefined;
  stop(): Promise<void>;
}

/**
 * Starts the whole product on one machine: DynamoDB Local, the S3-compatible store, the in-process
 * queue, the embedded OpenID Connect issuer, the schedules, and one HTTP port for the SPA, the API
 * and the issuer. The handlers are the Lambda handlers; only the adapters are embedded.
 */
export async function startLocalPlatform(options: LocalPlatformOptions): Promise<LocalPlatform> {
  const log = options.log ?? (() => undefined);
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const stops: Array<() => Promise<void> | void> = [];
  const stop = async () => {
    for (const step of stops.reverse()) await Promise.resolve(step()).catch(() => undefined);
    uninstallPorts();
  };

  try {
    process.env[ENV.runtime] = 'local';
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

    let issuer: Awaited<ReturnType<typeof startEmbeddedIssuer>> | undefined;
    let runtimeConfig: RuntimeConfig | undefined;
    // The port opens first so `npm start` shows life at once; until the seed is done it answers 503.
    let ready = false;
    let objectStoreOrigin: string | undefined;
    const server = createLocalServer({
      frontendDir: options.frontendDir ?? resolve('frontend/dist'),
      runtimeConfig: () => {
        if (!runtimeConfig) throw new Error('The platform is still starting');
        return runtimeConfig;
      },
      delegates: () => (issuer ? [issuer] : []),
      trustProxy: options.trustProxy,
      isReady: () => ready,
      connectSources: () => (objectStoreOrigin ? [objectStoreOrigin] : []),
      scriptSources: () => (runtimeConfig?.googleDriveClientId ? [new URL(GOOGLE_IDENTITY_SCRIPT_URL).origin] : []),
      stripeMode: () => Boolean(process.env[ENV.stripeSecretKey]),
    });
    const port = await listen(server, options.port, options.bindHost ?? '127.0.0.1');
    stops.push(() => new Promise<void>((done) => server.close(() => done())));
    server.closeIdleConnections?.();
    const publicOrigin = `http://localhost:${port}`;
    process.env[ENV.webOrigins] = publicOrigin;
    const tableName = options.database?.tableName ?? LOCAL_TABLE_NAME;
    process.env[ENV.tableName] = tableName;
    process.env[ENV.dataBucket] = LOCAL_DATA_BUCKET;

    let databaseEndpoint = options.database?.endpoint;
    if (!databaseEndpoint) {
      log('Starting DynamoDB Local (Java)...');
      const dynamo = await startDynamoDbLocal({ dataDir });
      stops.push(() => dynamo.stop());
      databaseEndpoint = dynamo.endpoint;
    }
    const database = createDynamoDbDatabase({ tableName, endpoint: databaseEndpoint, adapter: 'dynamodb-local' });
    await ensureTable(database.client as never, tableName);

    // Created before the queue, so on stop (reverse order) the queue's workers finish before the index closes.
    stops.push(() => shutdownExtractionPool());
    const vectors = createLanceDbIndex({ dataDir: join(dataDir, 'vectors') });
    stops.push(() => vectors.close());
    const embeddings = createEmbeddingsFromEnvironment(process.env);

    const queue = new EmbeddedQueue({ stateDir: join(dataDir, 'queue'), visibilityTimeoutSeconds: options.queueVisibilityTimeoutSeconds ?? 60 });
    queue.register('indexing', indexingWorker);
    queue.register('chat-events', chatEventsWorker);
    stops.push(() => queue.stop());

    const objectStoreKeys = loadOrCreateObjectStoreKeys(dataDir);
    // On loopback whatever HOST is: the presigned URLs browsers open name localhost (as the issuer
    // does), so only a browser on this machine could use them; elsewhere the port would only be a target.
    const objectStore = await startObjectStore({
      dataDir,
      keys: objectStoreKeys,
      buckets: [LOCAL_DATA_BUCKET],
      corsOrigins: [publicOrigin],
      onObjectCreated: async (body) => {
        await queue.sendRaw('indexing', body);
      },
    });
    stops.push(() => objectStore.stop());
    objectStoreOrigin = objectStore.endpoint;
    const objects = createS3Objects({ bucket: LOCAL_DATA_BUCKET, endpoint: objectStore.endpoint, adapter: 's3rver', credentials: objectStoreKeys });

    issuer = await startEmbeddedIssuer({ publicOrigin, webOrigin: publicOrigin, database, stateDir: join(dataDir, 'identity') });
    stops.push(() => issuer?.close());

    const mail = createOutboxMail(join(dataDir, 'outbox'), log);
    const chatModel = createChatModelFromEnvironment(process.env);
    const secrets = createLocalKeySecrets({ dataDir });
    const ports: Ports = { database, objects, queue, identity: issuer.identity, mail, vectors, embeddings, chatModel, secrets, settings: createEnvironmentSettings(process.env) };
    installPorts(ports);
    // After a message's final failure, as the cloud's dead-letter worker does: an upload or index whose
    // every delivery failed is set failed; a Slack question gets an apology in its thread.
    queue.onDeadLetter((letter) => settleDeadLetter(ports, letter.queue, letter.body));
    runtimeConfig = {
      apiBaseUrl: '',
      environment: 'local',
      oidc: issuer.identity.clientSettings(),
      modes: platformModes(),
      // The embedded issuer's login page has email and password only (local/identity/issuer-constants.ts).
      googleSignIn: false,
      ...(process.env[ENV.googleDriveClientId] ? { googleDriveClientId: process.env[ENV.googleDriveClientId] } : {}),
    };

    const credentials = resolveSeedCredentials(join(dataDir, 'seed-credentials.json'));
    const embeddedIssuer = issuer;
    const seeded = await seedPlatform(ports, {
      credentials,
      passwordFromEnvironment: Object.fromEntries(SEED_ROLES.map((role) => [role, Boolean(process.env[`GROUNDWORK_SEED_${role}_PASSWORD`])])),
      findAccountSub: async (email) => (await embeddedIssuer.accounts.findByEmail(email))?.sub,
    });
    const demoInput: DemoContentInput | undefined = options.demoContent
      ? {
          ports,
          organization: seeded.demoOrganization,
          admin: seeded.users.ADMIN,
          members: [seeded.users.USER, seeded.users.RAG_USER],
          documents: demoDocuments(REPOSITORY_ROOT),
          log,
        }
      : undefined;
    const demoSources = demoInput ? await seedDemoSources(demoInput) : undefined;

    queue.start();
    // Ingestion and indexing run on the queue; the rest of the demo content follows them in the
    // background, so the platform serves at once and the demo application appears within a minute.
    let demoContent: Promise<ApplicationRecord | undefined> | undefined;
    if (demoInput && demoSources) {
      const demoStop = new AbortController();
      demoContent = finishDemoContent(demoInput, demoSources, { signal: demoStop.signal }).catch((error: unknown) => {
        log(`Demo content could not be completed: ${(error as Error).message}`);
        return undefined;
      });
      const running = demoContent;
      stops.push(async () => {
        demoStop.abort();
        await running;
      });
    }
    if (options.schedules !== false) {
      const timers = startScheduleTimers({ handler: scheduleWorker });
      stops.push(() => timers.stop());
    }
    // Every seeded account exists now: a sign-in works from the first 200 of /api/health on.
    ready = true;
    return { url: publicOrigin, credentials, ports, queue, server, demoContent, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export function frontendBuilt(frontendDir = resolve('frontend/dist')): boolean {
  return existsSync(join(frontendDir, 'index.html'));
}

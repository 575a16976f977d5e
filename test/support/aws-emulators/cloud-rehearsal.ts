import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { ENV } from '../../../functions/platform/environment';
import { ensureTable } from '../../../local/dynamodb/dynamodb-local';
import { startObjectStore, type ObjectStoreHandle } from '../../../local/objects/object-store';
import { startCognitoEmulator, type CognitoEmulator } from './cognito-emulator';
import { EMULATOR_CREDENTIALS, EMULATOR_REGION } from './emulator-credentials';
import { startFakeBedrock, type FakeBedrock } from './fake-bedrock';
import { startFakeKms, type FakeKms } from './fake-kms';
import { startFakeS3Vectors, type FakeS3Vectors } from './fake-s3-vectors';
import { startSesEmulator, type SesEmulator } from './ses-emulator';
import { startSqsEmulator, type SqsEmulator } from './sqs-emulator';

export interface CloudRehearsal {
  cognito: CognitoEmulator;
  sqs: SqsEmulator;
  ses: SesEmulator;
  kms: FakeKms;
  bedrock: FakeBedrock;
  vectors: FakeS3Vectors;
  queueUrls: { indexing: string; chatEvents: string };
  names: { table: string; dataBucket: string; vectorBucket: string };
  webOrigin: string;
  /** GROUNDWORK_ORIGIN_SECRET: the functions refuse `/api` requests that do not carry it, as they would past CloudFront. */
  originSecret: string;
  /** Notifications the object store forwarded to the indexing queue, as S3's event notification would. */
  forwardedNotifications: string[];
  stop(): Promise<void>;
}

/**
 * Starts every emulator of the cloud-mode rehearsal and sets the environment the CDK stack gives the
 * functions (functions/platform/environment.ts), with the SDK's AWS_ENDPOINT_URL_<SERVICE> overrides
 * pointing each client at its emulator. The table goes into the run's shared DynamoDB Local with the
 * stack's key schema (TABLE_DESIGN via ensureTable). stop() restores the environment.
 */
export async function startCloudRehearsal(options: { dynamoDbEndpoint: string; name: string }): Promise<CloudRehearsal> {
  const started: Array<{ stop(): Promise<void> }> = [];
  const savedEnvironment = { ...process.env };
  const dataDir = mkdtempSync(join(tmpdir(), 'groundwork-rehearsal-'));
  const names = { table: `${options.name}-table`, dataBucket: `${options.name}-data`, vectorBucket: `${options.name}-vectors` };
  const webOrigin = 'https://app.rehearsal.example.com';
  const originSecret = randomUUID();
  const forwardedNotifications: string[] = [];
  try {
    const [cognito, sqs, ses, kms, bedrock, vectors] = await Promise.all([
      startCognitoEmulator(),
      startSqsEmulator(),
      startSesEmulator(),
      startFakeKms(),
      startFakeBedrock(),
      startFakeS3Vectors([names.vectorBucket]),
    ]);
    started.push(cognito, sqs, ses, kms, bedrock, vectors);
    const queueUrls = { indexing: sqs.createQueue(`${options.name}-indexing`), chatEvents: sqs.createQueue(`${options.name}-chat-events`) };

    // S3's ObjectCreated notification to the indexing queue (lib/data/data-store.ts), delivered by SQS.
    const notifier = new SQSClient({ endpoint: sqs.endpoint, region: EMULATOR_REGION, credentials: { ...EMULATOR_CREDENTIALS } });
    const objects: ObjectStoreHandle = await startObjectStore({
      dataDir,
      buckets: [names.dataBucket],
      corsOrigins: [webOrigin],
      region: EMULATOR_REGION,
      keys: EMULATOR_CREDENTIALS,
      onObjectCreated: async (body) => {
        forwardedNotifications.push(body);
        await notifier.send(new SendMessageCommand({ QueueUrl: queueUrls.indexing, MessageBody: body }));
      },
    });
    started.push(objects);

    const dynamo = new DynamoDBClient({ endpoint: options.dynamoDbEndpoint, region: EMULATOR_REGION, credentials: { ...EMULATOR_CREDENTIALS } });
    await ensureTable(dynamo, names.table);
    dynamo.destroy();

    Object.assign(process.env, {
      AWS_REGION: EMULATOR_REGION,
      AWS_ACCESS_KEY_ID: EMULATOR_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: EMULATOR_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: options.dynamoDbEndpoint,
      // An IP host: the SDK then addresses buckets by path, as s3rver serves them, with no client option.
      AWS_ENDPOINT_URL_S3: objects.endpoint.replace('localhost', '127.0.0.1'),
      AWS_ENDPOINT_URL_SQS: sqs.endpoint,
      [ENV.cognitoEndpoint]: cognito.endpoint,
      AWS_ENDPOINT_URL_SESV2: ses.endpoint,
      AWS_ENDPOINT_URL_KMS: kms.endpoint,
      AWS_ENDPOINT_URL_BEDROCK_RUNTIME: bedrock.endpoint,
      AWS_ENDPOINT_URL_S3VECTORS: vectors.endpoint,
      [ENV.runtime]: 'cloud',
      [ENV.tableName]: names.table,
      [ENV.dataBucket]: names.dataBucket,
      [ENV.indexingQueueUrl]: queueUrls.indexing,
      [ENV.chatEventsQueueUrl]: queueUrls.chatEvents,
      [ENV.userPoolId]: cognito.userPoolId,
      [ENV.userPoolClientId]: cognito.clientId,
      [ENV.userPoolDomainUrl]: 'https://groundwork-rehearsal.auth.us-east-1.amazoncognito.com',
      [ENV.webOrigins]: webOrigin,
      [ENV.vectorBucketName]: names.vectorBucket,
      [ENV.secretsKeyId]: 'alias/groundwork-rehearsal',
      [ENV.modelsMode]: 'bedrock',
      [ENV.originSecret]: originSecret,
      [ENV.mailFrom]: 'Groundwork <no-reply@rehearsal.example.com>',
    });

    return {
      cognito,
      sqs,
      ses,
      kms,
      bedrock,
      vectors,
      queueUrls,
      names,
      webOrigin,
      originSecret,
      forwardedNotifications,
      async stop() {
        notifier.destroy();
        await Promise.all(started.map((service) => service.stop()));
        rmSync(dataDir, { recursive: true, force: true });
        restoreEnvironment(savedEnvironment);
      },
    };
  } catch (error) {
    await Promise.allSettled(started.map((service) => service.stop()));
    rmSync(dataDir, { recursive: true, force: true });
    restoreEnvironment(savedEnvironment);
    throw error;
  }
}

function restoreEnvironment(saved: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
}

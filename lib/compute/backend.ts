import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Stack } from 'aws-cdk-lib';
import { ENV } from '../../functions/platform/environment';
import type { VectorStore } from '../data/vector-store';
import { bedrockModelEnvironment } from './bedrock-models';

/** What every Groundwork function is wired to: the shared data plane and the settings that name it. */
export interface BackendResources {
  readonly table: dynamodb.ITable;
  readonly dataBucket: s3.IBucket;
  readonly indexingQueue: sqs.IQueue;
  readonly chatEventsQueue: sqs.IQueue;
  readonly userPool: cognito.IUserPool;
  readonly vectorStore: VectorStore;
  readonly secretsKey: kms.IKey;
  /** The Secrets Manager secret holding the Stripe keys, when payments are enabled (`groundwork:stripe`). */
  readonly stripeSecretName?: string;
  /** Environment shared by every function; names from functions/platform/environment.ts. */
  readonly environment: Readonly<Record<string, string>>;
}

export interface BackendEnvironmentInput {
  readonly table: dynamodb.ITable;
  readonly dataBucket: s3.IBucket;
  readonly indexingQueue: sqs.IQueue;
  readonly chatEventsQueue: sqs.IQueue;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  /** Hosted UI base, `https://<prefix>.auth.<region>.amazoncognito.com`. */
  readonly userPoolDomainUrl: string;
  /** The first is the primary origin: hosted reset and logout pages return there. */
  readonly webOrigins: readonly string[];
  readonly version: string;
  /** Verified SES identity invitations are sent from; unset, nothing is mailed (invitations answer their link). */
  readonly mailFrom?: string;
  /** The support mailbox; unset, the functions derive it from the sender. */
  readonly supportEmail?: string;
  readonly vectorBucketName: string;
  readonly secretsKeyId: string;
}

export function backendEnvironment(input: BackendEnvironmentInput): Record<string, string> {
  return {
    [ENV.runtime]: 'cloud',
    [ENV.version]: input.version,
    [ENV.tableName]: input.table.tableName,
    [ENV.dataBucket]: input.dataBucket.bucketName,
    [ENV.indexingQueueUrl]: input.indexingQueue.queueUrl,
    [ENV.chatEventsQueueUrl]: input.chatEventsQueue.queueUrl,
    [ENV.userPoolId]: input.userPool.userPoolId,
    [ENV.userPoolClientId]: input.userPoolClient.userPoolClientId,
    [ENV.userPoolDomainUrl]: input.userPoolDomainUrl,
    [ENV.webOrigins]: input.webOrigins.join(','),
    [ENV.modelsMode]: 'bedrock',
    // The table's stack is the one being deployed: its context and Region choose the models.
    ...bedrockModelEnvironment(Stack.of(input.table)),
    ...(input.mailFrom ? { [ENV.mailFrom]: input.mailFrom } : {}),
    ...(input.supportEmail ? { [ENV.supportEmail]: input.supportEmail } : {}),
    [ENV.vectorBucketName]: input.vectorBucketName,
    [ENV.secretsKeyId]: input.secretsKeyId,
    [ENV.logLevel]: 'INFO',
    // The SDK warns on every cold start of a Node 20 target otherwise; the warning is known and noise.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

/** The shared environment plus the function's own Powertools service name. */
export function serviceEnvironment(resources: BackendResources, service: string): Record<string, string> {
  return { ...resources.environment, POWERTOOLS_SERVICE_NAME: `groundwork-${service}` };
}

import { createCognitoIdentity } from '../adapters/aws/cognito-identity';
import { createDynamoDbDatabase } from '../adapters/aws/dynamodb-database';
import { createS3Objects } from '../adapters/aws/s3-objects';
import { createKmsSecrets } from '../adapters/aws/kms-secrets';
import { createS3VectorsIndex } from '../adapters/aws/s3-vectors-index';
import { createSesMail } from '../adapters/aws/ses-mail';
import { createChatModelFromEnvironment, createEmbeddingsFromEnvironment } from './model-adapters';
import { createSqsQueue } from '../adapters/aws/sqs-queue';
import { withLoginLockout } from '../domain/rate-limits/lockout-identity';
import { readEnv } from './environment';
import { createEnvironmentSettings } from './settings';
import type { Ports } from '../contracts/ports/ports';

/** The AWS adapters, configured from the environment the CDK stack sets on every function. */
export function createCloudPorts(): Ports {
  const webOrigin = readEnv('webOrigins', '').split(',')[0] ?? '';
  const database = createDynamoDbDatabase({ tableName: readEnv('tableName'), adapter: 'dynamodb' });
  return {
    database,
    objects: createS3Objects({ bucket: readEnv('dataBucket'), adapter: 's3' }),
    queue: createSqsQueue({
      queueUrls: { indexing: readEnv('indexingQueueUrl'), 'chat-events': readEnv('chatEventsQueueUrl') },
    }),
    identity: withLoginLockout(
      createCognitoIdentity({
        userPoolId: readEnv('userPoolId'),
        clientId: readEnv('userPoolClientId'),
        domainUrl: readEnv('userPoolDomainUrl'),
        webOrigin,
        emulatorEndpoint: readEnv('cognitoEndpoint', '') || undefined,
      }),
      database,
    ),
    // Without a sender the port sends nothing and says so (ses-mail.ts).
    mail: createSesMail({ from: readEnv('mailFrom', '') || undefined }),
    vectors: createS3VectorsIndex({ vectorBucketName: readEnv('vectorBucketName') }),
    embeddings: createEmbeddingsFromEnvironment(process.env),
    chatModel: createChatModelFromEnvironment(process.env),
    secrets: createKmsSecrets({ keyId: readEnv('secretsKeyId') }),
    settings: createEnvironmentSettings(process.env),
  };
}

import { DescribeTableCommand, DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';

export interface DynamoDbDatabaseOptions {
  tableName: string;
  /** Required for `dynamodb-local`; in the cloud the SDK resolves the regional endpoint. */
  endpoint?: string;
  region?: string;
  adapter: 'dynamodb' | 'dynamodb-local';
}

/** DynamoDB Local ignores credentials, but the SDK still signs: fixed dummies keep it off the credential chain. */
const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

export function createDynamoDbDatabase(options: DynamoDbDatabaseOptions): DatabasePort {
  const config: DynamoDBClientConfig = {};
  if (options.region) config.region = options.region;
  if (options.endpoint) config.endpoint = options.endpoint;
  if (options.adapter === 'dynamodb-local') {
    if (!options.endpoint) throw new Error('The dynamodb-local adapter needs the DynamoDB Local endpoint');
    config.region = options.region ?? 'local';
    config.credentials = LOCAL_CREDENTIALS;
  }
  const base = new DynamoDBClient(config);
  const client = DynamoDBDocumentClient.from(base, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true },
  });
  return {
    adapter: options.adapter,
    client,
    tableName: options.tableName,
    async ping() {
      await base.send(new DescribeTableCommand({ TableName: options.tableName }));
    },
  };
}

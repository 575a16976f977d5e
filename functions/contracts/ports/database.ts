import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The database port. The same @aws-sdk/lib-dynamodb code runs against AWS DynamoDB and against
 * AWS's own DynamoDB Local; only the endpoint differs, so the adapter is a configured client.
 */
export interface DatabasePort {
  readonly adapter: 'dynamodb' | 'dynamodb-local';
  readonly client: DynamoDBDocumentClient;
  readonly tableName: string;
  /** Resolves when the table answers; rejects otherwise (health check). */
  ping(): Promise<void>;
}

import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { TABLE_DESIGN } from '../../functions/domain/table/table-design';
import { acknowledge, acknowledgeProvidedHandlerWildcards, stackSingletons } from '../nag';

/** Uploads land under this prefix (`org/<orgId>/files/<id>`); the ingest worker filters the rest. */
export const UPLOAD_NOTIFICATION_PREFIX = 'org/';

export interface DataStoreProps {
  /** Origins whose browsers PUT/GET objects through presigned URLs (contract §9.5, §19.1). */
  readonly webOrigins: readonly string[];
  /** Receives `ObjectCreated` for uploaded files (contract §23.1, S3 event). */
  readonly indexingQueue: sqs.IQueue;
  readonly accessLogsBucket: s3.IBucket;
}

/** The product's state: the single DynamoDB table and the organization data bucket. */
export class DataStore extends Construct {
  readonly table: dynamodb.Table;
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataStoreProps) {
    super(scope, id);
    this.table = createTable(this);
    this.bucket = createBucket(this, props);
  }
}

function attribute(name: string): dynamodb.Attribute {
  return { name, type: dynamodb.AttributeType.STRING };
}

function createTable(scope: Construct): dynamodb.Table {
  const table = new dynamodb.Table(scope, 'Table', {
    partitionKey: attribute(TABLE_DESIGN.partitionKey),
    sortKey: attribute(TABLE_DESIGN.sortKey),
    billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
    timeToLiveAttribute: TABLE_DESIGN.ttlAttribute,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    // Customer data outlives the stack: deleting the stack must never delete the table.
    removalPolicy: RemovalPolicy.RETAIN,
  });
  for (const index of TABLE_DESIGN.globalIndexes) {
    table.addGlobalSecondaryIndex({
      indexName: index.indexName,
      partitionKey: attribute(index.partitionKey),
      sortKey: attribute(index.sortKey),
      projectionType: dynamodb.ProjectionType.ALL,
    });
  }
  return table;
}

function createBucket(scope: Construct, props: DataStoreProps): s3.Bucket {
  const bucket = new s3.Bucket(scope, 'Bucket', {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: s3.BucketEncryption.S3_MANAGED,
    serverAccessLogsBucket: props.accessLogsBucket,
    serverAccessLogsPrefix: 'data-bucket/',
    // Browsers upload and download with presigned URLs straight from the web client.
    cors: [
      {
        allowedOrigins: [...props.webOrigins],
        allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
        allowedHeaders: ['*'],
        exposedHeaders: ['ETag'],
        maxAge: 3000,
      },
    ],
    lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
  // S3 filters know only prefix and suffix, so `org/*/files/*` narrows to `org/` here and the
  // worker ignores other keys (contract §23.1).
  bucket.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.SqsDestination(props.indexingQueue), {
    prefix: UPLOAD_NOTIFICATION_PREFIX,
  });
  for (const handler of stackSingletons(scope, 'BucketNotificationsHandler')) {
    acknowledge(
      handler,
      'CDK-provided notification handler; AWSLambdaBasicExecutionRole only writes its logs.',
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    );
    acknowledgeProvidedHandlerWildcards(handler, 'CDK-provided notification handler: s3:PutBucketNotification is granted on resource *.');
  }
  return bucket;
}

import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_DESIGN } from '../../functions/domain/table/table-design';
import { synthGroundwork } from '../testing/synth';
import { UPLOAD_NOTIFICATION_PREFIX } from './data-store';

let template: Template;
beforeAll(() => {
  ({ template } = synthGroundwork({ context: { 'groundwork:webOrigin': 'https://app.example.com' } }));
});

describe('single table', () => {
  it('is on-demand with point-in-time recovery and the TTL attribute', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TABLE_DESIGN.ttlAttribute, Enabled: true },
      KeySchema: [
        { AttributeName: TABLE_DESIGN.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_DESIGN.sortKey, KeyType: 'RANGE' },
      ],
    });
  });

  it('has every GSI of the table design, projecting all attributes', () => {
    const [table] = Object.values(template.findResources('AWS::DynamoDB::Table'));
    const indexes = (table?.Properties.GlobalSecondaryIndexes ?? []) as { IndexName: string }[];
    expect(indexes.map((index) => index.IndexName).sort()).toEqual(TABLE_DESIGN.globalIndexes.map((index) => index.indexName).sort());
    for (const index of TABLE_DESIGN.globalIndexes) {
      expect(indexes).toContainEqual({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      });
    }
  });

  it('survives the stack', () => {
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });
});

describe('data bucket', () => {
  const dataBucket = () => {
    const buckets = template.findResources('AWS::S3::Bucket', { Properties: { CorsConfiguration: Match.anyValue() } });
    const entries = Object.entries(buckets);
    expect(entries).toHaveLength(1);
    return entries[0]!;
  };

  it('blocks public access, encrypts with S3-managed keys and is retained', () => {
    const [, bucket] = dataBucket();
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
  });

  it('denies requests without TLS', () => {
    const [logicalId] = dataBucket();
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logicalId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('lets the web origins PUT, GET and HEAD through presigned URLs', () => {
    const [, bucket] = dataBucket();
    expect(bucket.Properties.CorsConfiguration.CorsRules).toEqual([
      expect.objectContaining({
        AllowedMethods: ['PUT', 'GET', 'HEAD'],
        AllowedOrigins: expect.arrayContaining(['https://app.example.com']),
        ExposedHeaders: ['ETag'],
      }),
    ]);
  });

  it('sends ObjectCreated under org/ to the indexing queue', () => {
    const [logicalId] = dataBucket();
    const queues = template.findResources('AWS::SQS::Queue', { Properties: { RedrivePolicy: Match.anyValue(), VisibilityTimeout: Match.anyValue() } });
    const indexingQueueId = Object.keys(queues).find((id) => id.includes('Indexing'));
    expect(indexingQueueId).toBeDefined();
    template.hasResourceProperties('Custom::S3BucketNotifications', {
      BucketName: { Ref: logicalId },
      NotificationConfiguration: {
        QueueConfigurations: [
          {
            Events: ['s3:ObjectCreated:*'],
            QueueArn: { 'Fn::GetAtt': [indexingQueueId, 'Arn'] },
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: UPLOAD_NOTIFICATION_PREFIX }] } },
          },
        ],
      },
    });
  });
});

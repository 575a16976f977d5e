import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3vectors from 'aws-cdk-lib/aws-s3vectors';
import { Construct } from 'constructs';
import { acknowledge, wildcardResourceFinding } from '../nag';

/** Everything the vector index port does (functions/adapters/aws/s3-vectors-index.ts). */
export const VECTOR_INDEX_ACTIONS = [
  's3vectors:GetVectorBucket',
  's3vectors:GetIndex',
  's3vectors:CreateIndex',
  's3vectors:DeleteIndex',
  's3vectors:PutVectors',
  's3vectors:QueryVectors',
  's3vectors:GetVectors',
  's3vectors:ListVectors',
  's3vectors:DeleteVectors',
] as const;

/**
 * Amazon S3 Vectors: one vector bucket, one index per knowledge-base version (created at deploy
 * time by the indexing worker). Pay per use: nothing runs while nobody searches.
 */
export class VectorStore extends Construct {
  readonly bucketName: string;
  readonly bucketArn: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // Bucket names are unique per account and region, like stack names, so the stack's name is a safe base.
    this.bucketName = `${Stack.of(this).stackName.toLowerCase()}-vectors`;
    const bucket = new s3vectors.CfnVectorBucket(this, 'Bucket', {
      vectorBucketName: this.bucketName,
      encryptionConfiguration: { sseType: 'AES256' },
    });
    this.bucketArn = bucket.attrVectorBucketArn;
  }

  grantIndexAccess(fn: lambda.IFunction): void {
    const indexes = `${this.bucketArn}/index/*`;
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...VECTOR_INDEX_ACTIONS], resources: [this.bucketArn, indexes] }));
    acknowledge(fn, 'Index names are created per knowledge-base version at run time; the grant covers the one vector bucket and its indexes.', wildcardResourceFinding(fn, indexes));
  }
}

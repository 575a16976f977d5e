import { Aws, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
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
 *
 * Kept when the stack is deleted: CloudFormation cannot delete a vector bucket that still holds
 * indexes, and the indexes are created at run time, outside the template; so `cdk destroy` leaves
 * the bucket rather than failing on it (docs/deployment.md, "Removing an AWS deployment").
 */
export class VectorStore extends Construct {
  readonly bucketName: string;
  readonly bucketArn: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucketName = vectorBucketNameOf(Stack.of(this));
    const bucket = new s3vectors.CfnVectorBucket(this, 'Bucket', {
      vectorBucketName: this.bucketName,
      encryptionConfiguration: { sseType: 'AES256' },
    });
    bucket.applyRemovalPolicy(RemovalPolicy.RETAIN);
    this.bucketArn = bucket.attrVectorBucketArn;
  }

  grantIndexAccess(fn: lambda.IFunction): void {
    const indexes = `${this.bucketArn}/index/*`;
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...VECTOR_INDEX_ACTIONS], resources: [this.bucketArn, indexes] }));
    acknowledge(fn, 'Index names are created per knowledge-base version at run time; the grant covers the one vector bucket and its indexes.', wildcardResourceFinding(fn, indexes));
  }
}

/**
 * `<stack name>-vectors-<8 hex digits of the stack's id>`: unique per stack, so two stages deploy
 * side by side, and unique per creation of a stack, so a bucket kept by a deleted stack never
 * blocks a new stack of the same name. Vector bucket names are 3-63 lowercase letters, digits and
 * hyphens, hence the cut of the stack name.
 */
export function vectorBucketNameOf(stack: Stack): string {
  const base = stack.stackName.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '') || 'groundwork';
  // arn:aws:cloudformation:<region>:<account>:stack/<name>/<uuid>: the uuid's first group.
  const creation = Fn.select(0, Fn.split('-', Fn.select(2, Fn.split('/', Aws.STACK_ID))));
  return `${base}-vectors-${creation}`;
}

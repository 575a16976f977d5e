import { Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { acknowledge, wildcardResourceFinding } from '../nag';
import type { BackendResources } from './backend';

/** The wildcard actions of the CDK's S3 read/write grant. */
const S3_READ_WRITE_WILDCARDS = ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'];

/**
 * The baseline every function gets: the single table, the data bucket, and sending to the indexing
 * queue (most families enqueue `source.purge` or `kb.index`, contract §23.1).
 */
export function grantDataPlane(fn: lambda.IFunction, resources: BackendResources): void {
  resources.table.grantReadWriteData(fn);
  resources.dataBucket.grantReadWrite(fn);
  resources.indexingQueue.grantSendMessages(fn);
  acknowledge(
    fn,
    'Scoped to the one table and its GSIs (index/*), and to the objects of the one data bucket, whose keys are per organization and unknown at deploy time; the s3 action wildcards are the CDK read/write grant.',
    wildcardResourceFinding(fn, `${resources.table.tableArn}/index/*`),
    wildcardResourceFinding(fn, resources.dataBucket.arnForObjects('*')),
    ...S3_READ_WRITE_WILDCARDS.map((action) => `AwsSolutions-IAM5[Action::${action}]`),
  );
}

export function grantQueueSend(fn: lambda.IFunction, queue: sqs.IQueue): void {
  queue.grantSendMessages(fn);
}

/**
 * The API creates and manages users itself (self sign-up is off) and checks passwords for contract
 * §4.1 and §4.11 with AdminInitiateAuth (the public client has no password flow), so these families
 * need the pool's admin actions. Refreshing tokens is Cognito's public InitiateAuth: no grant.
 */
export function grantUserAdministration(fn: lambda.IFunction, userPool: cognito.IUserPool): void {
  userPool.grant(fn, 'cognito-idp:Admin*', 'cognito-idp:AdminInitiateAuth', 'cognito-idp:ListUsers', 'cognito-idp:DescribeUserPool');
  acknowledge(
    fn,
    'Admin* on the one user pool only: the API creates, updates, disables and deletes users and sets their passwords.',
    'AwsSolutions-IAM5[Action::cognito-idp:Admin*]',
  );
}

/**
 * The health check (contract §3.1) pings every port: the queue probe reads both queues' attributes
 * and the identity probe describes the pool. The baseline already covers table, bucket, indexing.
 */
export function grantHealthProbes(fn: lambda.IFunction, resources: BackendResources): void {
  resources.chatEventsQueue.grant(fn, 'sqs:GetQueueAttributes');
  resources.userPool.grant(fn, 'cognito-idp:DescribeUserPool');
}

/**
 * Model invocation for chat answers and embeddings. Foundation models are allowed in every region
 * because a cross-region inference profile routes a call to another region's model; the profiles
 * themselves live in this account and region.
 */
export function grantModelInvocation(fn: lambda.IFunction): void {
  const stack = Stack.of(fn);
  const resources = [
    `arn:${stack.partition}:bedrock:*::foundation-model/*`,
    `arn:${stack.partition}:bedrock:${stack.region}:${stack.account}:inference-profile/*`,
  ];
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['bedrock:InvokeModel'], resources }));
  acknowledge(
    fn,
    "Applications choose their model at run time (contract §16.4); the grant covers foundation models and this account's inference profiles, nothing else of Bedrock.",
    ...resources.map((resource) => wildcardResourceFinding(fn, resource)),
  );
}

/** Invitation emails (contract §7.4, §6.7) through SES, from identities of this account only. */
export function grantMailSend(fn: lambda.IFunction): void {
  const stack = Stack.of(fn);
  const resource = `arn:${stack.partition}:ses:${stack.region}:${stack.account}:identity/*`;
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:SendEmail'], resources: [resource] }));
  acknowledge(fn, 'The sender identity is an operator setting (groundwork:mailFrom); the grant covers this account\'s verified identities only.', wildcardResourceFinding(fn, resource));
}

/** The live cloud-resources check (§6.11) reports the data bucket's encryption and versioning. */
export function grantStorageInspection(fn: lambda.IFunction, resources: BackendResources): void {
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:GetEncryptionConfiguration', 's3:GetBucketVersioning'], resources: [resources.dataBucket.bucketArn] }));
}

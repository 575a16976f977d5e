import { ArnFormat, Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { ENV } from '../../functions/platform/environment';
import { acknowledge, wildcardResourceFinding } from '../nag';
import type { BackendResources } from './backend';

/** The wildcard actions of the CDK's S3 read grant and of its write grant. */
const S3_READ_WILDCARDS = ['s3:GetObject*', 's3:GetBucket*', 's3:List*'];
const S3_WRITE_WILDCARDS = ['s3:DeleteObject*', 's3:Abort*'];

const TABLE_REASON = 'Scoped to the one table and its GSIs (index/*); every item is keyed per organization at run time.';
const OBJECTS_REASON = "Scoped to the objects of the one data bucket, whose keys are per organization and unknown at deploy time; the s3 action wildcards are the CDK's own read or write grant.";

export function grantTableRead(fn: lambda.IFunction, resources: BackendResources): void {
  resources.table.grantReadData(fn);
  acknowledge(fn, TABLE_REASON, wildcardResourceFinding(fn, `${resources.table.tableArn}/index/*`));
}

export function grantTableWrite(fn: lambda.IFunction, resources: BackendResources): void {
  resources.table.grantWriteData(fn);
  acknowledge(fn, TABLE_REASON, wildcardResourceFinding(fn, `${resources.table.tableArn}/index/*`));
}

export function grantObjectsRead(fn: lambda.IFunction, resources: BackendResources): void {
  resources.dataBucket.grantRead(fn);
  acknowledge(fn, OBJECTS_REASON, wildcardResourceFinding(fn, resources.dataBucket.arnForObjects('*')), ...S3_READ_WILDCARDS.map((action) => `AwsSolutions-IAM5[Action::${action}]`));
}

export function grantObjectsWrite(fn: lambda.IFunction, resources: BackendResources): void {
  resources.dataBucket.grantWrite(fn);
  acknowledge(fn, OBJECTS_REASON, wildcardResourceFinding(fn, resources.dataBucket.arnForObjects('*')), ...S3_WRITE_WILDCARDS.map((action) => `AwsSolutions-IAM5[Action::${action}]`));
}

/**
 * The whole data plane: table and data bucket read/write and sending to the indexing queue. Only for
 * a function that really does all of it; the families and workers take their capabilities one by
 * one (lib/compute/capabilities.ts).
 */
export function grantDataPlane(fn: lambda.IFunction, resources: BackendResources): void {
  grantTableRead(fn, resources);
  grantTableWrite(fn, resources);
  grantObjectsRead(fn, resources);
  grantObjectsWrite(fn, resources);
  grantIndexingQueueSend(fn, resources);
}

export function grantIndexingQueueSend(fn: lambda.IFunction, resources: BackendResources): void {
  resources.indexingQueue.grantSendMessages(fn);
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
 * The health check (contract §3.1) pings every port: HeadBucket (s3:ListBucket on the bucket), both
 * queues' attributes and DescribeUserPool; the table's DescribeTable comes with table-read.
 */
export function grantHealthProbes(fn: lambda.IFunction, resources: BackendResources): void {
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [resources.dataBucket.bucketArn] }));
  resources.indexingQueue.grant(fn, 'sqs:GetQueueAttributes');
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

/**
 * The Stripe keys' secret (payments on): the function gets its name in the environment and may read
 * that secret's value, nothing else of Secrets Manager; functions/platform/deployment-secrets.ts
 * reads it once per container. `-??????` is the random suffix Secrets Manager adds to a name.
 */
export function grantStripeSecret(fn: lambda.Function, resources: BackendResources): void {
  if (resources.stripeSecretName === undefined) return;
  fn.addEnvironment(ENV.stripeSecretName, resources.stripeSecretName);
  const arn = Stack.of(fn).formatArn({ service: 'secretsmanager', resource: 'secret', resourceName: `${resources.stripeSecretName}-??????`, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [arn] }));
}

import { App, Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../functions/platform/environment';
import { synthGroundwork } from '../testing/synth';
import { vectorBucketNameOf } from './vector-store';

let template: Template;
beforeAll(() => {
  ({ template } = synthGroundwork());
});

type Statement = { Action: string | string[]; Resource: unknown };

/** Functions whose role may query vectors, by the description the functions carry. */
function functionsAllowed(action: string): string[] {
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Array<{ Properties: { PolicyDocument: { Statement: Statement[] }; Roles: Array<{ Ref: string }> } }>;
  const roles = new Set(
    policies
      .filter((policy) => policy.Properties.PolicyDocument.Statement.some((statement) => ([] as string[]).concat(statement.Action).includes(action)))
      .flatMap((policy) => policy.Properties.Roles.map((role) => role.Ref)),
  );
  return Object.values(template.findResources('AWS::Lambda::Function'))
    .filter((fn) => roles.has((fn as { Properties: { Role: { 'Fn::GetAtt': [string] } } }).Properties.Role['Fn::GetAtt'][0]))
    .map((fn) => (fn as { Properties: { Description: string } }).Properties.Description)
    .sort();
}

describe('vector store (S3 Vectors)', () => {
  it('is one encrypted vector bucket named after the stack and its creation, given to every function', () => {
    template.resourceCountIs('AWS::S3Vectors::VectorBucket', 1);
    const name = { 'Fn::Join': ['', ['groundwork-vectors-', { 'Fn::Select': [0, { 'Fn::Split': ['-', { 'Fn::Select': [2, { 'Fn::Split': ['/', { Ref: 'AWS::StackId' }] }] }] }] }]] };
    template.hasResourceProperties('AWS::S3Vectors::VectorBucket', { VectorBucketName: name, EncryptionConfiguration: { SseType: 'AES256' } });
    for (const fn of Object.values(template.findResources('AWS::Lambda::Function')) as Array<{ Properties: { Environment?: { Variables?: Record<string, unknown> }; Description?: string } }>) {
      if (fn.Properties.Description?.startsWith('Groundwork')) expect(fn.Properties.Environment?.Variables?.[ENV.vectorBucketName]).toEqual(name);
    }
  });

  it('is kept by cdk destroy, which cannot delete a bucket holding the indexes made at run time', () => {
    const [bucket] = Object.values(template.findResources('AWS::S3Vectors::VectorBucket'));
    expect(bucket).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });

  it('derives a valid name from any stack name, so stages deploy side by side', () => {
    const app = new App();
    const names = ['Groundwork-Staging', 'Prod-EU-2', 'A'.repeat(128)].map((stackName) => {
      const stack = new Stack(app, stackName, { stackName });
      return stack.resolve(vectorBucketNameOf(stack)) as { 'Fn::Join': [string, [string, unknown]] };
    });
    expect(names.map((name) => name['Fn::Join'][1][0])).toEqual(['groundwork-staging-vectors-', 'prod-eu-2-vectors-', `${'a'.repeat(40)}-vectors-`]);
  });

  it('lets only the indexing worker, chat, knowledge bases, the Slack answerer and the dead-letter worker (a failed index drops its version) touch the indexes', () => {
    expect(functionsAllowed('s3vectors:QueryVectors')).toEqual([
      'Groundwork API: chat routes',
      'Groundwork API: knowledge-bases routes',
      'Groundwork worker: Slack answers',
      'Groundwork worker: dead letters (failed ingests and indexes, Slack apologies)',
      'Groundwork worker: ingest, crawl, index, purge',
    ]);
  });

  it('gives the indexing worker room for the parser thread', () => {
    const worker = Object.values(template.findResources('AWS::Lambda::Function')).find((fn) => (fn as { Properties: { Description?: string } }).Properties.Description?.includes('ingest')) as { Properties: { MemorySize: number } };
    expect(worker.Properties.MemorySize).toBe(3008);
  });
});

import { readFileSync } from 'node:fs';
import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLACEHOLDER_CODE_WARNING } from './compute/groundwork-function';
import { CONTEXT } from './context';
import { GroundworkStack } from './groundwork-stack';

const FEATURE_FLAGS = (JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> }).context;

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string }>;

/** Properties whose value must be unique in an account and Region (or globally). */
const PHYSICAL_NAMES = ['VectorBucketName', 'BucketName', 'TableName', 'QueueName', 'FunctionName', 'LogGroupName', 'TopicName', 'AlarmName', 'UserPoolName', 'Domain', 'Name'];
/** Names that are labels only, not identities: the same in every stage is fine. */
const LABELS = new Set(['AWS::ApiGatewayV2::Api', 'AWS::ApiGatewayV2::Authorizer', 'AWS::ApiGatewayV2::Stage']);

let stages: Resources[];
beforeAll(() => {
  const app = new App({ context: { ...FEATURE_FLAGS, [CONTEXT.skipBundling]: true, [CONTEXT.alarmEmail]: 'ops@example.com', [CONTEXT.adminEmail]: 'admin@example.com' } });
  Validations.of(app).acknowledge({ id: PLACEHOLDER_CODE_WARNING, reason: 'Tests assert the infrastructure, not the handler code.' });
  const stacks = ['Groundwork', 'GroundworkStaging'].map((name) => new GroundworkStack(app, name, { version: '9.9.9-test' }));
  stages = stacks.map((stack) => Template.fromStack(stack).toJSON().Resources as Resources);
});

function namesOf(resources: Resources): Map<string, string> {
  const names = new Map<string, string>();
  for (const [id, resource] of Object.entries(resources)) {
    if (LABELS.has(resource.Type)) continue;
    for (const property of PHYSICAL_NAMES) {
      const value = resource.Properties?.[property];
      // A reference to another resource is that resource's generated name, not an explicit one.
      const reference = typeof value === 'object' && value !== null && ('Ref' in value || 'Fn::GetAtt' in value);
      if (value !== undefined && !reference && (property !== 'Name' || resource.Type.startsWith('AWS::CloudFront::'))) names.set(`${id}.${property}`, JSON.stringify(value));
    }
  }
  return names;
}

describe('two stages side by side', () => {
  it('share no physical name: every explicit name derives from the stack name', () => {
    const [production, staging] = stages.map(namesOf) as [Map<string, string>, Map<string, string>];
    expect(production.size).toBeGreaterThan(0);
    for (const [key, value] of production) {
      expect(staging.has(key), key).toBe(true);
      expect(staging.get(key), key).not.toBe(value);
    }
  });
});

describe('cdk destroy', () => {
  it('keeps exactly what the guide says it keeps, and deletes the rest', () => {
    const retained = [...new Set(Object.values(stages[0]!).filter((resource) => resource.DeletionPolicy === 'Retain').map((resource) => resource.Type))].sort();
    expect(retained).toEqual(['AWS::Cognito::UserPool', 'AWS::DynamoDB::Table', 'AWS::KMS::Key', 'AWS::Logs::LogGroup', 'AWS::S3::Bucket', 'AWS::S3Vectors::VectorBucket']);
    const guide = readFileSync(new URL('../docs/deployment.md', import.meta.url), 'utf8');
    const section = guide.slice(guide.indexOf('## Removing an AWS deployment'));
    for (const type of retained) expect(section, type).toContain(type);
  });
});

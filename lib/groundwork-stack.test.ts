import type { App } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { Construct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../functions/platform/environment';
import { FAMILIES } from '../shared/api/route-table';
import type { GroundworkStack } from './groundwork-stack';
import { synthGroundwork } from './testing/synth';

describe('Groundwork stack', () => {
  let app: App;
  let stack: GroundworkStack;
  let template: Template;
  beforeAll(() => {
    // The only test that keeps CDK's CloudFormation validation on, as `cdk synth` does.
    ({ app, stack, template } = synthGroundwork({ validateTemplate: true }));
  });

  it('outputs what operators and the README need', () => {
    const outputs = template.findOutputs('*');
    expect(Object.keys(outputs).sort()).toEqual(['ApiUrl', 'ChatEventsKeptDeadLettersUrl', 'DataBucket', 'IndexingKeptDeadLettersUrl', 'TableName', 'UserPoolClientId', 'UserPoolId', 'VectorBucket', 'WebUrl']);
  });

  it('has no always-on networking or capacity: no VPC, NAT, endpoints, provisioned concurrency', () => {
    const types = Object.values(template.toJSON().Resources as Record<string, { Type: string; Properties?: Record<string, unknown> }>);
    expect(types.filter((resource) => resource.Type.startsWith('AWS::EC2::'))).toEqual([]);
    for (const type of ['AWS::Lambda::Alias', 'AWS::Lambda::Version', 'AWS::ApiGateway::RestApi', 'AWS::ElasticLoadBalancingV2::LoadBalancer']) {
      template.resourceCountIs(type, 0);
    }
    for (const resource of types.filter((candidate) => candidate.Type === 'AWS::Lambda::Function')) {
      expect(resource.Properties?.VpcConfig).toBeUndefined();
      expect(resource.Properties?.ReservedConcurrentExecutions).toBeUndefined();
    }
  });

  it('stays below the CloudFormation limit of 500 resources', () => {
    expect(Object.keys(template.toJSON().Resources).length).toBeLessThan(500);
  });

  it('passes the AWS Solutions checks: every finding is fixed or acknowledged with a reason', () => {
    const report = new AwsSolutionsChecks(app).validateScope(stack);
    const findings = report.violations.map((violation) => `${violation.ruleName} at ${violation.violatingResources.map((resource) => resource.constructPath).join(', ')}`);
    expect(findings).toEqual([]);
    expect(report.success).toBe(true);
  });
});

describe('synthesis with the nag pack registered, as bin/cdk.ts does', () => {
  it('succeeds', () => {
    expect(() => synthGroundwork({ nag: true, validateTemplate: true })).not.toThrow();
  });

  it('would fail on an unacknowledged finding', () => {
    const stray = (scope: Construct) => new s3.Bucket(scope, 'StrayBucket');
    expect(() => synthGroundwork({ nag: true, extend: stray })).toThrow(/AwsSolutions-S1/);
  });
});

describe('groundwork:stripe', () => {
  it('names the Stripe secret to billing and meta, which read it at cold start: no key in any environment or the template', () => {
    const { template } = synthGroundwork({ context: { 'groundwork:stripe': 'true' } });
    const functions = Object.entries(template.findResources('AWS::Lambda::Function'));
    const named = functions.filter(([, fn]) => fn.Properties.Environment?.Variables?.[ENV.stripeSecretName] !== undefined).map(([id]) => id.replace(/Function.*$/, ''));
    expect(named.sort()).toEqual(['ApiBilling', 'ApiMeta']);
    for (const [, fn] of functions) expect(fn.Properties.Environment?.Variables?.[ENV.stripeSecretKey]).toBeUndefined();
    expect(JSON.stringify(template.toJSON())).not.toContain('resolve:secretsmanager:groundwork/stripe');
    expect(FAMILIES).toContain('billing');
  });
});

import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthGroundwork } from '../testing/synth';
import { FIRST_SIGN_IN_RESOURCE_TYPE } from './first-sign-in';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- template JSON, read field by field
type Resource = { Properties: Record<string, any>; DependsOn?: string[] };

describe('with groundwork:adminEmail', () => {
  let template: Template;
  let nagError: unknown;
  beforeAll(() => {
    ({ template } = synthGroundwork({ context: { 'groundwork:adminEmail': ' Root@Example.com ' } }));
    try {
      synthGroundwork({ context: { 'groundwork:adminEmail': 'root@example.com' }, nag: true }).app.synth();
    } catch (error) {
      nagError = error;
    }
  });

  it('runs the first sign-in once, through the CDK provider framework, with the normalized admin email', () => {
    template.resourceCountIs(FIRST_SIGN_IN_RESOURCE_TYPE, 1);
    const [resource] = Object.values(template.findResources(FIRST_SIGN_IN_RESOURCE_TYPE)) as Resource[];
    expect(resource!.Properties.AdminEmail).toBe('root@example.com');
    expect(resource!.Properties.DemoContent).toBe('false');
    // The service token is the provider framework's function, which invokes the Groundwork function.
    const framework = resource!.Properties.ServiceToken['Fn::GetAtt'][0] as string;
    const frameworkFn = template.findResources('AWS::Lambda::Function')[framework] as Resource;
    expect(frameworkFn.Properties.Environment.Variables.USER_ON_EVENT_FUNCTION_ARN).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^FirstSignInFunction/), 'Arn'] });
  });

  it('is a Groundwork function wired like the others, that may create and look up Cognito users and write the table', () => {
    const functions = Object.entries(template.findResources('AWS::Lambda::Function')) as [string, Resource][];
    const [, fn] = functions.find(([id]) => /^FirstSignInFunction[0-9A-F]{8}$/.test(id))!;
    expect(fn.Properties.Environment.Variables).toMatchObject({ POWERTOOLS_SERVICE_NAME: 'groundwork-first-sign-in', GROUNDWORK_RUNTIME: 'cloud' });
    expect(fn.Properties.Runtime).toBe('nodejs22.x');
    const role = fn.Properties.Role['Fn::GetAtt'][0] as string;
    const actions = (Object.values(template.findResources('AWS::IAM::Policy')) as Resource[])
      .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((ref) => ref.Ref === role))
      .flatMap((policy) => (policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((statement) => statement.Action));
    expect(actions).toEqual(expect.arrayContaining(['cognito-idp:AdminCreateUser', 'cognito-idp:AdminGetUser', 'dynamodb:PutItem', 's3:PutObject']));
    expect(actions.filter((action) => action.startsWith('cognito-idp:'))).toEqual(['cognito-idp:AdminCreateUser', 'cognito-idp:AdminGetUser']);
    expect(actions.filter((action) => /^(sqs|bedrock|ses|kms):/.test(action))).toEqual([]);
  });

  it('keeps the AWS Solutions checks clean', () => {
    expect(nagError).toBeUndefined();
  });

  it('has Cognito tell the administrator where to sign in with the temporary password', () => {
    const [pool] = Object.values(template.findResources('AWS::Cognito::UserPool')) as Resource[];
    const invitation = pool!.Properties.AdminCreateUserConfig.InviteMessageTemplate;
    expect(invitation.EmailSubject).toBe('Your Groundwork administrator account');
    // The message names the web origin (a deploy-time value) beside the username and password placeholders.
    expect(JSON.stringify(invitation.EmailMessage)).toMatch(/https:\/\/.*\{username\}.*\{####\}/);
  });
});

describe('with groundwork:demoContent', () => {
  let template: Template;
  beforeAll(() => {
    ({ template } = synthGroundwork({ context: { 'groundwork:adminEmail': 'root@example.com', 'groundwork:demoContent': 'true' } }));
  });

  it('waits for the indexing worker, may queue the ingests and has the 15 minutes the wait needs', () => {
    const [resource] = Object.values(template.findResources(FIRST_SIGN_IN_RESOURCE_TYPE)) as Resource[];
    expect(resource!.Properties.DemoContent).toBe('true');
    expect(resource!.DependsOn).toEqual(expect.arrayContaining([expect.stringMatching(/^IndexingWorkerFunction[0-9A-F]{8}$/)]));
    const [, fn] = (Object.entries(template.findResources('AWS::Lambda::Function')) as [string, Resource][]).find(([id]) => /^FirstSignInFunction[0-9A-F]{8}$/.test(id))!;
    expect(fn.Properties.Timeout).toBe(900);
    const role = fn.Properties.Role['Fn::GetAtt'][0] as string;
    const actions = (Object.values(template.findResources('AWS::IAM::Policy')) as Resource[])
      .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((ref) => ref.Ref === role))
      .flatMap((policy) => (policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((statement) => statement.Action));
    expect(actions).toContain('sqs:SendMessage');
  });
});

describe('without groundwork:adminEmail', () => {
  it('has no first sign-in resource', () => {
    synthGroundwork().template.resourceCountIs(FIRST_SIGN_IN_RESOURCE_TYPE, 0);
  });

  it('refuses a value that is not an email', () => {
    expect(() => synthGroundwork({ context: { 'groundwork:adminEmail': 'root' } })).toThrow(/groundwork:adminEmail must be an email address/);
  });
});

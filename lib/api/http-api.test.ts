import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../functions/platform/environment';
import { FAMILIES, FAMILY_PREFIXES, ROUTES, type Family } from '../../shared/api/route-table';
import { pascalCase } from '../naming';
import { synthGroundwork } from '../testing/synth';
import { FAMILY_CAPABILITIES } from './family-capabilities';
import { DEFAULT_API_THROTTLE } from './http-api';
import type { Json } from '../../test/support/json';

let template: Template;
beforeAll(() => {
  ({ template } = synthGroundwork());
});

type Resource = { Properties: Json };
const resources = (type: string): [string, Resource][] => Object.entries(template.findResources(type)) as [string, Resource][];

const OPTIONS_ROUTE_KEYS = FAMILIES.flatMap((family) => FAMILY_PREFIXES[family].flatMap((prefix) => [`OPTIONS ${prefix}`, `OPTIONS ${prefix}/{proxy+}`]));

const functionId = (family: Family): string => {
  const id = resources('AWS::Lambda::Function')
    .map(([candidate]) => candidate)
    .find((candidate) => candidate.startsWith(`Api${pascalCase(family)}Function`));
  if (id === undefined) throw new Error(`no function for ${family}`);
  return id;
};
const integrationIdOf = (family: Family): string => {
  const entry = resources('AWS::ApiGatewayV2::Integration').find(([, integration]) => integration.Properties.IntegrationUri['Fn::GetAtt'][0] === functionId(family));
  if (entry === undefined) throw new Error(`no integration for ${family}`);
  return entry[0];
};
const routesByKey = (): Map<string, Resource> => new Map(resources('AWS::ApiGatewayV2::Route').map(([, route]) => [route.Properties.RouteKey as string, route]));

describe('HTTP API', () => {
  it('is an HTTP API without gateway CORS: the functions answer CORS (contract §1.8)', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP', CorsConfiguration: Match.absent() });
  });

  it('deploys the $default stage automatically, with access logs', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.requestId') },
    });
  });

  it('throttles the stage with the defaults, or the context parameters', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingRateLimit: DEFAULT_API_THROTTLE.rateLimit, ThrottlingBurstLimit: DEFAULT_API_THROTTLE.burstLimit },
    });
    const { template: configured } = synthGroundwork({ context: { 'groundwork:apiThrottleRateLimit': '1000', 'groundwork:apiThrottleBurstLimit': 2000 } });
    configured.hasResourceProperties('AWS::ApiGatewayV2::Stage', { DefaultRouteSettings: { ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 } });
  });

  it('refuses a throttle that is no whole number, or a burst below the rate', () => {
    expect(() => synthGroundwork({ context: { 'groundwork:apiThrottleRateLimit': 'fast' } })).toThrow(/groundwork:apiThrottleRateLimit must be a whole number of requests of at least 1, got "fast"/);
    expect(() => synthGroundwork({ context: { 'groundwork:apiThrottleBurstLimit': '0' } })).toThrow(/groundwork:apiThrottleBurstLimit must be a whole number/);
    expect(() => synthGroundwork({ context: { 'groundwork:apiThrottleRateLimit': '600' } })).toThrow(/groundwork:apiThrottleBurstLimit \(500\) must be at least groundwork:apiThrottleRateLimit \(600\)/);
  });

  it('has one Lambda per family, four workers, and only the CDK notification handler besides', () => {
    const functions = resources('AWS::Lambda::Function');
    for (const family of FAMILIES) functionId(family);
    const ours = functions.filter(([id]) => ['Api', 'IndexingWorker', 'ChatEventsWorker', 'DeadLettersWorker', 'Schedules'].some((prefix) => id.startsWith(prefix)));
    expect(ours).toHaveLength(FAMILIES.length + 4);
    const others = functions.filter(([id]) => !ours.some(([candidate]) => candidate === id)).map(([id]) => id);
    expect(others).toEqual([expect.stringMatching(/^BucketNotificationsHandler/)]);
  });

  it('integrates each family once, as a payload 2.0 Lambda proxy', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Integration', FAMILIES.length);
    for (const family of FAMILIES) {
      const [, integration] = resources('AWS::ApiGatewayV2::Integration').find(([id]) => id === integrationIdOf(family))!;
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    }
  });

  it('has exactly the routes of the route table plus two preflight routes per family prefix', () => {
    const keys = resources('AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties.RouteKey as string);
    expect(keys).toHaveLength(ROUTES.length + OPTIONS_ROUTE_KEYS.length);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeLessThan(300);
  });

  it('routes every RouteDefinition to its family with the right authorization', () => {
    const routes = routesByKey();
    const [authorizerId] = resources('AWS::ApiGatewayV2::Authorizer')[0]!;
    for (const definition of ROUTES) {
      const route = routes.get(`${definition.method} ${definition.path}`);
      expect(route, `${definition.method} ${definition.path}`).toBeDefined();
      expect(route!.Properties.Target).toEqual({ 'Fn::Join': ['', ['integrations/', { Ref: integrationIdOf(definition.family) }]] });
      if (definition.auth === 'bearer') {
        expect(route!.Properties.AuthorizationType).toBe('JWT');
        expect(route!.Properties.AuthorizerId).toEqual({ Ref: authorizerId });
      } else {
        expect(route!.Properties.AuthorizationType, definition.id).toBe('NONE');
        expect(route!.Properties.AuthorizerId).toBeUndefined();
      }
    }
  });

  it('answers preflight for every family prefix in the family function, without authorization', () => {
    const routes = routesByKey();
    for (const family of FAMILIES) {
      for (const prefix of FAMILY_PREFIXES[family]) {
        for (const key of [`OPTIONS ${prefix}`, `OPTIONS ${prefix}/{proxy+}`]) {
          const route = routes.get(key);
          expect(route, key).toBeDefined();
          expect(route!.Properties.AuthorizationType).toBe('NONE');
          expect(route!.Properties.Target).toEqual({ 'Fn::Join': ['', ['integrations/', { Ref: integrationIdOf(family) }]] });
        }
      }
    }
  });

  it('verifies bearer tokens against the Cognito issuer and the web client', () => {
    const pool = resources('AWS::Cognito::UserPool')[0]![0];
    const client = resources('AWS::Cognito::UserPoolClient')[0]![0];
    template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: client }],
        Issuer: { 'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }, '/', { Ref: pool }]] },
      },
    });
  });

  it('lets API Gateway invoke each family function through one permission', () => {
    for (const family of FAMILIES) {
      const permissions = resources('AWS::Lambda::Permission').filter(
        ([, permission]) => permission.Properties.Principal === 'apigateway.amazonaws.com' && permission.Properties.FunctionName['Fn::GetAtt']?.[0] === functionId(family),
      );
      expect(permissions, family).toHaveLength(1);
    }
  });
});

describe('family functions', () => {
  const fn = (family: Family): Resource => template.findResources('AWS::Lambda::Function')[functionId(family)] as Resource;

  it.each(FAMILIES)('%s runs on arm64 Node 22 within the gateway timeout, with the shared environment', (family) => {
    const { Properties } = fn(family);
    expect(Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Timeout: 29 });
    const variables = Properties.Environment.Variables as Record<string, unknown>;
    for (const name of [ENV.tableName, ENV.dataBucket, ENV.indexingQueueUrl, ENV.chatEventsQueueUrl, ENV.userPoolId, ENV.userPoolClientId, ENV.userPoolDomainUrl, ENV.webOrigins]) {
      expect(variables[name], name).toBeDefined();
    }
    expect(variables).toMatchObject({
      [ENV.runtime]: 'cloud',
      [ENV.modelsMode]: 'bedrock',
      [ENV.version]: '9.9.9-test',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      POWERTOOLS_SERVICE_NAME: `groundwork-${family}`,
    });
    expect(variables[ENV.stripeSecretKey]).toBeUndefined();
  });

  const actionsOf = (family: Family): string[] => {
    const role = fn(family).Properties.Role['Fn::GetAtt'][0] as string;
    return resources('AWS::IAM::Policy')
      .filter(([, policy]) => (policy.Properties.Roles as { Ref: string }[]).some((ref) => ref.Ref === role))
      .flatMap(([, policy]) => (policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((statement) => statement.Action));
  };

  it.each(FAMILIES)('%s reads and writes the table; the bucket and the queues only by capability (family-capabilities.test.ts)', (family) => {
    expect(actionsOf(family)).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query']));
  });

  it('gives Cognito admin actions only to auth, profile, organizations and users', () => {
    const admins = FAMILIES.filter((family) => actionsOf(family).includes('cognito-idp:Admin*'));
    expect(admins.sort()).toEqual(['auth', 'organizations', 'profile', 'users']);
    expect(FAMILIES.filter((family) => actionsOf(family).includes('cognito-idp:AdminInitiateAuth')).sort()).toEqual(admins);
    expect(FAMILIES.filter((family) => actionsOf(family).includes('cognito-idp:InitiateAuth'))).toEqual([]);
  });

  it('lets only the families that send invitations or support mail send email, with no sender unless one is configured', () => {
    expect(FAMILIES.filter((family) => actionsOf(family).includes('ses:SendEmail')).sort()).toEqual(['organizations', 'support', 'users']);
    // No made-up default SES would refuse: without groundwork:mailFrom invitations answer their link.
    expect(fn('users').Properties.Environment.Variables[ENV.mailFrom]).toBeUndefined();
    // Unset, the support family derives the mailbox from the sender.
    expect(fn('support').Properties.Environment.Variables[ENV.supportEmail]).toBeUndefined();
  });

  it('passes the SES sender of groundwork:mailFrom to the functions', () => {
    const { template: configured } = synthGroundwork({ context: { 'groundwork:mailFrom': 'Groundwork <no-reply@example.com>' } });
    const users = Object.values(configured.findResources('AWS::Lambda::Function')).find((resource) => resource.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === 'groundwork-users');
    expect(users?.Properties.Environment.Variables[ENV.mailFrom]).toBe('Groundwork <no-reply@example.com>');
  });

  it('passes the support mailbox of groundwork:supportEmail to the functions', () => {
    const { template: configured } = synthGroundwork({ context: { 'groundwork:supportEmail': 'help@example.com' } });
    const support = Object.values(configured.findResources('AWS::Lambda::Function')).find((resource) => resource.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === 'groundwork-support');
    expect(support?.Properties.Environment.Variables[ENV.supportEmail]).toBe('help@example.com');
  });

  it('lets only the organizations family inspect the data bucket settings', () => {
    expect(FAMILIES.filter((family) => actionsOf(family).includes('s3:GetEncryptionConfiguration'))).toEqual(['organizations']);
  });

  it('gives Bedrock only to chat, scoped to foundation models and inference profiles', () => {
    expect(FAMILIES.filter((family) => actionsOf(family).includes('bedrock:InvokeModel'))).toEqual(['chat']);
    const role = fn('chat').Properties.Role['Fn::GetAtt'][0] as string;
    const statements = resources('AWS::IAM::Policy')
      .filter(([, policy]) => (policy.Properties.Roles as { Ref: string }[]).some((ref) => ref.Ref === role))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[])
      .filter((statement) => statement.Action === 'bedrock:InvokeModel');
    expect(statements).toHaveLength(1);
    expect(statements[0]!.Resource).toEqual(
      expect.arrayContaining([
        { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':bedrock:*::foundation-model/*']] },
        { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':bedrock:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':inference-profile/*']] },
      ]),
    );
    expect(statements[0]!.Resource).toHaveLength(2);
  });

  it('lets only the Slack receiver (integrations) send to the chat-events queue', () => {
    const chatEvents = resources('AWS::SQS::Queue').find(([id]) => id.includes('ChatEvents') && !id.includes('DeadLetter'))![0];
    const senders = FAMILIES.filter((family) => {
      const role = fn(family).Properties.Role['Fn::GetAtt'][0] as string;
      return resources('AWS::IAM::Policy').some(
        ([, policy]) =>
          (policy.Properties.Roles as { Ref: string }[]).some((ref) => ref.Ref === role) &&
          (policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]).some(
            (statement) => [statement.Action].flat().includes('sqs:SendMessage') && JSON.stringify(statement.Resource).includes(chatEvents),
          ),
      );
    });
    expect(senders).toEqual(['integrations']);
  });

  it('matches the documented capability table', () => {
    expect(Object.keys(FAMILY_CAPABILITIES).every((family) => (FAMILIES as readonly string[]).includes(family))).toBe(true);
  });
});

import { Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';
import { Construct } from 'constructs';
import { ENV } from '../../functions/platform/environment';
import { FAMILIES, FAMILY_PREFIXES, ROUTES, type AuthKind, type Family } from '../../shared/api/route-table';
import { type BackendResources, serviceEnvironment } from '../compute/backend';
import { createGroundworkFunction } from '../compute/groundwork-function';
import { grantCapabilities } from '../compute/capabilities';
import { familyEntry } from '../lambda-entries';
import { acknowledge } from '../nag';
import { pascalCase } from '../naming';
import { capabilitiesOf } from './family-capabilities';
import { CONTEXT, type ContextKey, contextString } from '../context';

/** Every endpoint answers within 29 s because the gateway cuts at 30 s (contract §1.1). */
export const API_FUNCTION_TIMEOUT = Duration.seconds(29);
const API_FUNCTION_MEMORY_MB = 1024;

/**
 * The stage's throttle, over all callers together: a cap on what a flood (or a client in a loop)
 * can cost, well above one organization's traffic; per-user and per-IP limits are the functions'
 * (contract §1.8). Raise it with the context parameters for a large deployment.
 */
export const DEFAULT_API_THROTTLE = { rateLimit: 250, burstLimit: 500 } as const;

export function apiThrottleOf(scope: IConstruct): { rateLimit: number; burstLimit: number } {
  const read = (key: ContextKey, fallback: number): number => {
    const text = contextString(scope, key);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${key} must be a whole number of requests of at least 1, got "${text}"`);
    return value;
  };
  const throttle = { rateLimit: read(CONTEXT.apiThrottleRateLimit, DEFAULT_API_THROTTLE.rateLimit), burstLimit: read(CONTEXT.apiThrottleBurstLimit, DEFAULT_API_THROTTLE.burstLimit) };
  if (throttle.burstLimit < throttle.rateLimit) {
    throw new Error(`${CONTEXT.apiThrottleBurstLimit} (${throttle.burstLimit}) must be at least ${CONTEXT.apiThrottleRateLimit} (${throttle.rateLimit}): a burst below the steady rate throttles the steady rate`);
  }
  return throttle;
}

export interface GroundworkApiProps {
  readonly resources: BackendResources;
  /** OIDC issuer of the bearer tokens (the Cognito user pool). */
  readonly jwtIssuer: string;
  /** Client ids whose tokens the gateway accepts (`aud` of ID tokens, `client_id` of access tokens). */
  readonly jwtAudience: readonly string[];
  /**
   * The secret CloudFront adds to every `/api` origin request (lib/web-hosting), as a deploy-time
   * reference; the functions refuse requests without it (functions/http/cloudfront-origin.ts).
   */
  readonly originSecret?: string;
}

/**
 * The HTTP API: one Lambda per route family (contract §1.1), every route of the shared route table,
 * and a preflight route per family prefix. The gateway's CORS stays off because the CORS rules
 * differ per route and the functions answer them (§1.8).
 */
export class GroundworkApi extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly functions: Readonly<Record<Family, lambda.Function>>;

  constructor(scope: Construct, id: string, props: GroundworkApiProps) {
    super(scope, id);

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: 'groundwork',
      description: 'Groundwork HTTP API (contract v1.1)',
      createDefaultStage: false,
    });
    this.stage = this.createStage();

    const bearer = new HttpJwtAuthorizer('CognitoJwt', props.jwtIssuer, {
      jwtAudience: [...props.jwtAudience],
      identitySource: ['$request.header.Authorization'],
    });
    // Everything that is not a plain bearer route proves itself in a way a JWT authorizer cannot
    // check (no credential, a provider token, an API key, a webhook signature): the function does.
    const open = new apigw.HttpNoneAuthorizer();

    const functions = {} as Record<Family, lambda.Function>;
    for (const family of FAMILIES) {
      const fn = this.createFamilyFunction(family, props);
      functions[family] = fn;
      // One invoke permission per function instead of one per route keeps the resource count and
      // the function policy size far from their limits.
      const integration = new HttpLambdaIntegration(`${pascalCase(family)}Integration`, fn, { scopePermissionToRoute: false });

      for (const route of ROUTES.filter((candidate) => candidate.family === family)) {
        const authorizer = route.auth === 'bearer' ? bearer : open;
        const [created] = this.httpApi.addRoutes({ path: route.path, methods: [apigw.HttpMethod[route.method]], integration, authorizer });
        if (route.auth !== 'bearer' && created) acknowledgeOpenRoute(created, route.auth);
      }
      for (const prefix of FAMILY_PREFIXES[family]) {
        for (const path of [prefix, `${prefix}/{proxy+}`]) {
          const [created] = this.httpApi.addRoutes({ path, methods: [apigw.HttpMethod.OPTIONS], integration, authorizer: open });
          if (created) acknowledgeOpenRoute(created, 'preflight');
        }
      }
    }
    this.functions = functions;
  }

  private createStage(): apigw.HttpStage {
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.ONE_MONTH });
    return new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: apiThrottleOf(this),
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            // Why the gateway's JWT authorizer refused a request; the function never sees those.
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });
  }

  private createFamilyFunction(family: Family, props: GroundworkApiProps): lambda.Function {
    const { resources } = props;
    const capabilities = capabilitiesOf(family);
    const environment = serviceEnvironment(resources, family);
    if (props.originSecret !== undefined) environment[ENV.originSecret] = props.originSecret;

    const fn = createGroundworkFunction(this, `${pascalCase(family)}Function`, {
      entry: familyEntry(family),
      description: `Groundwork API: ${family} routes`,
      environment,
      timeout: API_FUNCTION_TIMEOUT,
      memorySize: API_FUNCTION_MEMORY_MB,
    });

    // Least privilege: exactly the family's capabilities (family-capabilities.ts), the Stripe secret's name among them.
    grantCapabilities(fn, capabilities, resources);
    return fn;
  }
}

const OPEN_ROUTE_REASONS: Record<Exclude<AuthKind, 'bearer'> | 'preflight', string> = {
  public: 'Public by contract §1.2: sign-in entry points, invitation acceptance, billing config and plans, health, OpenAPI.',
  'provider-token': 'The function verifies the identity provider token itself (contract §4.5).',
  'bearer-or-api-key': 'Accepts a bearer token or an application API key (contract §17.5); the function verifies both, a JWT authorizer cannot.',
  'stripe-signed': 'Stripe webhook: the function verifies the Stripe-Signature over the raw body (contract §20.20).',
  'slack-signed': 'Slack events: the function verifies X-Slack-Signature over the raw body (contract §18.1).',
  preflight: 'CORS preflight carries no credentials; the function answers it per route rules (contract §1.8).',
};

function acknowledgeOpenRoute(route: apigw.HttpRoute, kind: keyof typeof OPEN_ROUTE_REASONS): void {
  acknowledge(route, OPEN_ROUTE_REASONS[kind], 'AwsSolutions-APIG4');
}

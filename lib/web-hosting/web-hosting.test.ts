import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '../../shared/config/runtime-config';
import { synthGroundwork } from '../testing/synth';
import { buildRuntimeConfig } from './runtime-config';
import { API_PATH_PATTERN } from './web-hosting';
import type { Json } from '../../test/support/json';

type Resource = { Properties: Json };

describe('web hosting', () => {
  let template: Template;
  let config: Json;
  beforeAll(() => {
    ({ template } = synthGroundwork());
    config = (Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as Resource).Properties.DistributionConfig;
  });

  it('keeps the web bucket private and TLS-only, reachable only through Origin Access Control', () => {
    const distribution = Object.keys(template.findResources('AWS::CloudFront::Distribution'))[0]!;
    const [webBucket] = Object.entries(template.findResources('AWS::S3::Bucket')).find(([id]) => id.startsWith('WebBucket'))!;
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: webBucket },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith([{ Ref: distribution }])]) }) } },
          }),
        ]),
      },
    });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    expect(config.Origins.find((origin: Json) => origin.S3OriginConfig).OriginAccessControlId).toBeDefined();
  });

  it('serves index.html at the root and for client-side routes, over HTTPS', () => {
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: expect.anything() }]);
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
      FunctionCode: Match.stringLikeRegexp("request.uri = '/index.html'"),
    });
  });

  it('rewrites extension-less paths only', () => {
    const [fn] = Object.values(template.findResources('AWS::CloudFront::Function')) as Resource[];
    const handler = new Function(`${fn!.Properties.FunctionCode}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
    expect(handler({ request: { uri: '/chat/app_1' } }).uri).toBe('/index.html');
    expect(handler({ request: { uri: '/' } }).uri).toBe('/index.html');
    expect(handler({ request: { uri: '/assets/index-abc.js' } }).uri).toBe('/assets/index-abc.js');
    expect(handler({ request: { uri: '/runtime-config.json' } }).uri).toBe('/runtime-config.json');
  });

  it('has no error-response rewrite, which would turn API 403/404 answers into index.html', () => {
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it('routes /api/* to the HTTP API uncached, with every method and viewer header but Host', () => {
    const [api] = Object.keys(template.findResources('AWS::ApiGatewayV2::Api'));
    const behaviors = config.CacheBehaviors as Json[];
    expect(behaviors).toHaveLength(1);
    const behavior = behaviors[0]!;
    expect(behavior).toMatchObject({
      PathPattern: API_PATH_PATTERN,
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
    });
    const origin = (config.Origins as Json[]).find((candidate) => candidate.Id === behavior.TargetOriginId)!;
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    expect(origin.DomainName).toEqual({
      'Fn::Join': ['', [{ Ref: api }, '.execute-api.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }]],
    });
  });

  it('logs to the access-log bucket and deploys no frontend when there is no build', () => {
    expect(config.Logging).toMatchObject({ Bucket: expect.anything(), Prefix: 'cloudfront/' });
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});

describe('frontend deployment', () => {
  let dist: string;
  let template: Template;
  let outdir: string;
  let nagFindings: string[];
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'groundwork-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    // A local build may carry the local server's runtime-config.json; it must not be uploaded.
    writeFileSync(join(dist, 'runtime-config.json'), '{"environment":"local"}');
    const { template: synthesized, app, stack } = synthGroundwork({ frontendAssetPath: dist, context: { 'groundwork:stripe': 'true' } });
    template = synthesized;
    outdir = app.outdir;
    nagFindings = new AwsSolutionsChecks(app).validateScope(stack).violations.map((violation) => violation.ruleName);
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('uploads the build with a generated runtime-config.json and invalidates the distribution', () => {
    const distribution = Object.keys(template.findResources('AWS::CloudFront::Distribution'))[0]!;
    template.resourceCountIs('Custom::CDKBucketDeployment', 1);
    const [deployment] = Object.values(template.findResources('Custom::CDKBucketDeployment')) as Resource[];
    expect(deployment!.Properties).toMatchObject({
      DestinationBucketName: { Ref: expect.stringMatching(/^WebBucket/) },
      DistributionId: { Ref: distribution },
      DistributionPaths: ['/*'],
      Prune: true,
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    expect(deployment!.Properties.SourceBucketNames).toHaveLength(2);
    // Deploy-time values (pool id, client id, region) are substituted into the JSON through markers.
    expect(Object.keys(deployment!.Properties.SourceMarkers[1])).not.toHaveLength(0);
  });

  it('keeps the AWS Solutions checks clean with the CDK deployment handler', () => {
    expect(nagFindings).toEqual([]);
  });

  it('writes runtime-config.json with payments from groundwork:stripe and deploy-time OIDC values', () => {
    const files = readdirSync(outdir)
      .map((entry) => join(outdir, entry, 'runtime-config.json'))
      .filter((file) => existsSync(file))
      .map((file) => JSON.parse(readFileSync(file, 'utf8')) as Json);
    expect(files).toHaveLength(1);
    const [config] = files;
    expect(config).toMatchObject({ apiBaseUrl: '', environment: 'cloud', modes: { models: 'bedrock', payments: 'stripe' } });
    expect(config!.oidc.scope).toBe('openid profile email');
    expect(config!.oidc.authority).toMatch(/^https:\/\/cognito-idp\..+\/.+$/);
    expect(config!.oidc.clientId).toMatch(/marker/);
  });

  it('leaves the build\'s own runtime-config.json out of the uploaded asset', () => {
    const staged = readdirSync(outdir).filter((entry) => existsSync(join(outdir, entry, 'assets', 'index-abc.js')));
    expect(staged).toHaveLength(1);
    expect(existsSync(join(outdir, staged[0]!, 'runtime-config.json'))).toBe(false);
  });
});

describe('runtime-config.json', () => {
  const config = buildRuntimeConfig({
    issuerUrl: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_abc',
    clientId: 'client123',
    hostedUiUrl: 'https://groundwork-123.auth.eu-west-1.amazoncognito.com',
    webOrigin: 'https://d111.cloudfront.net',
    payments: 'self_hosted',
  });

  it('satisfies the shared runtime-config schema', () => {
    expect(runtimeConfigSchema.parse(config)).toEqual(config);
  });

  it('points the client at the same origin, the Cognito issuer and hosted pages', () => {
    expect(config).toEqual({
      apiBaseUrl: '',
      environment: 'cloud',
      oidc: {
        authority: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_abc',
        clientId: 'client123',
        scope: 'openid profile email',
        resetPasswordUrl:
          'https://groundwork-123.auth.eu-west-1.amazoncognito.com/forgotPassword?client_id=client123&response_type=code&redirect_uri=https://d111.cloudfront.net/login',
        logoutUrl: 'https://groundwork-123.auth.eu-west-1.amazoncognito.com/logout?client_id=client123&logout_uri=https://d111.cloudfront.net/login',
      },
      modes: { models: 'bedrock', payments: 'self_hosted' },
      googleSignIn: false,
    });
  });

  it('says Google sign-in is offered only when a Google client id is configured', () => {
    const withGoogle = buildRuntimeConfig({
      issuerUrl: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_abc',
      clientId: 'client123',
      hostedUiUrl: 'https://groundwork-123.auth.eu-west-1.amazoncognito.com',
      webOrigin: 'https://d111.cloudfront.net',
      payments: 'self_hosted',
      googleClientId: '1234.apps.googleusercontent.com',
    });
    expect(withGoogle.googleSignIn).toBe(true);
  });
});

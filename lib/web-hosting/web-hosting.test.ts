import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../functions/platform/environment';
import { ORIGIN_SECRET_HEADER, VIEWER_IP_HEADER } from '../../functions/http/cloudfront-origin';
import { runtimeConfigSchema } from '../../shared/config/runtime-config';
import { SPA_FRAME_OPTIONS, SPA_REFERRER_POLICY } from '../../shared/config/spa-security-policy';
import { synthGroundwork } from '../testing/synth';
import { HASHED_ASSETS_DIR, IMMUTABLE_CACHE_CONTROL } from './frontend-deployment';
import { buildRuntimeConfig } from './runtime-config';
import { cloudSpaContentSecurityPolicy } from './spa-content-security-policy';
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
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^WebSpaRouting/), 'FunctionARN'] } }]);
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
      FunctionCode: Match.stringLikeRegexp("request.uri = '/index.html'"),
    });
  });

  it('rewrites extension-less paths only', () => {
    const [fn] = Object.values(template.findResources('AWS::CloudFront::Function')).filter((candidate) => (candidate as Resource).Properties.FunctionCode.includes('index.html')) as Resource[];
    const handler = new Function(`${fn!.Properties.FunctionCode}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
    expect(handler({ request: { uri: '/chat/app_1' } }).uri).toBe('/index.html');
    expect(handler({ request: { uri: '/' } }).uri).toBe('/index.html');
    expect(handler({ request: { uri: '/assets/index-abc.js' } }).uri).toBe('/assets/index-abc.js');
    expect(handler({ request: { uri: '/runtime-config.json' } }).uri).toBe('/runtime-config.json');
  });

  it('never serves a source map, even one an older deployment left in the bucket', () => {
    const [fn] = Object.values(template.findResources('AWS::CloudFront::Function')).filter((candidate) => (candidate as Resource).Properties.FunctionCode.includes('index.html')) as Resource[];
    const handler = new Function(`${fn!.Properties.FunctionCode}; return handler;`)() as (event: { request: { uri: string } }) => Json;
    expect(handler({ request: { uri: '/assets/index-abc.js.map' } })).toEqual({ statusCode: 404, statusDescription: 'Not Found' });
    expect(handler({ request: { uri: '/assets/index-abc.JS.MAP' } }).statusCode).toBe(404);
    expect(handler({ request: { uri: '/assets/index-abc.js' } }).uri).toBe('/assets/index-abc.js');
  });

  it('has no error-response rewrite, which would turn API 403/404 answers into index.html', () => {
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it('routes /api/* to the HTTP API uncached, with every method and viewer header but Host', () => {
    // AllViewerExceptHostHeader forwards no CloudFront-* header (CloudFront-Viewer-Address among
    // them); the policies that do also forward Host, which API Gateway refuses.
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

  it('adds the origin secret to every API origin request as a Secrets Manager reference, never as text', () => {
    const [secretId] = Object.keys(template.findResources('AWS::SecretsManager::Secret')).filter((id) => id.startsWith('WebOriginSecret'));
    expect(secretId).toBeDefined();
    template.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true } });
    const reference = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] };
    const behavior = (config.CacheBehaviors as Json[])[0]!;
    const origin = (config.Origins as Json[]).find((candidate) => candidate.Id === behavior.TargetOriginId)!;
    expect(origin.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_SECRET_HEADER, HeaderValue: reference }]);
    // The S3 origin gets no secret.
    expect((config.Origins as Json[]).filter((candidate) => candidate.OriginCustomHeaders)).toHaveLength(1);
    // Every API function checks it; no other function is given it.
    const functions = Object.entries(template.findResources('AWS::Lambda::Function')) as [string, Resource][];
    const withSecret = functions.filter(([, fn]) => fn.Properties.Environment?.Variables?.[ENV.originSecret] !== undefined);
    expect(withSecret.length).toBeGreaterThan(10);
    for (const [id, fn] of withSecret) {
      expect(id).toMatch(/^Api/);
      expect(fn.Properties.Environment.Variables[ENV.originSecret]).toEqual(reference);
    }
    expect(functions.filter(([id]) => /^Api.*Function/.test(id)).length).toBe(withSecret.length);
  });

  it('passes the viewer IP to the API in a header it sets itself, over whatever the viewer sent', () => {
    const behavior = (config.CacheBehaviors as Json[])[0]!;
    expect(behavior.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^WebApiViewerAddress/), 'FunctionARN'] } }]);
    const [id] = behavior.FunctionAssociations[0].FunctionARN['Fn::GetAtt'];
    const fn = template.findResources('AWS::CloudFront::Function')[id] as Resource;
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (event: Json) => { headers: Record<string, { value: string }> };
    const forwarded = handler({ viewer: { ip: '203.0.113.7' }, request: { uri: '/api/health', headers: { [VIEWER_IP_HEADER]: { value: '10.0.0.1' } } } });
    expect(forwarded.headers[VIEWER_IP_HEADER]).toEqual({ value: '203.0.113.7' });
  });

  it('serves the web client with the shared CSP and security headers', () => {
    const policies = Object.entries(template.findResources('AWS::CloudFront::ResponseHeadersPolicy')) as [string, Resource][];
    expect(policies).toHaveLength(1);
    const [policyId, policy] = policies[0]!;
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const { stack } = synthGroundwork();
    expect(headers.ContentSecurityPolicy).toEqual({ ContentSecurityPolicy: stack.resolve(cloudSpaContentSecurityPolicy(stack, { stripe: false, googleDrive: false })), Override: true });
    expect(headers).toMatchObject({
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: SPA_FRAME_OPTIONS, Override: true },
      ReferrerPolicy: { ReferrerPolicy: SPA_REFERRER_POLICY, Override: true },
      StrictTransportSecurity: { AccessControlMaxAgeSec: 31536000, Override: true },
    });
    const csp = JSON.stringify(headers.ContentSecurityPolicy);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain('https://cognito-idp.');
    expect(csp).toContain('amazoncognito.com');
    expect(csp).toContain('https: http:');
    expect(csp).not.toContain('stripe');
    expect(csp).not.toContain('accounts.google.com');
  });

  it('lets the CSP load Stripe.js in Stripe mode and Google Identity Services when the Drive page is configured', () => {
    const { template: configured } = synthGroundwork({ context: { 'groundwork:stripe': 'true', 'groundwork:googleDriveClientId': '1234.apps.googleusercontent.com' } });
    const [policy] = Object.values(configured.findResources('AWS::CloudFront::ResponseHeadersPolicy')) as Resource[];
    const csp = JSON.stringify(policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy);
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://accounts.google.com;");
    expect(csp).toContain('frame-src \'self\' https://js.stripe.com https://hooks.stripe.com;');
    expect(csp).toContain('https://api.stripe.com');
  });

  it('advertises the API under the web origin, not the execute-api endpoint', () => {
    const outputs = template.findOutputs('*');
    expect(JSON.stringify(outputs.ApiUrl!.Value)).not.toContain('execute-api');
    expect(outputs.ApiUrl!.Value).toEqual({ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^WebDistribution/), 'DomainName'] }, '/api']] });
  });

  it('logs to the access-log bucket and deploys no frontend when there is no build', () => {
    expect(config.Logging).toMatchObject({ Bucket: expect.anything(), Prefix: 'cloudfront/' });
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});

describe('custom domain', () => {
  const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-aaaa-bbbb-cccc-1234567890ab';
  const synthWith = (context: Record<string, string>) => synthGroundwork({ context }).template;

  it('serves the names with the certificate over TLS 1.2 (2021), the first name being the web origin for Cognito and CORS', () => {
    const template = synthWith({ 'groundwork:domainNames': 'Chat.Example.com, www.chat.example.com', 'groundwork:certificateArn': CERTIFICATE });
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution')) as Resource[];
    expect(distribution!.Properties.DistributionConfig).toMatchObject({
      Aliases: ['chat.example.com', 'www.chat.example.com'],
      ViewerCertificate: { AcmCertificateArn: CERTIFICATE, SslSupportMethod: 'sni-only', MinimumProtocolVersion: 'TLSv1.2_2021' },
    });
    const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient')) as Resource[];
    expect(client!.Properties.CallbackURLs).toEqual(expect.arrayContaining(['https://chat.example.com/auth/callback', 'https://www.chat.example.com/auth/callback']));
    expect(client!.Properties.LogoutURLs).toEqual(expect.arrayContaining(['https://chat.example.com/login']));
    const [fn] = (Object.entries(template.findResources('AWS::Lambda::Function')) as [string, Resource][]).filter(([id]) => id.startsWith('ApiAuthFunction'));
    expect(JSON.stringify(fn![1].Properties.Environment.Variables[ENV.webOrigins])).toMatch(/^\{"Fn::Join":\["",\["https:\/\/chat\.example\.com,https:\/\/www\.chat\.example\.com,https:\/\/"/);
    const outputs = template.findOutputs('*');
    expect(outputs.WebUrl!.Value).toBe('https://chat.example.com');
    expect(outputs.ApiUrl!.Value).toBe('https://chat.example.com/api');
  });

  it('keeps the AWS Solutions checks clean with a custom domain', () => {
    const { app, stack } = synthGroundwork({ context: { 'groundwork:domainNames': 'chat.example.com', 'groundwork:certificateArn': CERTIFICATE } });
    expect(new AwsSolutionsChecks(app).validateScope(stack).violations.map((violation) => violation.ruleName)).toEqual([]);
  });

  it('keeps groundwork:webOrigin as the primary origin when both are given', () => {
    const template = synthWith({ 'groundwork:domainNames': 'chat.example.com', 'groundwork:certificateArn': CERTIFICATE, 'groundwork:webOrigin': 'https://proxy.example.com' });
    expect(template.findOutputs('*').WebUrl!.Value).toBe('https://proxy.example.com');
    const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient')) as Resource[];
    expect(client!.Properties.CallbackURLs).toEqual(expect.arrayContaining(['https://proxy.example.com/auth/callback', 'https://chat.example.com/auth/callback']));
  });

  it('refuses at synth a certificate outside us-east-1, saying why', () => {
    expect(() => synthWith({ 'groundwork:domainNames': 'chat.example.com', 'groundwork:certificateArn': CERTIFICATE.replace('us-east-1', 'eu-west-1') })).toThrow(
      /groundwork:certificateArn must be a certificate in us-east-1, where CloudFront reads certificates, got one in eu-west-1/,
    );
  });

  it('refuses one parameter without the other, a malformed ARN and a name that is no host name', () => {
    expect(() => synthWith({ 'groundwork:domainNames': 'chat.example.com' })).toThrow(/groundwork:domainNames needs groundwork:certificateArn/);
    expect(() => synthWith({ 'groundwork:certificateArn': CERTIFICATE })).toThrow(/groundwork:certificateArn is set but groundwork:domainNames is not/);
    expect(() => synthWith({ 'groundwork:domainNames': 'chat.example.com', 'groundwork:certificateArn': 'certificate/123' })).toThrow(/must be an ACM certificate ARN/);
    for (const name of ['https://chat.example.com', 'chat.example.com:8443', '*.example.com', 'localhost']) {
      expect(() => synthWith({ 'groundwork:domainNames': name, 'groundwork:certificateArn': CERTIFICATE }), name).toThrow(/must list host names such as chat.example.com/);
    }
  });

  it('without a domain, serves only the distribution name and acknowledges its fixed TLS policy', () => {
    const template = synthWith({});
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution')) as Resource[];
    expect(distribution!.Properties.DistributionConfig.Aliases).toBeUndefined();
    expect(distribution!.Properties.DistributionConfig.ViewerCertificate).toBeUndefined();
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
    writeFileSync(join(dist, 'assets', 'index-abc.js.map'), '{"version":3}');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    writeFileSync(join(dist, 'stray.js.map'), '{"version":3}');
    // A local build may carry the local server's runtime-config.json; it must not be uploaded.
    writeFileSync(join(dist, 'runtime-config.json'), '{"environment":"local"}');
    const { template: synthesized, app, stack } = synthGroundwork({ frontendAssetPath: dist, context: { 'groundwork:stripe': 'true' } });
    template = synthesized;
    outdir = app.outdir;
    nagFindings = new AwsSolutionsChecks(app).validateScope(stack).violations.map((violation) => violation.ruleName);
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const deployments = () => Object.entries(template.findResources('Custom::CDKBucketDeployment')) as [string, Resource & { DependsOn?: string[] }][];

  it('uploads the build with a generated runtime-config.json, revalidated on every load, and invalidates the distribution', () => {
    const distribution = Object.keys(template.findResources('AWS::CloudFront::Distribution'))[0]!;
    template.resourceCountIs('Custom::CDKBucketDeployment', 2);
    const [, deployment] = deployments().find(([id]) => id.startsWith('FrontendDeployment'))!;
    expect(deployment.Properties).toMatchObject({
      DestinationBucketName: { Ref: expect.stringMatching(/^WebBucket/) },
      DistributionId: { Ref: distribution },
      DistributionPaths: ['/*'],
      Prune: true,
      // Pruning must not delete the hashed files the other upload owns.
      Exclude: [`${HASHED_ASSETS_DIR}/*`],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    expect(deployment.Properties.SourceBucketNames).toHaveLength(2);
    // Deploy-time values (pool id, client id, region) are substituted into the JSON through markers.
    expect(Object.keys(deployment.Properties.SourceMarkers[1])).not.toHaveLength(0);
  });

  it('uploads the hashed assets first, cached for a year as immutable, and keeps the previous release\'s', () => {
    const [assetsId, assets] = deployments().find(([id]) => id.startsWith('FrontendHashedAssets'))!;
    expect(assets.Properties).toMatchObject({
      DestinationBucketName: { Ref: expect.stringMatching(/^WebBucket/) },
      DestinationBucketKeyPrefix: `${HASHED_ASSETS_DIR}/`,
      Prune: false,
      SystemMetadata: { 'cache-control': IMMUTABLE_CACHE_CONTROL },
    });
    expect(IMMUTABLE_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
    const [, root] = deployments().find(([id]) => id.startsWith('FrontendDeployment'))!;
    expect(root.DependsOn).toContain(assetsId);
  });

  it('uploads no source map and keeps the hashed files out of the revalidated upload', () => {
    const staged = readdirSync(outdir).filter((entry) => entry.startsWith('asset.') && !entry.endsWith('.zip'));
    const files = staged.flatMap((entry) => listFiles(join(outdir, entry)));
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    const root = staged.find((entry) => existsSync(join(outdir, entry, 'index.html')))!;
    expect(listFiles(join(outdir, root)).sort()).toEqual(['favicon.svg', 'index.html']);
    const assets = staged.find((entry) => existsSync(join(outdir, entry, 'index-abc.js')))!;
    expect(listFiles(join(outdir, assets))).toEqual(['index-abc.js']);
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
    const staged = readdirSync(outdir).filter((entry) => existsSync(join(outdir, entry, 'index.html')));
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

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

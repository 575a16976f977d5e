import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthGroundwork } from '../testing/synth';

/** The runtime-config.json the frontend deployment stages (synthesized with a stand-in build). */
function stagedRuntimeConfig(outdir: string): { googleSignIn?: boolean } {
  const [file] = readdirSync(outdir)
    .map((entry) => join(outdir, entry, 'runtime-config.json'))
    .filter((path) => existsSync(path));
  return JSON.parse(readFileSync(file!, 'utf8')) as { googleSignIn?: boolean };
}

describe('with the default web origin (the distribution)', () => {
  let template: Template;
  beforeAll(() => {
    ({ template } = synthGroundwork());
  });

  it('creates users only through the API, signs in by case-insensitive email, and is retained', () => {
    template.resourceCountIs('AWS::Cognito::UserPool', 1);
    template.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) },
    });
  });

  it('has a hosted UI domain derived from the stack and account', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', {
      Domain: { 'Fn::Join': ['', ['groundwork-', { Ref: 'AWS::AccountId' }]] },
    });
  });

  it('has a public web client: code grant, OIDC scopes, the admin password flow (IAM only) and refresh, 1 h / 30 d tokens', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ['openid', 'profile', 'email'],
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      SupportedIdentityProviders: ['COGNITO'],
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 43200,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
    });
  });

  it('offers no Google sign-in without a Google client', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
  });

  it('returns the browser to the distribution origin', () => {
    const distribution = Object.keys(template.findResources('AWS::CloudFront::Distribution'))[0]!;
    const origin = (path: string) => ({ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distribution, 'DomainName'] }, path]] });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      CallbackURLs: [origin('/auth/callback'), origin('/login')],
      LogoutURLs: [origin('/login')],
    });
  });
});

describe('with groundwork:webOrigin and groundwork:cognitoDomainPrefix', () => {
  let template: Template;
  beforeAll(() => {
    ({ template } = synthGroundwork({
      context: { 'groundwork:webOrigin': 'https://app.example.com/', 'groundwork:cognitoDomainPrefix': 'acme-groundwork' },
    }));
  });

  it('registers the configured origin first, keeping the distribution origin allowed', () => {
    const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient'));
    const callbacks = client!.Properties.CallbackURLs as unknown[];
    expect(callbacks.slice(0, 2)).toEqual(['https://app.example.com/auth/callback', 'https://app.example.com/login']);
    expect(callbacks).toHaveLength(4);
    expect(client!.Properties.LogoutURLs[0]).toBe('https://app.example.com/login');
  });

  it('tells the functions both origins, the configured one first', () => {
    const distribution = Object.keys(template.findResources('AWS::CloudFront::Distribution'))[0]!;
    const functions = Object.values(template.findResources('AWS::Lambda::Function')).filter((fn) => fn.Properties.Environment?.Variables?.WEB_ORIGINS);
    expect(functions.length).toBeGreaterThan(0);
    for (const fn of functions) {
      expect(fn.Properties.Environment.Variables.WEB_ORIGINS).toEqual({
        'Fn::Join': ['', ['https://app.example.com,https://', { 'Fn::GetAtt': [distribution, 'DomainName'] }]],
      });
    }
  });

  it('uses the configured domain prefix', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'acme-groundwork' });
  });
});

describe('groundwork:webOrigin validation', () => {
  it('refuses a value that is not an origin', () => {
    expect(() => synthGroundwork({ context: { 'groundwork:webOrigin': 'https://app.example.com/app' } })).toThrow(/must be an origin/);
    expect(() => synthGroundwork({ context: { 'groundwork:webOrigin': 'app.example.com' } })).toThrow(/must be an origin/);
  });
});

describe('with groundwork:googleClientId and groundwork:googleClientSecretName', () => {
  let template: Template;
  let outdir: string;
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'groundwork-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    const synthesized = synthGroundwork({
      frontendAssetPath: dist,
      context: { 'groundwork:googleClientId': '1234-abc.apps.googleusercontent.com', 'groundwork:googleClientSecretName': 'groundwork/google-sign-in' },
    });
    template = synthesized.template;
    outdir = synthesized.app.outdir;
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('federates Google, mapping email, its verification and the name, with the secret resolved at deploy time', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: {
        client_id: '1234-abc.apps.googleusercontent.com',
        client_secret: '{{resolve:secretsmanager:groundwork/google-sign-in:SecretString:::}}',
        authorize_scopes: 'openid email profile',
      },
      AttributeMapping: { email: 'email', email_verified: 'email_verified', name: 'name' },
    });
  });

  it('lets the web client sign in with Google, after the provider exists', () => {
    const client = Object.values(template.findResources('AWS::Cognito::UserPoolClient'))[0]!;
    expect(client.Properties.SupportedIdentityProviders).toEqual(['COGNITO', 'Google']);
    const provider = Object.keys(template.findResources('AWS::Cognito::UserPoolIdentityProvider'))[0]!;
    expect(client.DependsOn).toContain(provider);
  });

  it('tells the web client that Google sign-in is on', () => {
    expect(stagedRuntimeConfig(outdir).googleSignIn).toBe(true);
  });
});

describe('Google sign-in parameters', () => {
  it('need both the client id and the secret name', () => {
    expect(() => synthGroundwork({ context: { 'groundwork:googleClientId': 'x.apps.googleusercontent.com' } })).toThrow(/needs both/);
    expect(() => synthGroundwork({ context: { 'groundwork:googleClientSecretName': 'groundwork/google' } })).toThrow(/needs both/);
  });

  it('without them the runtime config says Google sign-in is off', () => {
    const dist = mkdtempSync(join(tmpdir(), 'groundwork-dist-'));
    try {
      writeFileSync(join(dist, 'index.html'), '<!doctype html>');
      expect(stagedRuntimeConfig(synthGroundwork({ frontendAssetPath: dist }).app.outdir).googleSignIn).toBe(false);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthGroundwork } from '../testing/synth';

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

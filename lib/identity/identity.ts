import { Duration, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { CONTEXT, contextString } from '../context';
import { OIDC_CALLBACK_PATH, OIDC_POST_LOGOUT_PATH } from '../../shared/config/runtime-config';
import { acknowledge } from '../nag';

export const WEB_SCOPES = ['openid', 'profile', 'email'] as const;

export interface IdentityProps {
  /** Origins of the web client; each gets the OIDC callback and logout URLs registered. */
  readonly webOrigins: readonly string[];
  /** Hosted UI domain prefix, unique per region; tokens are allowed (e.g. one holding the account id). */
  readonly domainPrefix: string;
  /** Google sign-in through Cognito federation; absent, the hosted sign-in offers email and password only. */
  readonly google?: GoogleFederation;
}

export interface GoogleFederation {
  /** The OAuth client id of a Google Cloud "Web application" client. */
  readonly clientId: string;
  /** Its secret, resolved by CloudFormation at deploy time (never in the template). */
  readonly clientSecret: SecretValue;
}

/**
 * Google federation from `groundwork:googleClientId` and `groundwork:googleClientSecretName` (a
 * Secrets Manager secret whose whole value is the client secret); both or neither.
 */
export function googleFederationOf(scope: Construct): GoogleFederation | undefined {
  const clientId = contextString(scope, CONTEXT.googleClientId);
  const secretName = contextString(scope, CONTEXT.googleClientSecretName);
  if (clientId === undefined && secretName === undefined) return undefined;
  if (clientId === undefined || secretName === undefined) {
    throw new Error(`Google sign-in needs both ${CONTEXT.googleClientId} and ${CONTEXT.googleClientSecretName}`);
  }
  return { clientId, clientSecret: SecretValue.secretsManager(secretName) };
}

/**
 * The Cognito user pool that issues every bearer token (contract §1.2) and the public client the
 * web app signs in with (code grant + PKCE through the hosted UI; the API's §4.1 password sign-in
 * uses the admin flow).
 */
export class Identity extends Construct {
  readonly userPool: cognito.UserPool;
  readonly domain: cognito.UserPoolDomain;
  readonly webClient: cognito.UserPoolClient;
  /** Whether the hosted sign-in offers Google (the runtime config tells the web client). */
  readonly googleSignIn: boolean;

  constructor(scope: Construct, id: string, props: IdentityProps) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      // Accounts are created by the API (signup, invitations, organization creation), never directly.
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Cognito enforces only the floor; each organization's stricter policy (§6.14) is applied by
      // the API before a password reaches Cognito, so Cognito must not reject what it allows.
      passwordPolicy: {
        minLength: 8,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      // Only the first system administrator gets Cognito's invitation (lib/first-sign-in/): every
      // other account is created by the API without Cognito mail.
      userInvitation: {
        emailSubject: 'Your Groundwork administrator account',
        emailBody: `Groundwork is ready at ${props.webOrigins[0]}. Sign in there with {username} and the temporary password {####}; you will then choose your own password.`,
      },
      // Lite has everything used here (hosted UI, password and refresh flows) at the lowest price.
      featurePlan: cognito.FeaturePlan.LITE,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.userPool,
      'The organization password policy (contract §6.14) is enforced by the API; Cognito keeps only the minimum length of 8 so it never rejects a password that policy allows.',
      'AwsSolutions-COG1',
    );
    acknowledge(this.userPool, 'MFA is not part of contract v1.1; organizations control session age and IP allowlists instead.', 'AwsSolutions-COG2');
    acknowledge(
      this.userPool,
      'Threat protection needs the Plus feature plan, a per-user cost the self-hosted default avoids; the API rate-limits and locks out failed logins (§1.8).',
      'AwsSolutions-COG3',
      'AwsSolutions-COG8',
    );

    this.domain = this.userPool.addDomain('Domain', { cognitoDomain: { domainPrefix: props.domainPrefix } });

    const google = props.google
      ? new cognito.UserPoolIdentityProviderGoogle(this, 'Google', {
          userPool: this.userPool,
          clientId: props.google.clientId,
          clientSecretValue: props.google.clientSecret,
          scopes: ['openid', 'email', 'profile'],
          // User resolution (contract §4) links a Google sign-in to the user with the same verified email,
          // and a just-in-time user is named after the Google profile.
          attributeMapping: {
            email: cognito.ProviderAttribute.GOOGLE_EMAIL,
            emailVerified: cognito.ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
            fullname: cognito.ProviderAttribute.GOOGLE_NAME,
          },
        })
      : undefined;
    this.googleSignIn = google !== undefined;

    const origins = [...props.webOrigins];
    this.webClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      // No password flow a browser could use: the API's password sign-in (§4.1) is the admin flow,
      // which needs the functions' IAM role, so every attempt passes the API's lockout (§1.8).
      authFlows: { adminUserPassword: true },
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.PROFILE, cognito.OAuthScope.EMAIL],
        // `/login` is a callback too: the hosted reset page returns there (contract §4.12), and
        // Cognito only redirects to registered callback URLs.
        callbackUrls: origins.flatMap((origin) => [`${origin}${OIDC_CALLBACK_PATH}`, `${origin}${OIDC_POST_LOGOUT_PATH}`]),
        logoutUrls: origins.map((origin) => `${origin}${OIDC_POST_LOGOUT_PATH}`),
      },
      supportedIdentityProviders: [cognito.UserPoolClientIdentityProvider.COGNITO, ...(google ? [cognito.UserPoolClientIdentityProvider.GOOGLE] : [])],
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
    });
    // The client may name Google only once the provider exists.
    if (google) this.webClient.node.addDependency(google);
  }

  /** The OIDC issuer of the pool: JWT authorizer issuer and the web client's authority. */
  get issuerUrl(): string {
    const stack = Stack.of(this);
    return `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${this.userPool.userPoolId}`;
  }

  /** Hosted UI base URL (`https://<prefix>.auth.<region>.amazoncognito.com`). */
  get hostedUiUrl(): string {
    return this.domain.baseUrl();
  }
}

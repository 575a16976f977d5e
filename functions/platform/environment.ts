/**
 * The environment variables the functions read, in one place. The CDK stack sets them on every
 * Lambda; the local runtime sets them on its own process before it serves. README lists them all.
 */
export const ENV = {
  /** `cloud` (AWS adapters) or `local` (embedded adapters). */
  runtime: 'GROUNDWORK_RUNTIME',
  version: 'GROUNDWORK_VERSION',
  tableName: 'TABLE_NAME',
  dataBucket: 'DATA_BUCKET',
  indexingQueueUrl: 'INDEXING_QUEUE_URL',
  chatEventsQueueUrl: 'CHAT_EVENTS_QUEUE_URL',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  /** Hosted UI base URL of the Cognito domain, e.g. https://groundwork-123.auth.eu-west-1.amazoncognito.com */
  userPoolDomainUrl: 'USER_POOL_DOMAIN_URL',
  /** Comma-separated web origins allowed for bearer CORS (contract §1.8). */
  webOrigins: 'WEB_ORIGINS',
  /** The S3 Vectors bucket holding one vector index per knowledge-base version. */
  vectorBucketName: 'VECTOR_BUCKET_NAME',
  /** The KMS key that encrypts stored third-party secrets (storage credentials, Slack, API tokens). */
  secretsKeyId: 'SECRETS_KMS_KEY_ID',
  /** `bedrock` or `offline`. */
  modelsMode: 'GROUNDWORK_MODELS',
  stripeSecretKey: 'STRIPE_SECRET_KEY',
  /**
   * Cloud: the Secrets Manager secret (name or ARN) holding `{ secretKey, webhookSecret, publishableKey }`;
   * read once per container at cold start into the three Stripe variables (deployment-secrets.ts).
   */
  stripeSecretName: 'STRIPE_SECRET_NAME',
  /** Given to the browser by `GET /api/billing/config` to load Stripe.js (contract §20.1). */
  stripePublishableKey: 'STRIPE_PUBLISHABLE_KEY',
  /** Signing secret of the Stripe webhook endpoint (contract §20.20). */
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET',
  /** Tests only: where the Stripe client sends its requests, e.g. a local fake at http://127.0.0.1:4242. */
  stripeApiBaseUrl: 'STRIPE_API_BASE_URL',
  /** Where Google Drive calls go (§12); unset means https://www.googleapis.com. Tests point it at a local fake. */
  googleApiBaseUrl: 'GOOGLE_API_BASE_URL',
  /** The Google OAuth client id the web client asks a drive.readonly token with (docs/drive.md); unset hides the Drive picker. */
  googleDriveClientId: 'GOOGLE_DRIVE_CLIENT_ID',
  /** The organization self sign-ups land in when no organization owns the email's domain (§4.2). */
  defaultConsumerOrganizationId: 'GROUNDWORK_DEFAULT_CONSUMER_ORGANIZATION_ID',
  /** Verified SES sender of invitations, e.g. `Groundwork <no-reply@example.com>`. */
  mailFrom: 'MAIL_FROM',
  /** Where new support tickets are mailed (contract §19.2); see functions/api/support/support-mailbox.ts for the default. */
  supportEmail: 'GROUNDWORK_SUPPORT_EMAIL',
  /** The secret CloudFront adds to every `/api` request (lib/web-hosting); set, requests without it are refused (functions/http/cloudfront-origin.ts). */
  originSecret: 'GROUNDWORK_ORIGIN_SECRET',
  logLevel: 'POWERTOOLS_LOG_LEVEL',
  /**
   * The SDK's own endpoint override for Cognito, set only when rehearsing against an emulator
   * (docs/deployment.md): the token verifier then reads the pool's JWKS there too.
   */
  cognitoEndpoint: 'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER',
} as const;

export type Runtime = 'cloud' | 'local';

export function readEnv(name: keyof typeof ENV, fallback?: string): string {
  const value = process.env[ENV[name]];
  if (value !== undefined && value !== '') return value;
  if (fallback !== undefined) return fallback;
  throw new Error(`Missing environment variable ${ENV[name]}`);
}

export function currentRuntime(): Runtime {
  return process.env[ENV.runtime] === 'local' ? 'local' : 'cloud';
}

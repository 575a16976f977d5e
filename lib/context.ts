import type { IConstruct } from 'constructs';

/**
 * Deployment parameters, read from CDK context (`cdk.json` or `cdk synth -c key=value`). bin/cdk.ts
 * documents each one; the README lists them.
 */
export const CONTEXT = {
  webOrigin: 'groundwork:webOrigin',
  cognitoDomainPrefix: 'groundwork:cognitoDomainPrefix',
  stripe: 'groundwork:stripe',
  /** Secrets Manager secret with the Stripe keys, read by the functions at cold start; default `groundwork/stripe`. */
  stripeSecretName: 'groundwork:stripeSecretName',
  /** Email subscribed to the alarms' SNS topic (lib/monitoring/alarms.ts); unset, the alarms have no action. */
  alarmEmail: 'groundwork:alarmEmail',
  /** The CloudFormation stack name (bin/cdk.ts); default `Groundwork`. One per stage: every physical name derives from it. */
  stackName: 'groundwork:stackName',
  /** Verified SES sender of invitation emails, e.g. `Groundwork <no-reply@example.com>`. */
  mailFrom: 'groundwork:mailFrom',
  /** Where new support tickets are mailed; unset, `support@` the sender's domain (functions/api/support/support-mailbox.ts). */
  supportEmail: 'groundwork:supportEmail',
  /** The Google OAuth client id the Drive page asks a drive.readonly token with (docs/drive.md); unset, the page says what to configure. */
  googleDriveClientId: 'groundwork:googleDriveClientId',
  /** Email of the first system administrator: the first deploy creates the system organization and this user, and Cognito mails the temporary password (lib/first-sign-in/). */
  adminEmail: 'groundwork:adminEmail',
  /** `true`: the first sign-in also puts the demo content (Groundwork's documentation, its knowledge base, the Groundwork Help application) into the system organization. */
  demoContent: 'groundwork:demoContent',
  /** Google OAuth client id for Google sign-in through Cognito federation; needs googleClientSecretName. */
  googleClientId: 'groundwork:googleClientId',
  /** Name of the Secrets Manager secret whose value is that client's secret (plain text, not JSON). */
  googleClientSecretName: 'groundwork:googleClientSecretName',
  /** JSON object product model id → Bedrock model id over the defaults (docs/deployment.md, "Models on AWS"); each must be in bedrock-model-catalog.ts. */
  chatModels: 'groundwork:chatModels',
  /** Bedrock embeddings model of new knowledge bases; default amazon.titan-embed-text-v2:0. */
  embeddingsModel: 'groundwork:embeddingsModel',
  /** `auto` (inference profile of the stack Region's geography, else global), `in-region`, `global`, `us`, `eu`, `jp` or `apac`. */
  bedrockRouting: 'groundwork:bedrockRouting',
  /** Comma-separated host names CloudFront serves (the first is the web origin), with certificateArn (lib/web-hosting/custom-domain.ts). */
  domainNames: 'groundwork:domainNames',
  /** ACM certificate in us-east-1 covering every name of domainNames. */
  certificateArn: 'groundwork:certificateArn',
  /** Steady requests per second of the HTTP API stage (lib/api/http-api.ts); default 250. */
  apiThrottleRateLimit: 'groundwork:apiThrottleRateLimit',
  /** Burst of the HTTP API stage; default 500. */
  apiThrottleBurstLimit: 'groundwork:apiThrottleBurstLimit',
  /** Tests only: inline placeholder code instead of bundling handlers that may not exist yet. */
  skipBundling: 'groundwork:skipBundling',
} as const;
export type ContextKey = (typeof CONTEXT)[keyof typeof CONTEXT];

export function contextString(scope: IConstruct, key: ContextKey): string | undefined {
  const value: unknown = scope.node.tryGetContext(key);
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/** `-c key=true` arrives as a string, cdk.json as a boolean; both count. */
export function contextFlag(scope: IConstruct, key: ContextKey): boolean {
  const value = contextString(scope, key);
  return value !== undefined && ['true', '1', 'yes'].includes(value.toLowerCase());
}

#!/usr/bin/env node
/**
 * The Groundwork CDK app: `npm run synth` (cdk synth --quiet), `npx cdk deploy`.
 *
 * Deployment parameters (CDK context: cdk.json "context", or `-c key=value` on the command line):
 *
 * - groundwork:webOrigin            Origin the web client is served from, e.g. https://app.example.com
 *                                   (a custom domain fronting the distribution). Default: the
 *                                   CloudFront distribution's own https://<id>.cloudfront.net. Used
 *                                   for CORS (WEB_ORIGINS, data bucket) and the Cognito callback and
 *                                   logout URLs; the distribution's own origin stays allowed too.
 * - groundwork:cognitoDomainPrefix  Hosted UI domain prefix, unique per region across AWS.
 *                                   Default: groundwork-<account id>.
 * - groundwork:stripe               `true` to enable Stripe payments: the billing and meta functions
 *                                   read the Secrets Manager secret `groundwork/stripe` (JSON fields
 *                                   `secretKey`, `webhookSecret`, `publishableKey`) at cold start;
 *                                   it must exist before the first request. Default: off
 *                                   (self-hosted payments mode).
 * - groundwork:mailFrom             Verified SES sender of invitation and support mail.
 *                                   Default: none; nothing is mailed and an invitation answers
 *                                   its link to the inviting admin.
 * - groundwork:adminEmail           The first system administrator: the first deploy creates the
 *                                   system organization and this user; Cognito mails the
 *                                   temporary password (lib/first-sign-in/).
 * - groundwork:demoContent          `true`: the first sign-in also creates the demo content (the
 *                                   documentation's knowledge base and Groundwork Help) in the
 *                                   system organization.
 * - groundwork:googleClientId       Google sign-in through Cognito federation, with
 *   groundwork:googleClientSecretName  the Secrets Manager secret holding its client secret.
 * - groundwork:supportEmail         The support mailbox new tickets are mailed to. Default:
 *                                   support@ the sender's domain.
 * - groundwork:chatModels           JSON object from application model name (gpt-3.5-turbo, …) to Bedrock
 *                                   model id, over the defaults of bedrock-chat-model.ts. Every id must be
 *                                   in functions/adapters/aws/bedrock-model-catalog.ts, or synth stops.
 * - groundwork:bedrockRouting       auto (default: the inference profile of the stack Region's geography,
 *                                   else global), in-region, global, us, eu, jp or apac.
 * - groundwork:embeddingsModel      Bedrock embeddings model of new indexes. Default: amazon.titan-embed-text-v2:0.
 * - groundwork:stackName            The CloudFormation stack name, one per stage; every physical
 *                                   name (Cognito domain, vector bucket, ...) derives from it.
 *                                   Default: Groundwork.
 * - groundwork:stripeSecretName     The Secrets Manager secret with the Stripe keys, read by the
 *                                   functions at cold start. Default: groundwork/stripe.
 * - groundwork:alarmEmail           Address the alarms' SNS topic mails. Default: none (alarms
 *                                   show in the CloudWatch console only).
 * - groundwork:skipBundling         Tests only: placeholder function code, never deploy with it.
 *
 * The built web client (frontend/dist) is uploaded with a generated runtime-config.json when it
 * exists; without it the infrastructure deploys alone.
 */
import { readFileSync } from 'node:fs';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { CONTEXT } from '../lib/context';
import { GroundworkStack } from '../lib/groundwork-stack';
import { existingPath, FRONTEND_DIST } from '../lib/lambda-entries';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

const app = new App();
// One stack per stage (`-c groundwork:stackName=GroundworkStaging`): every physical name derives from it.
const stackName = String(app.node.tryGetContext(CONTEXT.stackName) ?? '').trim() || 'Groundwork';
new GroundworkStack(app, stackName, {
  description: 'Groundwork: self-hostable retrieval-augmented chat',
  version,
  frontendAssetPath: existingPath(FRONTEND_DIST),
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
// cdk-nag 3 is a validation plugin: synthesis fails on any finding that is not acknowledged
// (Validations.of(construct).acknowledge, see lib/nag.ts) with its reason next to the resource.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { GroundworkApi } from './api/http-api';
import { AccessLogs } from './audit/access-logs';
import { type BackendResources, backendEnvironment } from './compute/backend';
import { CONTEXT, contextFlag, contextString } from './context';
import { DataStore } from './data/data-store';
import { SecretsKey } from './data/secrets-key';
import { VectorStore } from './data/vector-store';
import { FirstSignIn } from './first-sign-in/first-sign-in';
import { googleFederationOf, Identity } from './identity/identity';
import { Alarms } from './monitoring/alarms';
import { Queues } from './queues/queues';
import { Schedules } from './schedules/schedules';
import { customDomainOf } from './web-hosting/custom-domain';
import { FrontendDeployment } from './web-hosting/frontend-deployment';
import { buildRuntimeConfig } from './web-hosting/runtime-config';
import { cloudSpaContentSecurityPolicy } from './web-hosting/spa-content-security-policy';
import { WebHosting } from './web-hosting/web-hosting';
import { CHAT_EVENTS_WORKER_TIMEOUT, ChatEventsWorker } from './workers/chat-events-worker';
import { DEAD_LETTERS_WORKER_TIMEOUT, DeadLettersWorker } from './workers/dead-letters-worker';
import { INDEXING_WORKER_TIMEOUT, IndexingWorker } from './workers/indexing-worker';

/**
 * Default Secrets Manager secret holding `{ "secretKey", "webhookSecret", "publishableKey" }` when
 * `groundwork:stripe` is on; `groundwork:stripeSecretName` names another (one per stage).
 */
export const STRIPE_SECRET_NAME = 'groundwork/stripe';

export interface GroundworkStackProps extends StackProps {
  /** Product version reported by health (GROUNDWORK_VERSION). */
  readonly version: string;
  /** The built web client; when absent nothing is uploaded (the infrastructure still deploys). */
  readonly frontendAssetPath?: string;
}

/**
 * Wiring only: each capability is a construct under lib/.
 *
 * Web origin and dependency order: the distribution is created first, its `/api/*` behaviour is
 * added after the API. The distribution references only the API id, while the functions, the
 * Cognito client's callback URLs and the data bucket's CORS reference the distribution's domain;
 * so the distribution's own https URL can be the default web origin without a dependency cycle.
 * `groundwork:webOrigin` (e.g. a custom domain fronting the distribution) becomes the primary
 * origin; the distribution's own origin stays allowed beside it.
 */
export class GroundworkStack extends Stack {
  constructor(scope: Construct, id: string, props: GroundworkStackProps) {
    super(scope, id, props);

    const accessLogs = new AccessLogs(this, 'AccessLogs');
    const stripe = contextFlag(this, CONTEXT.stripe);
    const web = new WebHosting(this, 'Web', {
      logBucket: accessLogs.bucket,
      customDomain: customDomainOf(this),
      contentSecurityPolicy: cloudSpaContentSecurityPolicy(this, { stripe, googleDrive: contextString(this, CONTEXT.googleDriveClientId) !== undefined }),
    });
    // The custom domain's first name, when there is one, is the origin people open.
    const webOrigin = configuredWebOrigin(this) ?? web.origins[0]!;
    const webOrigins = [...new Set([webOrigin, ...web.origins])];

    const queues = new Queues(this, 'Queues', {
      indexingConsumerTimeout: INDEXING_WORKER_TIMEOUT,
      chatEventsConsumerTimeout: CHAT_EVENTS_WORKER_TIMEOUT,
      deadLettersConsumerTimeout: DEAD_LETTERS_WORKER_TIMEOUT,
    });
    const data = new DataStore(this, 'Data', { webOrigins, indexingQueue: queues.indexing, accessLogsBucket: accessLogs.bucket });
    const identity = new Identity(this, 'Identity', {
      webOrigins,
      // Cognito domain prefixes are unique per region across all accounts; the account id makes
      // the default unique without asking the operator.
      domainPrefix: contextString(this, CONTEXT.cognitoDomainPrefix) ?? `${this.stackName.toLowerCase()}-${this.account}`,
      google: googleFederationOf(this),
    });

    const vectorStore = new VectorStore(this, 'Vectors');
    const secrets = new SecretsKey(this, 'Secrets');
    const resources: BackendResources = {
      vectorStore,
      secretsKey: secrets.key,
      table: data.table,
      dataBucket: data.bucket,
      indexingQueue: queues.indexing,
      chatEventsQueue: queues.chatEvents,
      userPool: identity.userPool,
      // Read by the functions at cold start (functions/platform/deployment-secrets.ts), never put in their environment.
      stripeSecretName: stripe ? (contextString(this, CONTEXT.stripeSecretName) ?? STRIPE_SECRET_NAME) : undefined,
      environment: backendEnvironment({
        table: data.table,
        dataBucket: data.bucket,
        indexingQueue: queues.indexing,
        chatEventsQueue: queues.chatEvents,
        userPool: identity.userPool,
        userPoolClient: identity.webClient,
        userPoolDomainUrl: identity.hostedUiUrl,
        webOrigins,
        version: props.version,
        vectorBucketName: vectorStore.bucketName,
        secretsKeyId: secrets.key.keyId,
        // Unset, nothing is mailed: an invitation answers its link to the inviting admin instead
        // (functions/domain/users/user-lifecycle.ts). No default: SES would refuse an unverified one.
        mailFrom: contextString(this, CONTEXT.mailFrom),
        supportEmail: contextString(this, CONTEXT.supportEmail),
      }),
    };

    const api = new GroundworkApi(this, 'Api', {
      resources,
      jwtIssuer: identity.issuerUrl,
      jwtAudience: [identity.webClient.userPoolClientId],
      originSecret: web.originSecretValue,
    });
    web.routeApi(api.httpApi);

    const indexingWorker = new IndexingWorker(this, 'IndexingWorker', { resources, queue: queues.indexing });
    const chatEventsWorker = new ChatEventsWorker(this, 'ChatEventsWorker', { resources, queue: queues.chatEvents });
    const deadLettersWorker = new DeadLettersWorker(this, 'DeadLettersWorker', {
      resources,
      deadLetterQueues: { indexing: queues.indexingDeadLetter, 'chat-events': queues.chatEventsDeadLetter },
      keptQueues: { indexing: queues.indexingKept, 'chat-events': queues.chatEventsKept },
    });
    const schedules = new Schedules(this, 'Schedules', { resources });
    new Alarms(this, 'Alarms', {
      deadLetterQueues: {
        'indexing dead letters': queues.indexingDeadLetter,
        'chat-events dead letters': queues.chatEventsDeadLetter,
        'indexing kept dead letters': queues.indexingKept,
        'chat-events kept dead letters': queues.chatEventsKept,
      },
      functions: {
        ...Object.fromEntries(Object.entries(api.functions).map(([family, fn]) => [`api ${family}`, fn])),
        'indexing worker': indexingWorker.function,
        'chat-events worker': chatEventsWorker.function,
        'dead-letters worker': deadLettersWorker.function,
        'schedules worker': schedules.function,
      },
      email: contextString(this, CONTEXT.alarmEmail),
    });
    const adminEmail = contextString(this, CONTEXT.adminEmail);
    if (adminEmail !== undefined) {
      new FirstSignIn(this, 'FirstSignIn', { resources, adminEmail, demoContent: contextFlag(this, CONTEXT.demoContent), after: [data, indexingWorker] });
    }

    if (props.frontendAssetPath !== undefined) {
      new FrontendDeployment(this, 'Frontend', {
        bucket: web.bucket,
        distribution: web.distribution,
        assetPath: props.frontendAssetPath,
        runtimeConfig: buildRuntimeConfig({
          issuerUrl: identity.issuerUrl,
          clientId: identity.webClient.userPoolClientId,
          hostedUiUrl: identity.hostedUiUrl,
          webOrigin,
          payments: stripe ? 'stripe' : 'self_hosted',
          googleDriveClientId: contextString(this, CONTEXT.googleDriveClientId),
          googleClientId: identity.googleSignIn ? contextString(this, CONTEXT.googleClientId) : undefined,
        }),
      });
    }

    // The execute-api endpoint refuses requests that bypass CloudFront, so it is not advertised.
    new CfnOutput(this, 'ApiUrl', { value: `${webOrigin}/api`, description: 'HTTP API, served by CloudFront under the web origin' });
    new CfnOutput(this, 'WebUrl', { value: webOrigin, description: 'Web client origin' });
    new CfnOutput(this, 'UserPoolId', { value: identity.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: identity.webClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
    new CfnOutput(this, 'DataBucket', { value: data.bucket.bucketName });
    new CfnOutput(this, 'VectorBucket', { value: vectorStore.bucketName, description: 'S3 Vectors bucket, kept by cdk destroy (docs/deployment.md)' });
    new CfnOutput(this, 'IndexingKeptDeadLettersUrl', { value: queues.indexingKept.queueUrl, description: 'npm run replay:dead-letters -- --queue-url <this>' });
    new CfnOutput(this, 'ChatEventsKeptDeadLettersUrl', { value: queues.chatEventsKept.queueUrl, description: 'npm run replay:dead-letters -- --queue-url <this>' });
  }
}

function configuredWebOrigin(scope: Construct): string | undefined {
  const value = contextString(scope, CONTEXT.webOrigin);
  if (value === undefined) return undefined;
  const origin = URL.canParse(value) ? new URL(value).origin : 'null';
  if (origin !== value.replace(/\/+$/, '')) {
    throw new Error(`${CONTEXT.webOrigin} must be an origin such as https://app.example.com, got "${value}"`);
  }
  return origin;
}

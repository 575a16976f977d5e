import { CustomResource, Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct, type IConstruct } from 'constructs';
import { type BackendResources, serviceEnvironment } from '../compute/backend';
import { createGroundworkFunction } from '../compute/groundwork-function';
import { DEMO_DOCUMENTS_DIR } from '../../functions/workers/first-sign-in/bundle-layout';
import { grantIndexingQueueSend, grantObjectsRead, grantObjectsWrite, grantTableRead, grantTableWrite } from '../compute/grants';
import { workerEntry } from '../lambda-entries';
import { acknowledge, wildcardResourceFinding } from '../nag';

export interface FirstSignInProps {
  readonly resources: BackendResources;
  /** `groundwork:adminEmail`: the first system administrator. */
  readonly adminEmail: string;
  /**
   * `groundwork:demoContent`: Groundwork's documentation, its knowledge base and the "Groundwork
   * Help" application in the system organization. The function then waits for their ingestion.
   */
  readonly demoContent?: boolean;
  /** What must exist before the seed runs: the demo content needs the indexing worker and the bucket's notifications. */
  readonly after?: readonly IConstruct[];
}

export const FIRST_SIGN_IN_RESOURCE_TYPE = 'Custom::GroundworkFirstSignIn';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The first sign-in of a new deployment: a custom resource whose handler
 * (functions/workers/first-sign-in/handler.ts) runs the install seed once the table and the user
 * pool exist, creating the system organization and its system administrator; Cognito mails that
 * administrator a temporary password. It runs again only when its properties change (another
 * admin email), and then leaves everything that exists as it is.
 */
export class FirstSignIn extends Construct {
  readonly function: lambda.Function;
  readonly resource: CustomResource;

  constructor(scope: Construct, id: string, props: FirstSignInProps) {
    super(scope, id);
    const adminEmail = props.adminEmail.trim().toLowerCase();
    if (!EMAIL.test(adminEmail)) throw new Error(`groundwork:adminEmail must be an email address, got "${props.adminEmail}"`);

    this.function = createGroundworkFunction(this, 'Function', {
      entry: workerEntry('first-sign-in'),
      description: 'Groundwork first sign-in: the system organization and its first system administrator',
      environment: serviceEnvironment(props.resources, 'first-sign-in'),
      // The demo content waits for ingestion and indexing (up to 12 minutes, then it gives up).
      timeout: props.demoContent ? Duration.minutes(15) : Duration.minutes(2),
      memorySize: 512,
      bundledFiles: props.demoContent ? { 'README.md': DEMO_DOCUMENTS_DIR, 'docs/*.md': `${DEMO_DOCUMENTS_DIR}/docs` } : undefined,
    });
    // The seed reads and writes the table, and checks and writes the organization's storage
    // markers in the data bucket (§6.2); it queues nothing.
    grantTableRead(this.function, props.resources);
    grantTableWrite(this.function, props.resources);
    grantObjectsRead(this.function, props.resources);
    grantObjectsWrite(this.function, props.resources);
    // The demo documents' ingest and the knowledge base's indexing go through the indexing queue.
    if (props.demoContent) grantIndexingQueueSend(this.function, props.resources);
    // AdminCreateUser mails the temporary password; AdminGetUser finds an account made by an earlier try.
    props.resources.userPool.grant(this.function, 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminGetUser');

    const provider = new cr.Provider(this, 'Provider', {
      onEventHandler: this.function,
      logGroup: new logs.LogGroup(this, 'ProviderLogs', { retention: logs.RetentionDays.ONE_MONTH }),
    });
    acknowledge(
      provider,
      "The CDK custom resource framework's own function: it only invokes the first sign-in function and answers CloudFormation; its runtime and managed logging policy are the CDK's.",
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      wildcardResourceFinding(provider, `${this.function.functionArn}:*`),
      'AwsSolutions-L1',
    );

    this.resource = new CustomResource(this, 'Resource', {
      serviceToken: provider.serviceToken,
      resourceType: FIRST_SIGN_IN_RESOURCE_TYPE,
      properties: { AdminEmail: adminEmail, DemoContent: String(props.demoContent === true) },
    });
    for (const dependency of props.after ?? []) this.resource.node.addDependency(dependency);
  }
}

import { fileURLToPath } from 'node:url';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { demoDocuments, finishDemoContent, seedDemoSources, type DemoContentInput } from '../../domain/seed/demo-content';
import { seedSystemOrganization, type SystemSeedResult } from '../../domain/seed/platform-seed';
import { logger } from '../../observability/logger';
import { getPorts, type Ports } from '../../contracts/ports/ports';
// The cloud composition root: this Lambda gets its AWS adapters from here.
import '../../platform/ports';
import { DEMO_DOCUMENTS_DIR } from './bundle-layout';

/** The custom resource's properties (lib/first-sign-in/first-sign-in.ts). */
export interface FirstSignInProperties {
  /** The first system administrator's email (`groundwork:adminEmail`). */
  AdminEmail: string;
  /** `true` (`groundwork:demoContent`): the demo content goes into the system organization. */
  DemoContent?: string;
}

export interface FirstSignInOptions {
  /** Where README.md and docs/ lie: copied beside the bundle (lib/first-sign-in/first-sign-in.ts). */
  documentsRoot?: string;
  /** How long the demo content may wait for ingestion and indexing before the deploy goes on without it. */
  demoTimeoutMs?: number;
  demoPollMs?: number;
}

/** Within the function's 15 minutes, leaving time for the seed before and the answer after. */
const DEMO_TIMEOUT_MS = 12 * 60 * 1000;

/** What the CDK Provider framework expects back from an onEvent handler. */
export interface FirstSignInResponse {
  PhysicalResourceId: string;
  Data?: Record<string, string>;
}

/**
 * One id for the life of the stack: an Update that answers the same id is never followed by a Delete
 * of the "old" resource, so nothing is ever undone by an update.
 */
export const FIRST_SIGN_IN_RESOURCE_ID = 'groundwork-first-sign-in';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The first sign-in of a cloud deployment: on Create (and on an Update, when the operator names
 * another admin email) the install seed (functions/domain/seed/platform-seed.ts, the same code
 * `npm start` seeds with) makes the system organization and its system administrator, whose
 * Cognito account is created so that Cognito mails the temporary password. Idempotent: what exists
 * (the organization, an administrator with that email) is left exactly as it is. Delete removes
 * nothing: the organization and its users are the product's data, kept with the retained table.
 */
export async function onEvent(event: CloudFormationCustomResourceEvent, ports: Ports, options: FirstSignInOptions = {}): Promise<FirstSignInResponse> {
  if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId };
  const { AdminEmail, DemoContent } = event.ResourceProperties as unknown as FirstSignInProperties;
  const email = String(AdminEmail ?? '').trim().toLowerCase();
  // CloudFormation shows this message as the reason the deploy failed.
  if (!EMAIL.test(email)) throw new Error(`groundwork:adminEmail must be an email address, got "${String(AdminEmail)}"`);
  const { identity } = ports;
  if (!identity.inviteAccount) throw new Error(`The ${identity.adapter} identity provider cannot mail a first password`);
  const invite = identity.inviteAccount.bind(identity);

  const result = await seedSystemOrganization(ports, email, {
    accountFor: async (_role, account) => (await invite(account)).sub,
  });
  logger.info('First sign-in ready', { systemOrganizationId: result.systemOrganization.id, adminCreated: result.createdAdmin });
  const demo = DemoContent === 'true' ? await demoContent(ports, result, options) : undefined;
  return {
    PhysicalResourceId: event.RequestType === 'Create' ? FIRST_SIGN_IN_RESOURCE_ID : event.PhysicalResourceId,
    Data: { SystemOrganizationId: result.systemOrganization.id, AdminCreated: String(result.createdAdmin), ...(demo ? { DemoContent: demo } : {}) },
  };
}

/**
 * The demo content of `npm start` (functions/domain/seed/demo-content.ts), in the system
 * organization and by its administrator: Groundwork's documentation uploaded, its knowledge base
 * deployed once ingestion is done, and the "Groundwork Help" application. It waits for ingestion
 * and indexing here, since nothing else would finish it. Best effort: a failure or a timeout is
 * logged and answered, never a failed deploy (a redeploy naming it again takes it up again).
 */
async function demoContent(ports: Ports, seed: SystemSeedResult, options: FirstSignInOptions): Promise<'ready' | 'not finished'> {
  try {
    const input: DemoContentInput = {
      ports,
      organization: seed.systemOrganization,
      admin: seed.systemAdmin,
      members: [],
      documents: demoDocuments(options.documentsRoot ?? fileURLToPath(new URL(`./${DEMO_DOCUMENTS_DIR}/`, import.meta.url))),
      log: (line) => logger.info(line),
    };
    // The system organization has no plan limits (contract §6), so it needs no self-hosted plan.
    const sources = await seedDemoSources(input, { selfHostedPlan: false });
    const application = await finishDemoContent(input, sources, { timeoutMs: options.demoTimeoutMs ?? DEMO_TIMEOUT_MS, pollMs: options.demoPollMs ?? 5000 });
    return application ? 'ready' : 'not finished';
  } catch (error) {
    logger.error('Demo content could not be created', { error: (error as Error).message });
    return 'not finished';
  }
}

export function handler(event: CloudFormationCustomResourceEvent): Promise<FirstSignInResponse> {
  return onEvent(event, getPorts());
}

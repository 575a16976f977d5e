import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { seedSystemOrganization } from '../../domain/seed/platform-seed';
import { logger } from '../../observability/logger';
import { getPorts, type Ports } from '../../contracts/ports/ports';
// The cloud composition root: this Lambda gets its AWS adapters from here.
import '../../platform/ports';

/** The custom resource's properties (lib/first-sign-in/first-sign-in.ts). */
export interface FirstSignInProperties {
  /** The first system administrator's email (`groundwork:adminEmail`). */
  AdminEmail: string;
}

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
export async function onEvent(event: CloudFormationCustomResourceEvent, ports: Ports): Promise<FirstSignInResponse> {
  if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId };
  const { AdminEmail } = event.ResourceProperties as unknown as FirstSignInProperties;
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
  return {
    PhysicalResourceId: event.RequestType === 'Create' ? FIRST_SIGN_IN_RESOURCE_ID : event.PhysicalResourceId,
    Data: { SystemOrganizationId: result.systemOrganization.id, AdminCreated: String(result.createdAdmin) },
  };
}

export function handler(event: CloudFormationCustomResourceEvent): Promise<FirstSignInResponse> {
  return onEvent(event, getPorts());
}

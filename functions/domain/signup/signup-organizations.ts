import { emailDomain } from '../../../shared/rules/fields';
import type { DatabasePort } from '../../ports/database';
import { OrganizationRepository, type OrganizationRecord } from '../organizations/organization-repository';
import { chooseSignupTarget, pickDefaultConsumer, type SignupTarget } from './signup-target';

/**
 * Names the default consumer organization of §4.2. Read here rather than from the platform
 * environment table because only sign-up routing uses it; unset means "the oldest one".
 */
export const DEFAULT_CONSUMER_ORGANIZATION_ENV = 'GROUNDWORK_DEFAULT_CONSUMER_ORGANIZATION_ID';

export async function findDefaultConsumerOrganization(database: DatabasePort): Promise<OrganizationRecord | undefined> {
  const organizations = new OrganizationRepository(database);
  const configuredId = process.env[DEFAULT_CONSUMER_ORGANIZATION_ENV]?.trim() || undefined;
  if (configuredId) {
    const configured = await organizations.get(configuredId);
    if (configured) return configured;
  }
  // One index partition in creation order (docs/data-model.md): the oldest comes first.
  const { items } = await organizations.listAll();
  return pickDefaultConsumer(items, undefined);
}

export interface SignupRouting {
  /** The organization owning the email's domain, whatever its state. */
  domainOrganization: OrganizationRecord | undefined;
  /** Looked up only when no organization owns the domain. */
  defaultConsumer: OrganizationRecord | undefined;
  target: SignupTarget;
}

/** Routes an email to its sign-up organization (§4.2); also what §4.3 reports. */
export async function routeSignup(database: DatabasePort, email: string): Promise<SignupRouting> {
  const domainOrganization = await new OrganizationRepository(database).findByDomain(emailDomain(email));
  const defaultConsumer = domainOrganization ? undefined : await findDefaultConsumerOrganization(database);
  return { domainOrganization, defaultConsumer, target: chooseSignupTarget(domainOrganization, defaultConsumer) };
}

import { emailDomain } from '../../../shared/rules/fields';
import { getPorts } from '../../contracts/ports/ports';
import type { DatabasePort } from '../../contracts/ports/database';
import { OrganizationRepository, type OrganizationRecord } from '../organizations/organization-repository';
import { chooseSignupTarget, pickDefaultConsumer, type SignupTarget } from './signup-target';


export async function findDefaultConsumerOrganization(database: DatabasePort): Promise<OrganizationRecord | undefined> {
  const organizations = new OrganizationRepository(database);
  // Unset means "the oldest active consumer organization" (§4.2).
  const configuredId = getPorts().settings.defaultConsumerOrganizationId();
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

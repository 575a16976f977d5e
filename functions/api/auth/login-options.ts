import { emailDomain, isValidDomain, isValidEmail } from '../../../shared/rules/fields';
import { DEFAULT_PASSWORD_POLICY } from '../../../shared/rules/password-policy';
import { defaultAuthSettings, isConsumerOrganization } from '../../../shared/rules/organization-settings';
import { OrganizationRepository, type OrganizationRecord } from '../../domain/organizations/organization-repository';
import { organizationSettings } from '../../domain/organizations/organization-settings';
import { routeSignup } from '../../domain/signup/signup-organizations';
import { acceptsSignups } from '../../domain/signup/signup-target';
import { badRequest } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';
import { AUTH_MESSAGES } from './auth-messages';

function loginMethodsOf(organization: OrganizationRecord | undefined) {
  const auth = organization ? organizationSettings(organization).auth : defaultAuthSettings(false);
  return { password: auth.passwordLoginEnabled, google: auth.googleLoginEnabled };
}

/**
 * Contract §4.3: what the sign-in screen may offer for an email, from its domain alone. Nothing
 * here reads users, so the answer is the same whether or not an account exists.
 */
export async function checkLoginOptions(ports: Ports, email: string) {
  const { domainOrganization, defaultConsumer, target } = await routeSignup(ports.database, email);
  return {
    email,
    organizationFound: domainOrganization !== undefined,
    ...(domainOrganization ? { organizationName: domainOrganization.name } : {}),
    loginMethods: loginMethodsOf(domainOrganization ?? defaultConsumer),
    signupAllowed: target.kind === 'organization',
  };
}

export interface OrganizationSelector {
  organizationId?: string;
  domain?: string;
  email?: string;
}

const given = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/** Ids are at most 64 characters (§1.6); anything longer cannot name an organization. */
const MAX_ID_LENGTH = 64;

async function findSelected(ports: Ports, selector: OrganizationSelector): Promise<OrganizationRecord | undefined> {
  const organizations = new OrganizationRepository(ports.database);
  if (given(selector.organizationId)) {
    const id = selector.organizationId.trim();
    return id.length <= MAX_ID_LENGTH ? organizations.get(id) : undefined;
  }
  if (given(selector.domain)) {
    const domain = selector.domain.trim().toLowerCase();
    return isValidDomain(domain) ? organizations.findByDomain(domain) : undefined;
  }
  const email = (selector.email ?? '').trim();
  return isValidEmail(email) ? organizations.findByDomain(emailDomain(email)) : undefined;
}

/** Contract §4.4: the public policy of one organization, or the defaults when none is found. */
export async function checkOrgSettings(ports: Ports, selector: OrganizationSelector) {
  const count = [selector.organizationId, selector.domain, selector.email].filter(given).length;
  if (count !== 1) throw badRequest(AUTH_MESSAGES.organizationSelectorRequired);
  const organization = await findSelected(ports, selector);
  if (!organization) {
    return { organizationFound: false, isConsumer: false, allowSelfSignup: false, loginMethods: loginMethodsOf(undefined), passwordPolicy: { ...DEFAULT_PASSWORD_POLICY } };
  }
  return {
    organizationFound: true,
    organizationId: organization.id,
    organizationName: organization.name,
    isConsumer: isConsumerOrganization(organization),
    // Whether a sign-up would land there now, not the bare flag: an inactive organization takes none.
    allowSelfSignup: acceptsSignups(organization),
    loginMethods: loginMethodsOf(organization),
    passwordPolicy: organizationSettings(organization).security.passwordPolicy,
  };
}

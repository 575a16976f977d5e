import type { OrganizationType } from '../../api/entities';
import { MIN_PASSWORD_LENGTH } from '../../config/ui-constants';
import { emailDomainOf } from '../users/user-form-rules';

/** Contract §6.2: a lowercase host name such as `acme.com`. */
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface CreateOrganizationForm {
  name: string;
  domain: string;
  type: OrganizationType;
  adminEmail: string;
  adminFullName: string;
  adminPassword: string;
  cloudProvider: 'aws' | 'gcp';
}

export type CreateOrganizationErrors = Partial<Record<keyof CreateOrganizationForm, string>>;

/** Consumer means type consumer or a domain containing 'consumer' (spec 03 §5). */
export const consumerBy = (type: OrganizationType, domain: string) => type === 'consumer' || domain.toLowerCase().includes('consumer');

/** Spec 03 §5 Create Organization, with the contract's (§6.2) wording for each message. */
export function validateCreateOrganization(form: CreateOrganizationForm): CreateOrganizationErrors {
  const errors: CreateOrganizationErrors = {};
  const domain = form.domain.trim().toLowerCase();
  if (!form.name.trim()) errors.name = 'Name is required';
  if (!domain) errors.domain = 'Domain is required';
  else if (!DOMAIN_PATTERN.test(domain)) errors.domain = 'Domain must be a valid domain name';
  if (!form.adminFullName.trim()) errors.adminFullName = 'Admin full name is required';
  const email = form.adminEmail.trim().toLowerCase();
  if (!email) errors.adminEmail = 'Admin email is required';
  else if (!EMAIL_PATTERN.test(email)) errors.adminEmail = 'Please enter a valid email address';
  else if (domain && !errors.domain && !consumerBy(form.type, domain) && emailDomainOf(email) !== domain) {
    errors.adminEmail = `Admin email must be from the ${domain} domain`;
  }
  if (!form.adminPassword) errors.adminPassword = 'Admin password is required';
  else if (form.adminPassword.length < MIN_PASSWORD_LENGTH) errors.adminPassword = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  return errors;
}

/** Spec 03 §5 system invite: the looser checks the spec names, and the domain rule. */
export function validateSystemInvite(input: { email: string; fullName: string }, organization: { type: OrganizationType; domain: string }): { email?: string; fullName?: string } {
  const errors: { email?: string; fullName?: string } = {};
  const email = input.email.trim().toLowerCase();
  if (!email.includes('@')) errors.email = 'Please enter a valid email address';
  else if (!consumerBy(organization.type, organization.domain) && emailDomainOf(email) !== organization.domain.toLowerCase()) {
    errors.email = `Email must be from the ${organization.domain.toLowerCase()} domain`;
  }
  if (!input.fullName.trim()) errors.fullName = 'Please enter a full name';
  return errors;
}

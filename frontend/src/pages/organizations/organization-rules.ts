import { parseCreateOrganizationRequest, type CreateOrganizationRequest } from '../../../../shared/api/schemas/organizations';
import type { OrganizationType } from '../../api/entities';
import { emailDomainOf } from '../users/user-form-rules';

/** The Create Organization form holds exactly the body it sends (contract §6.2). */
export type CreateOrganizationForm = CreateOrganizationRequest;

export type CreateOrganizationErrors = Partial<Record<keyof CreateOrganizationForm, string>>;

/** Consumer means type consumer or a domain containing 'consumer' (spec 03 §5). */
export const consumerBy = (type: OrganizationType, domain: string) => type === 'consumer' || domain.toLowerCase().includes('consumer');

/**
 * Spec 03 §5 Create Organization: the server's own rules and wording (the shared §6.2 body schema),
 * the first problem of each field.
 */
export function validateCreateOrganization(form: CreateOrganizationForm): CreateOrganizationErrors {
  const errors: CreateOrganizationErrors = {};
  for (const { field, message } of parseCreateOrganizationRequest(form).problems) {
    const key = field as keyof CreateOrganizationForm;
    errors[key] ??= message;
  }
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

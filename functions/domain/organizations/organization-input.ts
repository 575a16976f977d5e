import type { ValidationDetail } from '../../../shared/api/errors';
import { emailDomain, FIELD_MESSAGES, isValidDomain, isValidEmail, normalizeEmail } from '../../../shared/rules/fields';
import { isConsumerOrganization } from '../../../shared/rules/organization-settings';
import { DEFAULT_PASSWORD_POLICY, passwordProblems } from '../../../shared/rules/password-policy';
import { SUPPORTED_CLOUD_PROVIDERS } from '../cloud-resources/cloud-resources';
import { ORGANIZATION_MESSAGES } from './organization-messages';
import type { OrganizationChanges, OrganizationRecord, OrganizationStatus, OrganizationType } from './organization-repository';

export const ORGANIZATION_STATUSES: readonly OrganizationStatus[] = ['active', 'inactive', 'suspended'];
export const ORGANIZATION_TYPES: readonly OrganizationType[] = ['consumer', 'business'];

export interface NewOrganizationInput {
  name: string;
  domain: string;
  type: OrganizationType;
  adminEmail: string;
  adminFullName: string;
  adminPassword: string;
  cloudProvider: string;
}

type Body = Record<string, unknown>;

export function asBody(value: unknown): Body {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {};
}

/** A trimmed string, or '' for anything that is not one (a missing value and a wrong type read alike). */
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Name rules of §1.10. */
function nameProblem(value: unknown): string | undefined {
  const name = text(value);
  if (!name) return FIELD_MESSAGES.nameRequired;
  if (name.length > 255) return FIELD_MESSAGES.nameTooLong;
  return undefined;
}

/** Domains are stored lowercase (§6.2 "lowercase host name"), so a capitalized one is accepted and lowered. */
function domainProblem(value: unknown): string | undefined {
  const domain = text(value).toLowerCase();
  if (!domain) return ORGANIZATION_MESSAGES.domainRequired;
  if (!isValidDomain(domain)) return ORGANIZATION_MESSAGES.domainInvalid;
  return undefined;
}

const enumValue = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value.trim().toLowerCase()) ? (value.trim().toLowerCase() as T) : undefined;

/** §6.2: `consumer` when the domain says so, unless the body names a type. */
export function defaultOrganizationType(domain: string): OrganizationType {
  return domain.includes('consumer') ? 'consumer' : 'business';
}

/** §6.2's body, every problem in the order the contract lists its messages. */
export function parseNewOrganization(raw: unknown): { value?: NewOrganizationInput; problems: ValidationDetail[] } {
  const body = asBody(raw);
  const problems: ValidationDetail[] = [];
  const problem = (field: string, message: string | undefined) => {
    if (message) problems.push({ field, message });
  };

  problem('name', nameProblem(body.name));
  const domainMessage = domainProblem(body.domain);
  problem('domain', domainMessage);
  const domain = text(body.domain).toLowerCase();

  const adminFullName = text(body.adminFullName);
  problem('adminFullName', !adminFullName ? ORGANIZATION_MESSAGES.adminFullNameRequired : adminFullName.length > 255 ? FIELD_MESSAGES.fullNameTooLong : undefined);

  const explicitType = body.type === undefined || body.type === null ? undefined : enumValue(body.type, ORGANIZATION_TYPES);
  const type = explicitType ?? defaultOrganizationType(domain);
  const adminEmail = normalizeEmail(text(body.adminEmail));
  if (!adminEmail) problem('adminEmail', ORGANIZATION_MESSAGES.adminEmailRequired);
  else if (!isValidEmail(adminEmail)) problem('adminEmail', FIELD_MESSAGES.emailInvalid);
  else if (!domainMessage && !isConsumerOrganization({ type, domain }) && emailDomain(adminEmail) !== domain) {
    problem('adminEmail', ORGANIZATION_MESSAGES.adminEmailDomain(domain));
  }

  // Passwords are taken as typed: trimming would change the secret.
  const adminPassword = typeof body.adminPassword === 'string' ? body.adminPassword : '';
  if (!adminPassword) problem('adminPassword', ORGANIZATION_MESSAGES.adminPasswordRequired);
  // A new organization has the default policy (§2), so that is the one its admin's password meets.
  else for (const message of passwordProblems(adminPassword, DEFAULT_PASSWORD_POLICY)) problem('adminPassword', message);

  const cloudProvider = body.cloudProvider === undefined || body.cloudProvider === null ? 'aws' : String(body.cloudProvider).trim().toLowerCase();
  if (!SUPPORTED_CLOUD_PROVIDERS.includes(cloudProvider)) problem('cloudProvider', ORGANIZATION_MESSAGES.unsupportedCloudProvider(String(body.cloudProvider)));

  if (body.type !== undefined && body.type !== null && !explicitType) problem('type', ORGANIZATION_MESSAGES.invalidType);

  if (problems.length > 0) return { problems };
  return { value: { name: text(body.name), domain, type, adminEmail, adminFullName, adminPassword, cloudProvider }, problems };
}

/** The fields only a system administrator may change (§6.4). */
export const SYSTEM_ADMIN_FIELDS = ['domain', 'status', 'type'] as const;

/**
 * Which of the restricted fields the body would actually change. Sending the current value back is
 * not a change, so a form that posts the whole organization still lets an admin rename it.
 */
export function restrictedChanges(raw: unknown, current: OrganizationRecord): string[] {
  const body = asBody(raw);
  return SYSTEM_ADMIN_FIELDS.filter((field) => {
    if (!(field in body)) return false;
    const sent = body[field];
    return typeof sent !== 'string' || sent.trim().toLowerCase() !== current[field];
  });
}

/** §6.4's body: the changes to apply, or every problem in §6.2's order then status and type. */
export function parseOrganizationChanges(raw: unknown, current: OrganizationRecord): { changes: OrganizationChanges; problems: ValidationDetail[] } {
  const body = asBody(raw);
  const problems: ValidationDetail[] = [];
  const changes: OrganizationChanges = {};

  if ('name' in body) {
    const message = nameProblem(body.name);
    if (message) problems.push({ field: 'name', message });
    else changes.name = text(body.name);
  }
  if ('domain' in body) {
    const message = domainProblem(body.domain);
    if (message) problems.push({ field: 'domain', message });
    else changes.domain = text(body.domain).toLowerCase();
  }
  if ('status' in body) {
    const status = enumValue(body.status, ORGANIZATION_STATUSES);
    if (!status) problems.push({ field: 'status', message: ORGANIZATION_MESSAGES.invalidStatus });
    else if (current.is_system_org && status !== 'active') problems.push({ field: 'status', message: ORGANIZATION_MESSAGES.systemOrganizationDeactivated });
    else changes.status = status;
  }
  if ('type' in body) {
    const type = enumValue(body.type, ORGANIZATION_TYPES);
    if (!type) problems.push({ field: 'type', message: ORGANIZATION_MESSAGES.invalidType });
    else changes.type = type;
  }
  return { changes, problems };
}

export interface SystemInviteInput {
  email: string;
  fullName: string;
  role: 'user' | 'admin';
}

/** §6.7's body with its own wording. */
export function parseSystemInvite(raw: unknown): { value?: SystemInviteInput; problems: ValidationDetail[] } {
  const body = asBody(raw);
  const problems: ValidationDetail[] = [];
  const email = normalizeEmail(text(body.email));
  if (!isValidEmail(email)) problems.push({ field: 'email', message: ORGANIZATION_MESSAGES.inviteEmailInvalid });
  const fullName = text(body.fullName);
  if (!fullName) problems.push({ field: 'fullName', message: ORGANIZATION_MESSAGES.inviteFullNameRequired });
  else if (fullName.length > 255) problems.push({ field: 'fullName', message: FIELD_MESSAGES.fullNameTooLong });
  const role = body.role === undefined || body.role === null ? 'user' : enumValue(body.role, ['user', 'admin'] as const);
  if (!role) problems.push({ field: 'role', message: ORGANIZATION_MESSAGES.inviteRole });
  if (problems.length > 0 || !role) return { problems };
  return { value: { email, fullName, role }, problems };
}

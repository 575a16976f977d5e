import { z } from 'zod';
import type { ValidationDetail } from '../errors';
import { emailDomain, FIELD_MESSAGES, isValidDomain, isValidEmail, normalizeEmail } from '../../rules/fields';
import { isConsumerOrganization } from '../../rules/organization-settings';
import { DEFAULT_PASSWORD_POLICY, passwordProblems } from '../../rules/password-policy';

export const ORGANIZATION_TYPES = ['consumer', 'business'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];
export const ORGANIZATION_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

/** The providers an organization's cloud resources can be created on (§6.2). */
export const CLOUD_PROVIDERS = ['aws'] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];

/** Contract §6.2 texts of the create body, verbatim. */
export const CREATE_ORGANIZATION_MESSAGES = {
  domainRequired: 'Domain is required',
  domainInvalid: 'Domain must be a valid domain name',
  adminFullNameRequired: 'Admin full name is required',
  adminEmailRequired: 'Admin email is required',
  adminEmailDomain: (domain: string) => `Admin email must be from the ${domain} domain`,
  adminPasswordRequired: 'Admin password is required',
  unsupportedCloudProvider: (value: string) => `Unsupported cloud provider: ${value}`,
  /** Not worded by §6; §1.10's enum rule, capitalized like its sibling status text. */
  invalidType: 'Type must be one of consumer, business',
} as const;

const messages = CREATE_ORGANIZATION_MESSAGES;

/** A trimmed string, or '' for anything that is not one (a missing value and a wrong type read alike). */
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const absent = (value: unknown) => value === undefined || value === null;
const asBody = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** §6.2: `consumer` when the domain says so, unless the body names a type. */
export function defaultOrganizationType(domain: string): OrganizationType {
  return domain.includes('consumer') ? 'consumer' : 'business';
}

/** The body's fields in the order the contract lists their messages; problems are reported in it. */
const FIELD_ORDER = ['name', 'domain', 'adminFullName', 'adminEmail', 'adminPassword', 'cloudProvider', 'type'] as const;

/**
 * The body of `POST /api/organizations` (contract §6.2): the server validates with it and the web
 * client's Create Organization form checks the same rules before sending. Text is trimmed, the domain
 * and the admin's email lowercased, the password taken as typed; the type defaults from the domain
 * and the provider to `aws`. A new organization has the default password policy (§2), so that is the
 * one the admin's password must meet.
 */
export const createOrganizationRequestSchema = z.preprocess(
  asBody,
  z
    .object({
      name: z.preprocess(text, z.string().min(1, { message: FIELD_MESSAGES.nameRequired, abort: true }).max(255, FIELD_MESSAGES.nameTooLong)),
      domain: z.preprocess((value) => text(value).toLowerCase(), z.string().min(1, { message: messages.domainRequired, abort: true }).refine(isValidDomain, messages.domainInvalid)),
      adminFullName: z.preprocess(text, z.string().min(1, { message: messages.adminFullNameRequired, abort: true }).max(255, FIELD_MESSAGES.fullNameTooLong)),
      adminEmail: z.preprocess((value) => normalizeEmail(text(value)), z.string().min(1, { message: messages.adminEmailRequired, abort: true }).refine(isValidEmail, FIELD_MESSAGES.emailInvalid)),
      adminPassword: z.preprocess(
        (value) => (typeof value === 'string' ? value : ''),
        z
          .string()
          .min(1, { message: messages.adminPasswordRequired, abort: true })
          .superRefine((password, ctx) => {
            for (const message of passwordProblems(password, DEFAULT_PASSWORD_POLICY)) ctx.addIssue({ code: 'custom', message });
          }),
      ),
      // The message names the value as sent, before it is lowercased.
      cloudProvider: z.preprocess(
        (value) => value ?? null,
        z
          .unknown()
          .superRefine((value, ctx) => {
            if (!absent(value) && !(CLOUD_PROVIDERS as readonly string[]).includes(String(value).trim().toLowerCase())) {
              ctx.addIssue({ code: 'custom', message: messages.unsupportedCloudProvider(String(value)) });
            }
          })
          .transform((value): CloudProvider => (absent(value) ? 'aws' : (String(value).trim().toLowerCase() as CloudProvider))),
      ),
      type: z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : absent(value) ? undefined : value), z.enum(ORGANIZATION_TYPES, { error: messages.invalidType }).optional()),
    })
    // Outside a consumer organization the admin's address is on its domain. Checked whatever else
    // failed (`when`), once the domain and email themselves are valid.
    .superRefine(
      (body, ctx) => {
        const domain = typeof body.domain === 'string' ? body.domain : '';
        const email = typeof body.adminEmail === 'string' ? body.adminEmail : '';
        if (!isValidDomain(domain) || !isValidEmail(email)) return;
        const type = typeof body.type === 'string' && (ORGANIZATION_TYPES as readonly string[]).includes(body.type) ? body.type : defaultOrganizationType(domain);
        if (!isConsumerOrganization({ type, domain }) && emailDomain(email) !== domain) {
          ctx.addIssue({ code: 'custom', path: ['adminEmail'], message: messages.adminEmailDomain(domain) });
        }
      },
      { when: () => true },
    )
    .transform((body) => ({ ...body, type: body.type ?? defaultOrganizationType(body.domain) })),
);

/** A new organization as the server creates it: the body normalized, type and provider filled in. */
export type NewOrganization = z.output<typeof createOrganizationRequestSchema>;
/** What a client sends: every field named by §6.2, type and provider included (both have defaults). */
export type CreateOrganizationRequest = NewOrganization;

/** The body checked: the normalized value, or every problem in the contract's order (§6.2). */
export function parseCreateOrganizationRequest(raw: unknown): { value?: NewOrganization; problems: ValidationDetail[] } {
  const parsed = createOrganizationRequestSchema.safeParse(raw);
  if (parsed.success) return { value: parsed.data, problems: [] };
  const rank = (field: string) => {
    const index = (FIELD_ORDER as readonly string[]).indexOf(field);
    return index === -1 ? FIELD_ORDER.length : index;
  };
  const problems = parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));
  // Stable: a field's own problems keep their order (the password's, say).
  return { problems: problems.map((problem, index) => ({ problem, index })).sort((a, b) => rank(a.problem.field) - rank(b.problem.field) || a.index - b.index).map(({ problem }) => problem) };
}

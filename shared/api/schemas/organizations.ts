import { z } from 'zod';
import type { ValidationDetail } from '../errors';
import { emailDomain, FIELD_MESSAGES, isValidDomain, isValidEmail, normalizeEmail } from '../../rules/fields';
import {
  AUTH_SETTINGS_MESSAGES,
  authSettingsProblems,
  isConsumerOrganization,
  parseCidr,
  SECURITY_SETTINGS_MESSAGES,
  type AuthSettings,
} from '../../rules/organization-settings';
import { DEFAULT_PASSWORD_POLICY, passwordProblems } from '../../rules/password-policy';
import { lenientBody } from './common';

export const ORGANIZATION_TYPES = ['consumer', 'business'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];
export const ORGANIZATION_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

/** The providers an organization's cloud resources can be created on (§6.2). */
export const CLOUD_PROVIDERS = ['aws'] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];

/** The roles §6.7 invites with. */
export const SYSTEM_INVITE_ROLES = ['user', 'admin'] as const;

/** The roles new users of an organization can get by default (§2 AuthSettings). */
export const DEFAULT_ROLES = ['user', 'rag_user'] as const;

/** Contract §6 texts, verbatim: the organizations' body schemas word them, so they live beside those. */
export const ORGANIZATION_MESSAGES = {
  notFound: 'Organization not found',
  domainRequired: 'Domain is required',
  domainInvalid: 'Domain must be a valid domain name',
  adminFullNameRequired: 'Admin full name is required',
  adminEmailRequired: 'Admin email is required',
  adminEmailDomain: (domain: string) => `Admin email must be from the ${domain} domain`,
  adminPasswordRequired: 'Admin password is required',
  unsupportedCloudProvider: (value: string) => `Unsupported cloud provider: ${value}`,
  invalidStatus: 'Status must be one of active, inactive, suspended',
  /** Not worded by §6; §1.10's enum rule, capitalized like its sibling status text. */
  invalidType: 'Type must be one of consumer, business',
  systemOrganizationDeactivated: 'The system organization cannot be deactivated',
  systemAdminOnly: 'Only a system administrator can change domain, status or type',
  domainTaken: 'An organization with this domain already exists',
  emailTaken: 'A user with this email already exists',
  inviteForbidden: "You don't have permission to invite users to this organization, or this is not a consumer organization.",
  inviteEmailInvalid: 'Please enter a valid email address',
  inviteFullNameRequired: 'Please enter a full name',
  inviteRole: 'Role must be user or admin',
  cloudResourcesUnverifiable: 'Failed to verify cloud resources',
  /** §6.2 names no text for a provider outage; this is spec 03's catalogue text for a failed creation. */
  creationFailed: 'Organization creation failed',
} as const;

/** Settings texts §6.13 and §6.16 leave unworded: a value of the wrong kind. */
export const SETTINGS_KIND_MESSAGES = {
  trueOrFalse: (field: string) => `${field} must be true or false`,
  passwordPolicyObject: 'Password policy must be an object',
} as const;

const messages = ORGANIZATION_MESSAGES;

/** A trimmed string, or '' for anything that is not one (a missing value and a wrong type read alike). */
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const absent = (value: unknown) => value === undefined || value === null;
/** Enum values compare case-insensitively (§1.3); anything but a string stays itself and fails the enum. */
const lowercased = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/**
 * Zod reports problems as its checks run, and a refinement over the whole body after every field's
 * own; the contract lists them in the order of its fields (§1.4). Run last (`when` always), this puts
 * them in that order, a field's own problems keeping theirs.
 */
function inFieldOrder(order: readonly string[]) {
  const rank = (issue: { path?: PropertyKey[] }) => {
    const index = order.indexOf(String(issue.path?.[0] ?? ''));
    return index === -1 ? order.length : index;
  };
  return (_body: unknown, ctx: z.RefinementCtx) => {
    const sorted = ctx.issues
      .map((issue, index) => ({ issue, index }))
      .sort((a, b) => rank(a.issue) - rank(b.issue) || a.index - b.index)
      .map(({ issue }) => issue);
    ctx.issues.splice(0, ctx.issues.length, ...sorted);
  };
}

const always = { when: () => true };

/** §1.10's name rules; anything but a string reads as missing. */
const organizationNameField = z.preprocess(text, z.string().min(1, { message: FIELD_MESSAGES.nameRequired, abort: true }).max(255, FIELD_MESSAGES.nameTooLong));

/** Domains are stored lowercase (§6.2 "lowercase host name"), so a capitalized one is accepted and lowered. */
const domainField = z.preprocess((value) => text(value).toLowerCase(), z.string().min(1, { message: messages.domainRequired, abort: true }).refine(isValidDomain, messages.domainInvalid));

/** §6.2: `consumer` when the domain says so, unless the body names a type. */
export function defaultOrganizationType(domain: string): OrganizationType {
  return domain.includes('consumer') ? 'consumer' : 'business';
}

/** The create body's fields in the order the contract lists their messages; problems are reported in it. */
const CREATE_FIELD_ORDER = ['name', 'domain', 'adminFullName', 'adminEmail', 'adminPassword', 'cloudProvider', 'type'] as const;

/**
 * The body of `POST /api/organizations` (contract §6.2): the server validates with it and the web
 * client's Create Organization form checks the same rules before sending. Text is trimmed, the domain
 * and the admin's email lowercased, the password taken as typed; the type defaults from the domain
 * and the provider to `aws`. A new organization has the default password policy (§2), so that is the
 * one the admin's password must meet. A body that is no object reads as an empty one, answered with
 * the missing fields' messages.
 */
export const createOrganizationRequestSchema = lenientBody(
  z
    .object({
      name: organizationNameField,
      domain: domainField,
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
    // failed, once the domain and email themselves are valid.
    .superRefine((body, ctx) => {
      const domain = typeof body.domain === 'string' ? body.domain : '';
      const email = typeof body.adminEmail === 'string' ? body.adminEmail : '';
      if (!isValidDomain(domain) || !isValidEmail(email)) return;
      const type = typeof body.type === 'string' && (ORGANIZATION_TYPES as readonly string[]).includes(body.type) ? body.type : defaultOrganizationType(domain);
      if (!isConsumerOrganization({ type, domain }) && emailDomain(email) !== domain) {
        ctx.addIssue({ code: 'custom', path: ['adminEmail'], message: messages.adminEmailDomain(domain) });
      }
    }, always)
    .superRefine(inFieldOrder(CREATE_FIELD_ORDER), always)
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
  return { problems: parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message })) };
}

/** What only the server knows about the organization a §6.4 body changes. */
export interface UpdateOrganizationContext {
  isSystemOrganization: boolean;
}

/**
 * §6.4: any of §6.2's name and domain, the status and the type, each judged only when sent, in that
 * order. The system organization is never deactivated. Who may change which field is the server's
 * check, made before this one. Without a context (the OpenAPI document) only the values are checked.
 */
export function updateOrganizationRequestSchema(context?: UpdateOrganizationContext) {
  return z.object({
    name: organizationNameField.optional(),
    domain: domainField.optional(),
    status: z
      .preprocess(lowercased, z.enum(ORGANIZATION_STATUSES, { error: messages.invalidStatus }))
      .refine((status) => !context?.isSystemOrganization || status === 'active', messages.systemOrganizationDeactivated)
      .optional(),
    type: z.preprocess(lowercased, z.enum(ORGANIZATION_TYPES, { error: messages.invalidType })).optional(),
  });
}

export type UpdateOrganizationRequest = z.output<ReturnType<typeof updateOrganizationRequestSchema>>;

/**
 * §6.7: §7.4 without groups, in its own wording: a missing email reads as an invalid one, and the
 * role defaults to `user`. A body that is no object reads as an empty one.
 */
export const systemInviteRequestSchema = lenientBody(
  z.object({
    email: z.preprocess((value) => normalizeEmail(text(value)), z.string().refine(isValidEmail, messages.inviteEmailInvalid)),
    fullName: z.preprocess(text, z.string().min(1, { message: messages.inviteFullNameRequired, abort: true }).max(255, FIELD_MESSAGES.fullNameTooLong)),
    role: z.preprocess((value) => (value === null ? undefined : lowercased(value)), z.enum(SYSTEM_INVITE_ROLES, { error: messages.inviteRole }).default('user')),
  }),
);

export type SystemInviteRequest = z.output<typeof systemInviteRequestSchema>;

/**
 * A whole number in a range, or `null` for the default; a value of any other kind gets the range's
 * message too (§6.13, §6.16).
 */
function wholeNumberOrNull(min: number, max: number, message: string) {
  return z
    .number({ error: message })
    .refine((value) => Number.isInteger(value) && value >= min && value <= max, message)
    .nullish()
    .meta({ type: ['integer', 'null'], minimum: min, maximum: max });
}

const trueOrFalse = (field: string) => z.boolean({ error: SETTINGS_KIND_MESSAGES.trueOrFalse(field) });

/** The order §2 lists AuthSettings' fields in, which is the order their problems are reported in. */
const AUTH_SETTINGS_FIELD_ORDER = ['passwordLoginEnabled', 'googleLoginEnabled', 'allowSelfSignup', 'defaultRole', 'invitationExpiryDays'] as const;

/**
 * §6.13's fields, each optional; `null` puts a field back to its default (§1.1). A role is read
 * case-insensitively. A field of the wrong kind is a problem and is not applied.
 */
const authSettingsFields = z.object({
  passwordLoginEnabled: trueOrFalse('passwordLoginEnabled').nullish(),
  googleLoginEnabled: trueOrFalse('googleLoginEnabled').nullish(),
  allowSelfSignup: trueOrFalse('allowSelfSignup').nullish(),
  defaultRole: z.preprocess(lowercased, z.enum(DEFAULT_ROLES, { error: AUTH_SETTINGS_MESSAGES.defaultRole })).nullish(),
  invitationExpiryDays: wholeNumberOrNull(1, 30, AUTH_SETTINGS_MESSAGES.invitationExpiry),
});

export type AuthSettingsRequest = z.output<typeof authSettingsFields>;

/** What only the server knows: the organization's settings a body is merged over. */
export interface AuthSettingsContext {
  /** The saved settings with the fields of `body` applied (the domain's merge). */
  merged(body: Partial<AuthSettingsRequest>): AuthSettings;
}

/**
 * §6.13: the body is merged over the saved settings and the result judged as a whole (at least one
 * login method), every problem in §2's field order. Without a context (the OpenAPI document) only the
 * sent fields are checked.
 */
export function authSettingsRequestSchema(context?: AuthSettingsContext) {
  return authSettingsFields
    .superRefine((body, ctx) => {
      if (!context) return;
      // The fields that failed are not applied, so the rest are judged over the saved values.
      const failed = new Set(ctx.issues.map((issue) => issue.path?.[0]));
      const applied = Object.fromEntries(Object.entries(body).filter(([field]) => !failed.has(field))) as Partial<AuthSettingsRequest>;
      for (const problem of authSettingsProblems(context.merged(applied))) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }, always)
    .superRefine(inFieldOrder(AUTH_SETTINGS_FIELD_ORDER), always);
}

/** Contract §2: at most this many ranges in an IP allowlist. */
export const MAX_IP_RANGES = 50;

/**
 * IPv4 or IPv6 ranges, a bare address meaning a single host; entries are trimmed. Every bad entry is
 * named once, and then a list that is too long, as §6.16 lists them.
 */
const ipAllowlistField = z
  .unknown()
  .transform((value, ctx): string[] => {
    const problem = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!Array.isArray(value)) {
      problem(SECURITY_SETTINGS_MESSAGES.invalidCidr(String(value)));
      return z.NEVER;
    }
    const bad = value.filter((entry) => typeof entry !== 'string' || !parseCidr(entry.trim()));
    for (const entry of new Set(bad.map(String))) problem(SECURITY_SETTINGS_MESSAGES.invalidCidr(entry));
    if (value.length > MAX_IP_RANGES) problem(SECURITY_SETTINGS_MESSAGES.tooManyRanges);
    return bad.length > 0 ? z.NEVER : (value as string[]).map((entry) => entry.trim());
  })
  .nullish()
  .meta({ type: ['array', 'null'], items: { type: 'string' }, maxItems: MAX_IP_RANGES, description: 'IPv4 or IPv6 ranges (CIDR) or addresses; empty allows every address' });

/**
 * §6.15's body and §6.16's candidate: any SecuritySettings fields, the password policy one level
 * deep, `null` meaning the default (§1.1). Only sent values are judged; the fields are declared in
 * §6.16's order, so their problems come in it.
 */
export const securitySettingsRequestSchema = z.object({
  passwordPolicy: z
    .object(
      {
        minLength: wholeNumberOrNull(8, 128, SECURITY_SETTINGS_MESSAGES.minLength),
        requireUppercase: trueOrFalse('requireUppercase').nullish(),
        requireLowercase: trueOrFalse('requireLowercase').nullish(),
        requireNumber: trueOrFalse('requireNumber').nullish(),
        requireSymbol: trueOrFalse('requireSymbol').nullish(),
      },
      { error: SETTINGS_KIND_MESSAGES.passwordPolicyObject },
    )
    .nullish(),
  maxLoginAttempts: wholeNumberOrNull(3, 20, SECURITY_SETTINGS_MESSAGES.maxLoginAttempts),
  lockoutMinutes: wholeNumberOrNull(1, 1440, SECURITY_SETTINGS_MESSAGES.lockoutMinutes),
  sessionMaxAgeHours: wholeNumberOrNull(1, 720, SECURITY_SETTINGS_MESSAGES.sessionMaxAgeHours),
  ipAllowlist: ipAllowlistField,
  apiTokensEnabled: trueOrFalse('apiTokensEnabled').nullish(),
});

export type SecuritySettingsRequest = z.output<typeof securitySettingsRequestSchema>;

/** §6.16's answer. */
export interface SecuritySettingsVerdict {
  valid: boolean;
  errors: ValidationDetail[];
}

/**
 * §6.16: a candidate is judged by §6.15's schema and never refused; its problems are the answer
 * (200 either way), each `{ field, message }` as a 400 would name them.
 */
export const securitySettingsCandidateSchema = z
  .unknown()
  .meta({ type: 'object', description: "A candidate SecuritySettings: any of its fields, as §6.15's body takes them" })
  .transform((candidate): SecuritySettingsVerdict => {
    const judged = securitySettingsRequestSchema.safeParse(candidate);
    if (judged.success) return { valid: true, errors: [] };
    return { valid: false, errors: judged.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message })) };
  });

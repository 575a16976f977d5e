import {
  authSettingsInputSchema,
  authSettingsProblems,
  defaultAuthSettings,
  defaultSecuritySettings,
  securitySettingsInputSchema,
  securitySettingsProblems,
  type AuthSettings,
  type SecuritySettings,
  type SettingsProblem,
} from '../../../shared/rules/organization-settings';
import type { PasswordPolicy } from '../../../shared/rules/password-policy';
import { asBody } from './organization-input';

/** The order the contract lists the fields in (§2), which is the order problems are reported in (§1.4). */
const AUTH_FIELDS = ['passwordLoginEnabled', 'googleLoginEnabled', 'allowSelfSignup', 'defaultRole', 'invitationExpiryDays'] as const;
const POLICY_FIELDS = ['minLength', 'requireUppercase', 'requireLowercase', 'requireNumber', 'requireSymbol'] as const;
const SECURITY_FIELDS = ['passwordPolicy', 'maxLoginAttempts', 'lockoutMinutes', 'sessionMaxAgeHours', 'ipAllowlist', 'apiTokensEnabled'] as const;
const FIELD_ORDER = [...AUTH_FIELDS, ...POLICY_FIELDS.map((field) => `passwordPolicy.${field}`), ...SECURITY_FIELDS];

export const PASSWORD_POLICY_OBJECT = 'Password policy must be an object';

/** Stable sort by field order, then one entry per message (§1.4 de-duplicates). */
function ordered(problems: SettingsProblem[]): SettingsProblem[] {
  const rank = (field: string) => {
    const index = FIELD_ORDER.indexOf(field);
    return index === -1 ? FIELD_ORDER.length : index;
  };
  const seen = new Set<string>();
  return problems
    .map((problem, index) => ({ problem, index }))
    .sort((a, b) => rank(a.problem.field) - rank(b.problem.field) || a.index - b.index)
    .map(({ problem }) => problem)
    .filter((problem) => !seen.has(problem.message) && Boolean(seen.add(problem.message)));
}

/** The first message a field's shared schema gives for a value of the wrong kind. */
function kindProblem(schema: { safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } }, field: string, value: unknown): SettingsProblem[] {
  const result = schema.safeParse(value);
  return result.success ? [] : [{ field, message: result.error?.issues[0]?.message ?? `${field} is invalid` }];
}

/**
 * §6.13: the body merged over the organization's settings. A field sent as `null` goes back to its
 * default (PUT semantics, §1.1); a field of the wrong kind is a problem and changes nothing.
 */
export function mergeAuthSettings(current: AuthSettings, raw: unknown, isConsumer: boolean): { settings: AuthSettings; problems: SettingsProblem[] } {
  const body = asBody(raw);
  const defaults = defaultAuthSettings(isConsumer);
  const settings: Record<string, unknown> = { ...current };
  const problems: SettingsProblem[] = [];
  for (const field of AUTH_FIELDS) {
    if (!(field in body)) continue;
    const value = body[field];
    if (value === null) {
      settings[field] = defaults[field];
      continue;
    }
    const kind = kindProblem(authSettingsInputSchema.shape[field], field, value);
    if (kind.length > 0) problems.push(...kind);
    else settings[field] = field === 'defaultRole' ? String(value).trim().toLowerCase() : value;
  }
  const merged = settings as unknown as AuthSettings;
  return { settings: merged, problems: ordered([...problems, ...authSettingsProblems(merged)]) };
}

/** §6.16's checks on a candidate: the shared range rules plus the kinds the ranges do not cover (booleans, the policy object). */
export function securityCandidateProblems(raw: unknown): SettingsProblem[] {
  const body = asBody(raw);
  const problems: SettingsProblem[] = [];
  const policy = body.passwordPolicy;
  const policyIsObject = policy !== null && typeof policy === 'object' && !Array.isArray(policy);
  if (policy !== undefined && policy !== null && !policyIsObject) problems.push({ field: 'passwordPolicy', message: PASSWORD_POLICY_OBJECT });
  if (policyIsObject) {
    const policyShape = securitySettingsInputSchema.shape.passwordPolicy.unwrap().shape;
    for (const field of POLICY_FIELDS) {
      const value = (policy as Record<string, unknown>)[field];
      if (field !== 'minLength' && value !== undefined && value !== null) problems.push(...kindProblem(policyShape[field], `passwordPolicy.${field}`, value));
    }
  }
  if (body.apiTokensEnabled !== undefined && body.apiTokensEnabled !== null) {
    problems.push(...kindProblem(securitySettingsInputSchema.shape.apiTokensEnabled, 'apiTokensEnabled', body.apiTokensEnabled));
  }
  // Nulls mean "back to the default", which is always valid; only sent values are checked.
  const sent = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
  if (policyIsObject) sent.passwordPolicy = Object.fromEntries(Object.entries(policy as Record<string, unknown>).filter(([, value]) => value !== null));
  else delete sent.passwordPolicy;
  return ordered([...problems, ...securitySettingsProblems(sent as Partial<SecuritySettings>)]);
}

/**
 * §6.15: the candidate merged over the organization's settings, the password policy one level deep
 * (§1.1), `null` meaning the default. Call only when securityCandidateProblems found nothing.
 */
export function mergeSecuritySettings(current: SecuritySettings, raw: unknown): SecuritySettings {
  const body = asBody(raw);
  const defaults = defaultSecuritySettings();
  const merged: Record<string, unknown> = { ...current, passwordPolicy: { ...current.passwordPolicy } };
  for (const field of SECURITY_FIELDS) {
    if (!(field in body) || field === 'passwordPolicy') continue;
    const value = body[field];
    merged[field] = value === null ? defaults[field] : field === 'ipAllowlist' ? (value as string[]).map((entry) => entry.trim()) : value;
  }
  if (body.passwordPolicy === null) merged.passwordPolicy = { ...defaults.passwordPolicy };
  else if (body.passwordPolicy !== undefined) {
    const policy = merged.passwordPolicy as Record<string, unknown>;
    for (const [field, value] of Object.entries(body.passwordPolicy as Record<string, unknown>)) {
      if ((POLICY_FIELDS as readonly string[]).includes(field)) policy[field] = value === null ? defaults.passwordPolicy[field as keyof PasswordPolicy] : value;
    }
  }
  return merged as unknown as SecuritySettings;
}

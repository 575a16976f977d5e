import type { SecuritySettings } from '../../../api/entities';

/** The security form edits numbers as text (so a field can be empty mid-edit) and the allowlist as lines. */
export interface SecurityFormValues {
  minLength: string;
  requireUppercase: boolean;
  requireLowercase: boolean;
  requireNumber: boolean;
  requireSymbol: boolean;
  maxLoginAttempts: string;
  lockoutMinutes: string;
  sessionMaxAgeHours: string;
  ipAllowlist: string;
  apiTokensEnabled: boolean;
}

export type SecurityField = 'minLength' | 'maxLoginAttempts' | 'lockoutMinutes' | 'sessionMaxAgeHours' | 'ipAllowlist' | 'form';

export function toSecurityForm(settings: SecuritySettings): SecurityFormValues {
  const policy = settings.passwordPolicy;
  return {
    minLength: String(policy.minLength),
    requireUppercase: policy.requireUppercase,
    requireLowercase: policy.requireLowercase,
    requireNumber: policy.requireNumber,
    requireSymbol: policy.requireSymbol,
    maxLoginAttempts: String(settings.maxLoginAttempts),
    lockoutMinutes: String(settings.lockoutMinutes),
    sessionMaxAgeHours: String(settings.sessionMaxAgeHours),
    ipAllowlist: settings.ipAllowlist.join('\n'),
    apiTokensEnabled: settings.apiTokensEnabled,
  };
}

/** An empty or non-numeric entry goes out as null, so the server's range message names the field. */
const numberOrNull = (text: string): number => (text.trim() === '' || Number.isNaN(Number(text)) ? (null as unknown as number) : Number(text));

export function fromSecurityForm(values: SecurityFormValues): SecuritySettings {
  return {
    passwordPolicy: {
      minLength: numberOrNull(values.minLength),
      requireUppercase: values.requireUppercase,
      requireLowercase: values.requireLowercase,
      requireNumber: values.requireNumber,
      requireSymbol: values.requireSymbol,
    },
    maxLoginAttempts: numberOrNull(values.maxLoginAttempts),
    lockoutMinutes: numberOrNull(values.lockoutMinutes),
    sessionMaxAgeHours: numberOrNull(values.sessionMaxAgeHours),
    ipAllowlist: values.ipAllowlist
      .split(/[\n,]/)
      .map((line) => line.trim())
      .filter(Boolean),
    apiTokensEnabled: values.apiTokensEnabled,
  };
}

/**
 * Which form field a server error belongs to (contract §6.16 `errors[].field`). The contract does not
 * fix the path style, so `passwordPolicy.minLength`, `minLength`, `ipAllowlist[2]` and `ipAllowlist.2`
 * are all understood; the message decides when the field is unknown.
 */
export function securityFieldOf(field: string | undefined, message: string): SecurityField {
  const name = (field ?? '').replace(/^passwordPolicy[./]/, '').replace(/[[.].*$/, '');
  if (name === 'minLength' || name === 'maxLoginAttempts' || name === 'lockoutMinutes' || name === 'sessionMaxAgeHours' || name === 'ipAllowlist') return name;
  if (/password length/i.test(message)) return 'minLength';
  if (/login attempts/i.test(message)) return 'maxLoginAttempts';
  if (/lockout/i.test(message)) return 'lockoutMinutes';
  if (/session max age/i.test(message)) return 'sessionMaxAgeHours';
  if (/CIDR|IP range|allowlist/i.test(message)) return 'ipAllowlist';
  return 'form';
}

export function groupSecurityErrors(errors: ReadonlyArray<{ field?: string; message: string }>): Partial<Record<SecurityField, string[]>> {
  const grouped: Partial<Record<SecurityField, string[]>> = {};
  for (const error of errors) {
    const field = securityFieldOf(error.field, error.message);
    const list = (grouped[field] ??= []);
    if (!list.includes(error.message)) list.push(error.message);
  }
  return grouped;
}

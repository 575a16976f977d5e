import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from './password-policy';

/** Contract §2 AuthSettings. */
export interface AuthSettings {
  passwordLoginEnabled: boolean;
  googleLoginEnabled: boolean;
  allowSelfSignup: boolean;
  defaultRole: 'user' | 'rag_user';
  invitationExpiryDays: number;
}

/** Contract §2 SecuritySettings. */
export interface SecuritySettings {
  passwordPolicy: PasswordPolicy;
  maxLoginAttempts: number;
  lockoutMinutes: number;
  sessionMaxAgeHours: number;
  ipAllowlist: string[];
  apiTokensEnabled: boolean;
}

/** Consumer organizations allow self sign-up by default; others do not (§2). */
export function defaultAuthSettings(isConsumer: boolean): AuthSettings {
  return { passwordLoginEnabled: true, googleLoginEnabled: true, allowSelfSignup: isConsumer, defaultRole: 'user', invitationExpiryDays: 7 };
}

export function defaultSecuritySettings(): SecuritySettings {
  return { passwordPolicy: { ...DEFAULT_PASSWORD_POLICY }, maxLoginAttempts: 5, lockoutMinutes: 15, sessionMaxAgeHours: 720, ipAllowlist: [], apiTokensEnabled: true };
}

export const AUTH_SETTINGS_MESSAGES = {
  oneLoginMethod: 'At least one login method must be enabled',
  defaultRole: 'defaultRole must be one of user, rag_user',
  invitationExpiry: 'Invitation expiry must be between 1 and 30 days',
} as const;

export const SECURITY_SETTINGS_MESSAGES = {
  minLength: 'Minimum password length must be between 8 and 128',
  maxLoginAttempts: 'Max login attempts must be between 3 and 20',
  lockoutMinutes: 'Lockout minutes must be between 1 and 1440',
  sessionMaxAgeHours: 'Session max age must be between 1 and 720 hours',
  tooManyRanges: 'At most 50 IP ranges are allowed',
  invalidCidr: (value: string) => `Invalid CIDR: ${value}`,
  mustIncludeCaller: 'The IP allowlist must include your current IP address',
} as const;

export interface SettingsProblem {
  field: string;
  message: string;
}

/** An IPv4 or IPv6 range; a bare address counts as a single-host range. */
export function parseCidr(value: string): [ipaddr.IPv4 | ipaddr.IPv6, number] | undefined {
  try {
    if (value.includes('/')) return ipaddr.parseCIDR(value);
    const address = ipaddr.parse(value);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return undefined;
  }
}

/** Whether an address falls in any range of the allowlist; an empty list allows everyone (§2). */
export function isIpAllowed(ip: string, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return true;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return false;
  }
  return allowlist.some((entry) => {
    const range = parseCidr(entry);
    if (!range) return false;
    const [network, bits] = range;
    const candidate = address.kind() === network.kind() ? address : address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : undefined;
    return candidate !== undefined && candidate.kind() === network.kind() && candidate.match([network, bits] as never);
  });
}

const intIn = (min: number, max: number) => (value: unknown) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** Every problem of a candidate security settings object, in the order of §6.16's messages. */
export function securitySettingsProblems(candidate: Partial<SecuritySettings> & { passwordPolicy?: Partial<PasswordPolicy> }): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  if (candidate.passwordPolicy?.minLength !== undefined && !intIn(8, 128)(candidate.passwordPolicy.minLength)) {
    problems.push({ field: 'passwordPolicy.minLength', message: SECURITY_SETTINGS_MESSAGES.minLength });
  }
  if (candidate.maxLoginAttempts !== undefined && !intIn(3, 20)(candidate.maxLoginAttempts)) problems.push({ field: 'maxLoginAttempts', message: SECURITY_SETTINGS_MESSAGES.maxLoginAttempts });
  if (candidate.lockoutMinutes !== undefined && !intIn(1, 1440)(candidate.lockoutMinutes)) problems.push({ field: 'lockoutMinutes', message: SECURITY_SETTINGS_MESSAGES.lockoutMinutes });
  if (candidate.sessionMaxAgeHours !== undefined && !intIn(1, 720)(candidate.sessionMaxAgeHours)) problems.push({ field: 'sessionMaxAgeHours', message: SECURITY_SETTINGS_MESSAGES.sessionMaxAgeHours });
  if (candidate.ipAllowlist !== undefined) {
    if (!Array.isArray(candidate.ipAllowlist)) {
      problems.push({ field: 'ipAllowlist', message: SECURITY_SETTINGS_MESSAGES.invalidCidr(String(candidate.ipAllowlist)) });
    } else {
      for (const entry of candidate.ipAllowlist) {
        if (typeof entry !== 'string' || !parseCidr(entry.trim())) problems.push({ field: 'ipAllowlist', message: SECURITY_SETTINGS_MESSAGES.invalidCidr(String(entry)) });
      }
      if (candidate.ipAllowlist.length > 50) problems.push({ field: 'ipAllowlist', message: SECURITY_SETTINGS_MESSAGES.tooManyRanges });
    }
  }
  return problems;
}

/** Every problem of a candidate auth settings object merged over the stored one (§6.13). */
export function authSettingsProblems(merged: AuthSettings): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  if (!merged.passwordLoginEnabled && !merged.googleLoginEnabled) problems.push({ field: 'passwordLoginEnabled', message: AUTH_SETTINGS_MESSAGES.oneLoginMethod });
  if (merged.defaultRole !== 'user' && merged.defaultRole !== 'rag_user') problems.push({ field: 'defaultRole', message: AUTH_SETTINGS_MESSAGES.defaultRole });
  if (!intIn(1, 30)(merged.invitationExpiryDays)) problems.push({ field: 'invitationExpiryDays', message: AUTH_SETTINGS_MESSAGES.invitationExpiry });
  return problems;
}

/** Shapes for request bodies: booleans must be booleans; ranges are checked by the functions above. */
export const authSettingsInputSchema = z
  .object({
    passwordLoginEnabled: z.boolean({ error: 'passwordLoginEnabled must be true or false' }),
    googleLoginEnabled: z.boolean({ error: 'googleLoginEnabled must be true or false' }),
    allowSelfSignup: z.boolean({ error: 'allowSelfSignup must be true or false' }),
    defaultRole: z.string({ error: AUTH_SETTINGS_MESSAGES.defaultRole }),
    invitationExpiryDays: z.number({ error: AUTH_SETTINGS_MESSAGES.invitationExpiry }),
  })
  .partial();

export const securitySettingsInputSchema = z
  .object({
    passwordPolicy: z
      .object({
        minLength: z.number({ error: SECURITY_SETTINGS_MESSAGES.minLength }),
        requireUppercase: z.boolean({ error: 'requireUppercase must be true or false' }),
        requireLowercase: z.boolean({ error: 'requireLowercase must be true or false' }),
        requireNumber: z.boolean({ error: 'requireNumber must be true or false' }),
        requireSymbol: z.boolean({ error: 'requireSymbol must be true or false' }),
      })
      .partial(),
    maxLoginAttempts: z.number({ error: SECURITY_SETTINGS_MESSAGES.maxLoginAttempts }),
    lockoutMinutes: z.number({ error: SECURITY_SETTINGS_MESSAGES.lockoutMinutes }),
    sessionMaxAgeHours: z.number({ error: SECURITY_SETTINGS_MESSAGES.sessionMaxAgeHours }),
    ipAllowlist: z.array(z.string()),
    apiTokensEnabled: z.boolean({ error: 'apiTokensEnabled must be true or false' }),
  })
  .partial();

/** `isConsumer` of the Organization entity: type consumer, or a domain containing "consumer" (§2, §6.18). */
export function isConsumerOrganization(organization: { type: string; domain: string }): boolean {
  return organization.type === 'consumer' || organization.domain.includes('consumer');
}

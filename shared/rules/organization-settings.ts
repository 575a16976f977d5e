import ipaddr from 'ipaddr.js';
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

/** Every problem of a candidate auth settings object merged over the stored one (§6.13). */
export function authSettingsProblems(merged: AuthSettings): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  if (!merged.passwordLoginEnabled && !merged.googleLoginEnabled) problems.push({ field: 'passwordLoginEnabled', message: AUTH_SETTINGS_MESSAGES.oneLoginMethod });
  if (merged.defaultRole !== 'user' && merged.defaultRole !== 'rag_user') problems.push({ field: 'defaultRole', message: AUTH_SETTINGS_MESSAGES.defaultRole });
  if (!intIn(1, 30)(merged.invitationExpiryDays)) problems.push({ field: 'invitationExpiryDays', message: AUTH_SETTINGS_MESSAGES.invitationExpiry });
  return problems;
}

/** `isConsumer` of the Organization entity: type consumer, or a domain containing "consumer" (§2, §6.18). */
export function isConsumerOrganization(organization: { type: string; domain: string }): boolean {
  return organization.type === 'consumer' || organization.domain.includes('consumer');
}

import type { AuthSettingsRequest, SecuritySettingsRequest } from '../../../shared/api/schemas/organizations';
import { defaultAuthSettings, defaultSecuritySettings, type AuthSettings, type SecuritySettings } from '../../../shared/rules/organization-settings';
import type { PasswordPolicy } from '../../../shared/rules/password-policy';

/** Sets `field` to the sent value, `null` meaning its default (PUT semantics, §1.1); unsent fields stay. */
function applyField<T extends object, K extends keyof T>(target: T, field: K, sent: T[K] | null | undefined, defaults: T): void {
  if (sent !== undefined) target[field] = sent === null ? defaults[field] : sent;
}

/** §6.13: a validated body over the organization's auth settings. */
export function mergeAuthSettings(current: AuthSettings, body: Partial<AuthSettingsRequest>, isConsumer: boolean): AuthSettings {
  const defaults = defaultAuthSettings(isConsumer);
  const merged = { ...current };
  for (const field of Object.keys(defaults) as Array<keyof AuthSettings>) applyField(merged, field, body[field], defaults);
  return merged;
}

/** §6.15: a validated body over the organization's security settings, the password policy one level deep (§1.1). */
export function mergeSecuritySettings(current: SecuritySettings, body: SecuritySettingsRequest): SecuritySettings {
  const defaults = defaultSecuritySettings();
  const merged: SecuritySettings = { ...current, passwordPolicy: { ...current.passwordPolicy } };
  for (const field of Object.keys(defaults) as Array<keyof SecuritySettings>) {
    if (field !== 'passwordPolicy') applyField(merged, field, body[field], defaults);
  }
  if (body.passwordPolicy === null) merged.passwordPolicy = { ...defaults.passwordPolicy };
  else if (body.passwordPolicy) {
    const policy = body.passwordPolicy;
    for (const field of Object.keys(defaults.passwordPolicy) as Array<keyof PasswordPolicy>) applyField(merged.passwordPolicy, field, policy[field], defaults.passwordPolicy);
  }
  return merged;
}

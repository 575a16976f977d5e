import { describe, expect, it } from 'vitest';
import { defaultAuthSettings, defaultSecuritySettings } from '../../../shared/rules/organization-settings';
import { mergeAuthSettings, mergeSecuritySettings } from './settings-merge';

describe('auth settings merged over the saved ones (§6.13)', () => {
  const current = { ...defaultAuthSettings(false), invitationExpiryDays: 10 };

  it('applies the sent fields, null meaning the default', () => {
    expect(mergeAuthSettings(current, { defaultRole: 'rag_user', allowSelfSignup: true }, false)).toEqual({ ...current, defaultRole: 'rag_user', allowSelfSignup: true });
    expect(mergeAuthSettings(current, { invitationExpiryDays: null }, false).invitationExpiryDays).toBe(7);
    expect(mergeAuthSettings(current, { allowSelfSignup: null }, true).allowSelfSignup).toBe(true);
    expect(mergeAuthSettings(current, {}, false)).toEqual(current);
  });
});

describe('security settings merged over the saved ones (§6.15)', () => {
  const current = { ...defaultSecuritySettings(), passwordPolicy: { ...defaultSecuritySettings().passwordPolicy, minLength: 10, requireNumber: true } };

  it('merges the password policy one level deep, null meaning the default', () => {
    expect(mergeSecuritySettings(current, { passwordPolicy: { requireSymbol: true }, ipAllowlist: ['10.0.0.0/8'] })).toEqual({
      ...current,
      passwordPolicy: { ...current.passwordPolicy, requireSymbol: true },
      ipAllowlist: ['10.0.0.0/8'],
    });
    const reset = mergeSecuritySettings(current, { passwordPolicy: { minLength: null }, lockoutMinutes: null });
    expect(reset.passwordPolicy).toEqual({ ...current.passwordPolicy, minLength: 8 });
    expect(reset.lockoutMinutes).toBe(15);
    expect(mergeSecuritySettings(current, { passwordPolicy: null }).passwordPolicy).toEqual(defaultSecuritySettings().passwordPolicy);
    expect(mergeSecuritySettings(current, {})).toEqual(current);
  });

  it('leaves the saved settings untouched', () => {
    mergeSecuritySettings(current, { passwordPolicy: { minLength: 20 }, ipAllowlist: [] });
    expect(current.passwordPolicy.minLength).toBe(10);
  });
});

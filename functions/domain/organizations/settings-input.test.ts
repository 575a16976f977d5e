import { describe, expect, it } from 'vitest';
import { defaultAuthSettings, defaultSecuritySettings } from '../../../shared/rules/organization-settings';
import { mergeAuthSettings, mergeSecuritySettings, securityCandidateProblems } from './settings-input';

describe('auth settings PUT (§6.13)', () => {
  const current = { ...defaultAuthSettings(false), invitationExpiryDays: 10 };

  it('merges sent fields over the saved ones, null meaning the default', () => {
    expect(mergeAuthSettings(current, { defaultRole: 'RAG_USER', allowSelfSignup: true }, false)).toEqual({
      settings: { ...current, defaultRole: 'rag_user', allowSelfSignup: true },
      problems: [],
    });
    expect(mergeAuthSettings(current, { invitationExpiryDays: null }, false).settings.invitationExpiryDays).toBe(7);
    expect(mergeAuthSettings(current, { allowSelfSignup: null }, true).settings.allowSelfSignup).toBe(true);
  });

  it('reports every problem of the merged settings in the contract order', () => {
    const { problems } = mergeAuthSettings(current, { invitationExpiryDays: 31, defaultRole: 'admin', passwordLoginEnabled: false, googleLoginEnabled: false }, false);
    expect(problems.map((problem) => problem.message)).toEqual([
      'At least one login method must be enabled',
      'defaultRole must be one of user, rag_user',
      'Invitation expiry must be between 1 and 30 days',
    ]);
  });

  it('refuses values of the wrong kind without applying them', () => {
    const { problems } = mergeAuthSettings(current, { passwordLoginEnabled: 'yes', invitationExpiryDays: 'soon' }, false);
    expect(problems.map((problem) => problem.message)).toEqual(['passwordLoginEnabled must be true or false', 'Invitation expiry must be between 1 and 30 days']);
  });
});

describe('security settings candidates (§6.15, §6.16)', () => {
  it('accepts a valid candidate', () => {
    expect(securityCandidateProblems({ passwordPolicy: { minLength: 12, requireSymbol: true }, ipAllowlist: ['10.0.0.0/8', '::1'], apiTokensEnabled: false })).toEqual([]);
  });

  it('reports every range problem in the order §6.16 lists them', () => {
    const problems = securityCandidateProblems({
      ipAllowlist: Array.from({ length: 51 }, (_, index) => (index === 0 ? 'nonsense' : `10.0.0.${index}`)),
      sessionMaxAgeHours: 0,
      lockoutMinutes: 2000,
      maxLoginAttempts: 2,
      passwordPolicy: { minLength: 4 },
    });
    expect(problems.map((problem) => problem.message)).toEqual([
      'Minimum password length must be between 8 and 128',
      'Max login attempts must be between 3 and 20',
      'Lockout minutes must be between 1 and 1440',
      'Session max age must be between 1 and 720 hours',
      'Invalid CIDR: nonsense',
      'At most 50 IP ranges are allowed',
    ]);
  });

  it('checks the kinds the ranges do not cover', () => {
    expect(securityCandidateProblems({ passwordPolicy: { requireNumber: 'yes' }, apiTokensEnabled: 1 }).map((problem) => problem.field)).toEqual([
      'passwordPolicy.requireNumber',
      'apiTokensEnabled',
    ]);
    expect(securityCandidateProblems({ passwordPolicy: 'strict' })).toEqual([{ field: 'passwordPolicy', message: 'Password policy must be an object' }]);
    expect(securityCandidateProblems({ maxLoginAttempts: null, passwordPolicy: { minLength: null } })).toEqual([]);
  });

  it('merges the password policy one level deep and trims ranges', () => {
    const current = { ...defaultSecuritySettings(), passwordPolicy: { ...defaultSecuritySettings().passwordPolicy, minLength: 10, requireNumber: true } };
    expect(mergeSecuritySettings(current, { passwordPolicy: { requireSymbol: true }, ipAllowlist: [' 10.0.0.0/8 '] })).toEqual({
      ...current,
      passwordPolicy: { ...current.passwordPolicy, requireSymbol: true },
      ipAllowlist: ['10.0.0.0/8'],
    });
    expect(mergeSecuritySettings(current, { passwordPolicy: { minLength: null }, lockoutMinutes: null }).passwordPolicy.minLength).toBe(8);
    expect(mergeSecuritySettings(current, { passwordPolicy: null }).passwordPolicy).toEqual(defaultSecuritySettings().passwordPolicy);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY, passwordProblems } from '../../../shared/rules/password-policy';
import { generateTemporaryPassword } from './temporary-password';

describe('generated temporary passwords (contract §4.13)', () => {
  const strict = { minLength: 12, requireUppercase: true, requireLowercase: true, requireNumber: true, requireSymbol: true };

  it('has 16 characters and meets the strictest policy', () => {
    for (let i = 0; i < 200; i += 1) {
      const password = generateTemporaryPassword(strict);
      expect(password).toHaveLength(16);
      expect(passwordProblems(password, strict, 'Temporary password')).toEqual([]);
    }
  });

  it('grows to the policy minimum when that is longer, and differs every time', () => {
    expect(generateTemporaryPassword({ ...DEFAULT_PASSWORD_POLICY, minLength: 40 })).toHaveLength(40);
    const seen = new Set(Array.from({ length: 50 }, () => generateTemporaryPassword(DEFAULT_PASSWORD_POLICY)));
    expect(seen.size).toBe(50);
  });
});

describe('password length (Cognito takes at most 256 characters)', () => {
  it('refuses a longer password with the subject it speaks of', () => {
    expect(passwordProblems('x'.repeat(256), DEFAULT_PASSWORD_POLICY, 'Temporary password')).toEqual([]);
    expect(passwordProblems('x'.repeat(20_000), DEFAULT_PASSWORD_POLICY, 'Temporary password')).toEqual(['Temporary password must be at most 256 characters long']);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY } from '../../../shared/rules/password-policy';
import { changePasswordProblems } from './change-password';

const messages = (input: Parameters<typeof changePasswordProblems>[0], policy = DEFAULT_PASSWORD_POLICY) => changePasswordProblems(input, policy).map((problem) => problem.message);

describe('in-app password change form (contract §4.11)', () => {
  it('accepts a valid change', () => {
    expect(messages({ currentPassword: 'old-password', newPassword: 'new-password', confirmPassword: 'new-password' })).toEqual([]);
    expect(messages({ currentPassword: 'old-password', newPassword: 'new-password' })).toEqual([]);
  });

  it('lists every problem in the contract order', () => {
    expect(messages({ newPassword: 'short', confirmPassword: 'other' })).toEqual([
      'Current password is required',
      'New password must be at least 8 characters long',
      "New passwords don't match",
    ]);
    expect(messages({ currentPassword: 'same-password', newPassword: 'same-password' })).toEqual(['New password must be different from the current password']);
  });

  it('uses the organization policy with the "New password" wording', () => {
    const policy = { minLength: 10, requireUppercase: true, requireLowercase: false, requireNumber: true, requireSymbol: true };
    expect(messages({ currentPassword: 'x', newPassword: 'abcdefgh' }, policy)).toEqual([
      'New password must be at least 10 characters long',
      'New password must contain an uppercase letter',
      'New password must contain a number',
      'New password must contain a symbol',
    ]);
  });
});

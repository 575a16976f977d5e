import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY } from '../../../shared/rules/password-policy';
import { signupEmail, signupProblems } from './signup';

describe('sign-up fields (contract §4.2)', () => {
  it('lists every problem in field order', () => {
    expect(signupProblems({}, DEFAULT_PASSWORD_POLICY).map((problem) => problem.message)).toEqual([
      'Full name is required',
      'Email is required',
      'Password is required',
      'Please accept the terms and conditions',
    ]);
    expect(signupProblems({ fullName: 'x'.repeat(256), email: 'not-an-email', password: 'short', termsAccepted: 'yes' }, DEFAULT_PASSWORD_POLICY)).toEqual([
      { field: 'fullName', message: 'Full name must be at most 255 characters' },
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'password', message: 'Password must be at least 8 characters long' },
      { field: 'termsAccepted', message: 'Please accept the terms and conditions' },
    ]);
  });

  it('judges the password by the target organization policy', () => {
    const policy = { ...DEFAULT_PASSWORD_POLICY, minLength: 12, requireNumber: true };
    expect(signupProblems({ fullName: 'Ann', email: 'ann@acme.example.com', password: 'longenough', termsAccepted: true }, policy).map((problem) => problem.message)).toEqual([
      'Password must be at least 12 characters long',
      'Password must contain a number',
    ]);
  });

  it('routes only a valid email, lowercased', () => {
    expect(signupEmail({ email: '  Ann@Acme.Example.com ' })).toBe('ann@acme.example.com');
    expect(signupEmail({ email: 'nope' })).toBeUndefined();
    expect(signupEmail({ email: 42 })).toBeUndefined();
  });
});

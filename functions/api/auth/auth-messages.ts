/** Contract §4 texts, verbatim, in the order the contract lists them. */
export const AUTH_MESSAGES = {
  // §4 user resolution
  noAccount: 'No account found for this email. Ask your administrator for an invitation.',
  // §4.1
  loginFieldsRequired: 'Email and password are required',
  invalidCredentials: 'Invalid email or password',
  passwordLoginDisabled: 'Password login is disabled for your organization',
  invitationPending: 'Please complete your invitation first',
  tooManyLoginAttempts: 'Too many login attempts. Please try again later.',
  providerUnavailable: 'Identity provider unavailable',
  // §4.2
  passwordRequired: 'Password is required',
  termsRequired: 'Please accept the terms and conditions',
  signupDisabled: 'Signup is disabled for your organization. Ask your administrator for an invitation.',
  signupUnavailable: 'Signup is not available for this email address',
  accountExists: 'An account with this email already exists',
  signupFailed: 'Signup failed',
  accountCreated: 'Account created successfully!',
  // §4.4
  organizationSelectorRequired: 'One of organizationId, domain or email is required',
  // §4.5, §4.6
  tokenAndEmailRequired: 'Token and email are required',
  tokenVerificationFailed: 'Token verification failed',
  googleLoginDisabled: 'Google sign-in is disabled for your organization',
  // §4.7
  refreshTokenRequired: 'Refresh token is required',
  sessionExpired: 'Session expired',
  // §4.11
  currentPasswordRequired: 'Current password is required',
  newPasswordsDontMatch: "New passwords don't match",
  newPasswordSameAsCurrent: 'New password must be different from the current password',
  currentPasswordIncorrect: 'Current password is incorrect',
  googleOnlyPasswordChange: 'Password change is not available for accounts that sign in with Google only',
  passwordChanged: 'Password changed successfully',
  // §4.12
  emailRequired: 'Email is required',
  ownPasswordOnly: 'You can only reset your own password',
  googleOnlyPasswordReset: 'Password reset is not available for accounts that sign in with Google only',
  resetUrlFailed: 'Failed to get password reset URL',
  // §4.13
  userIdRequired: 'User ID is required',
  userNotFound: 'User not found',
  passwordReset: 'Password reset successfully',
} as const;

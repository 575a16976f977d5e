/**
 * The identity port: the Cognito user pool in the cloud, the embedded OpenID Connect issuer locally.
 * The backend never mints its own tokens (contract §1.2); it asks the provider and verifies what the
 * provider issued with aws-jwt-verify.
 */
export interface ProviderTokens {
  accessToken: string;
  idToken: string;
  refreshToken: string | null;
  /** Seconds until the access token expires. */
  expiresIn: number;
}

export interface VerifiedToken {
  sub: string;
  tokenUse: 'access' | 'id';
  /** Always present: a token without one is refused, since it could not be denylisted at logout. */
  jti: string;
  /** Epoch seconds. */
  exp: number;
  /** Epoch seconds of the sign-in, where the provider states it. */
  authTime?: number;
  email?: string;
  emailVerified?: boolean;
  /** "password" or "google": which login the token came from. */
  identityProvider: 'password' | 'google';
  nonce?: string;
}

/** The token is malformed, badly signed, expired, for another client or issuer. */
export class InvalidTokenError extends Error {}
/** Wrong email or password (never says which). */
export class InvalidCredentialsError extends Error {}
/** Another provider account already signs in with that email. */
export class AccountEmailTakenError extends Error {}
/**
 * The email is locked out after too many wrong passwords (contract §1.8): refused whatever the
 * password, so the answer says nothing about it.
 */
export class LoginLockedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many login attempts');
  }
}
/** The provider could not be reached or answered unexpectedly. */
export class IdentityUnavailableError extends Error {}

export interface NewAccount {
  email: string;
  password: string;
  fullName: string;
}

/** What the web client needs to start the hosted sign-in (runtime-config.json). */
export interface OidcClientSettings {
  authority: string;
  clientId: string;
  scope: string;
  /** Where the hosted reset-password page lives. */
  resetPasswordUrl: string;
  /** Where the provider signs the browser out (Cognito has no end_session in discovery). */
  logoutUrl?: string;
}

export interface IdentityPort {
  readonly adapter: 'cognito' | 'embedded';
  /** Verifies an access or ID token issued to the web client. Throws InvalidTokenError. */
  verify(token: string): Promise<VerifiedToken>;
  /**
   * Password grant for scripts and tests (contract §4.1). Throws InvalidCredentialsError,
   * LoginLockedError or IdentityUnavailableError. Like every password check of the port, it counts
   * toward the email's lockout (functions/domain/rate-limits/password-attempts.ts).
   */
  passwordSignIn(email: string, password: string): Promise<ProviderTokens>;
  /** Throws InvalidTokenError for an invalid, expired or revoked refresh token. */
  refresh(refreshToken: string): Promise<ProviderTokens>;
  revokeRefreshToken(refreshToken: string): Promise<void>;
  /** Signs the subject out everywhere: every refresh token is revoked. */
  revokeAllSessions(sub: string): Promise<void>;
  /** Creates a provider account with a permanent password; returns the provider subject. */
  createAccount(account: NewAccount): Promise<{ sub: string }>;
  /**
   * Creates an account whose temporary password the provider mails to it, the new user choosing
   * their own at first sign-in (the first system administrator of a cloud deployment). An account
   * that already exists is returned as it is. Only a provider that sends mail has it; the local
   * seed sets passwords with createAccount.
   */
  inviteAccount?(account: Omit<NewAccount, 'password'>): Promise<{ sub: string }>;
  /** Sets a permanent password. */
  setPassword(sub: string, password: string): Promise<void>;
  /** Moves the account to a new sign-in email (admin edit, §7.5). Throws AccountEmailTakenError. */
  updateEmail(sub: string, email: string): Promise<void>;
  /** Whether the password is the account's current one (in-app change, §4.11). Counts toward the lockout; throws LoginLockedError. */
  checkPassword(sub: string, password: string): Promise<boolean>;
  deleteAccount(sub: string): Promise<void>;
  clientSettings(): OidcClientSettings;
  ping(): Promise<void>;
}

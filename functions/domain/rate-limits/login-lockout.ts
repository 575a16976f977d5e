/** Failed password logins of one email (contract §1.8): the state one counter item holds. */
export interface LoginFailures {
  failures: number;
  /** Epoch seconds: failures count within `lockoutMinutes` of the first one. */
  windowEndsAt: number;
  /** Epoch seconds: set once `maxLoginAttempts` failures fall in one window. */
  lockedUntil?: number;
}

export interface LockoutPolicy {
  maxLoginAttempts: number;
  lockoutMinutes: number;
}

/**
 * The state after one more failure. A failure after the window has passed starts a new window, so
 * only `maxLoginAttempts` failures within `lockoutMinutes` lock the email, for `lockoutMinutes`.
 */
export function afterFailure(previous: LoginFailures | undefined, nowSeconds: number, policy: LockoutPolicy): LoginFailures {
  const windowSeconds = policy.lockoutMinutes * 60;
  const fresh = !previous || previous.windowEndsAt <= nowSeconds;
  const failures = fresh ? 1 : previous.failures + 1;
  const windowEndsAt = fresh ? nowSeconds + windowSeconds : previous.windowEndsAt;
  if (failures >= policy.maxLoginAttempts) return { failures, windowEndsAt, lockedUntil: nowSeconds + windowSeconds };
  return fresh || previous.lockedUntil === undefined ? { failures, windowEndsAt } : { failures, windowEndsAt, lockedUntil: previous.lockedUntil };
}

/** Seconds the email stays locked, 0 when it is not. */
export function lockedForSeconds(state: LoginFailures | undefined, nowSeconds: number): number {
  if (state?.lockedUntil === undefined) return 0;
  return Math.max(0, Math.ceil(state.lockedUntil - nowSeconds));
}

import { ApiError } from '../api/client';

/** What the session does when §4.5 verification of the provider token fails. */
export type VerificationFailureAction = { kind: 'retry'; afterMs: number } | { kind: 'signOut'; reason: string };

/** Without a Retry-After: 2 s, doubling, at most a minute apart. */
const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 60_000;

/**
 * Only an answer about the token itself ends the session (401, 403, a bad answer). A 429, a 5xx or
 * an unreachable server says nothing about it: signing out on those turned a busy minute behind
 * one office address into everyone signed out. The session is kept and verification tried again,
 * after the server's Retry-After when it sent one.
 */
export function actionForVerificationFailure(error: unknown, attempt: number): VerificationFailureAction {
  if (error instanceof ApiError && (error.status === 429 || error.status >= 500 || error.status === 0)) {
    const backoff = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt));
    const afterMs = error.retryAfterSeconds !== undefined ? Math.max(1_000, error.retryAfterSeconds * 1000) : backoff;
    return { kind: 'retry', afterMs };
  }
  return { kind: 'signOut', reason: error instanceof Error && error.message ? error.message : 'Token verification failed' };
}

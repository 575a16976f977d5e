import { ApiError } from './client';

/** The message to show for a failed call: the server's (contract §1.4), else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Spec 01 §8: in profile and password flows a 401 or 403 means the session is no longer good. */
export function isSessionError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** Contract §1.4: a VALIDATION_ERROR's `details`, as field → message (the first message per field). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const result: Record<string, string> = {};
  for (const item of error.details as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { field, message } = item as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && typeof message === 'string' && !(field in result)) result[field] = message;
  }
  return result;
}

/**
 * Where a signed-out user was going when the guard sent them to /login (spec 01 §2.1). Session storage:
 * it belongs to this tab's sign-in only, and logout clears it with everything else.
 */
const RETURN_PATH_KEY = 'groundwork.returnTo';

export function rememberReturnPath(path: string): void {
  try {
    sessionStorage.setItem(RETURN_PATH_KEY, path);
  } catch {
    // Storage can be unavailable (private mode quotas); the user then lands on the role's home page.
  }
}

export function readReturnPath(): string | undefined {
  try {
    return sessionStorage.getItem(RETURN_PATH_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function clearReturnPath(): void {
  try {
    sessionStorage.removeItem(RETURN_PATH_KEY);
  } catch {
    // See rememberReturnPath.
  }
}

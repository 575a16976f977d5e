import { normalizeRole, ROLES, type Role } from '../../../shared/auth/roles';
import { ApiError, type ApiFetch } from '../api/client';

/** The product user the shell works with (contract §2 User, reduced to what the client reads). */
export interface ProductUser {
  id: string;
  email: string;
  fullName: string;
  role: Role;
  isSystemOrg: boolean;
  organizationId: string | undefined;
  /** The user exactly as the server sent it, for pages that need more fields. */
  raw: Record<string, unknown>;
}

/**
 * Spec 01 §3: the role may arrive as text or as a list, and a missing role reads as user. From a list
 * the most privileged role wins, so a list that contains an admin role keeps the admin shell.
 */
export function readRole(value: unknown): Role {
  if (Array.isArray(value)) {
    const roles = value.map(normalizeRole);
    return ROLES.find((role) => roles.includes(role)) ?? 'user';
  }
  return normalizeRole(value);
}

export function toProductUser(raw: unknown): ProductUser {
  const user = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const text = (...values: unknown[]) => values.find((v): v is string => typeof v === 'string' && v !== '');
  return {
    id: text(user.id) ?? '',
    email: text(user.email) ?? '',
    fullName: text(user.fullName, user.full_name) ?? '',
    role: readRole(user.role),
    isSystemOrg: user.isSystemOrg === true || user.is_system_org === true,
    organizationId: text(user.organizationId, user.organization_id),
    raw: user,
  };
}

export function firstNameOf(user: Pick<ProductUser, 'fullName' | 'email'>): string {
  const first = user.fullName.trim().split(/\s+/)[0];
  return first || user.email.split('@')[0] || '';
}

export function initialsOf(user: Pick<ProductUser, 'fullName' | 'email'>): string {
  const parts = user.fullName.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 0 ? parts.slice(0, 2).map((p) => p[0]) : [user.email[0] ?? '?'];
  return letters.join('').toUpperCase();
}

export interface VerifyTokenAnswer {
  token: string;
  user: ProductUser;
}

/**
 * Contract §4.5: exchanges the provider's token for the product user. The provider token is passed
 * explicitly because no session exists yet, and a 401 here is final (a public endpoint).
 */
export async function verifyProviderToken(apiFetch: ApiFetch, accessToken: string | undefined, email: string | undefined): Promise<VerifyTokenAnswer> {
  if (!accessToken || !email) throw new ApiError('Token and email are required', 400, 'VALIDATION_ERROR');
  const answer = await apiFetch<{ token?: unknown; user?: unknown }>('/api/auth/verify-token', {
    method: 'POST',
    body: { email },
    token: accessToken,
  });
  if (!answer || typeof answer !== 'object' || typeof answer.token !== 'string' || !answer.user || typeof answer.user !== 'object') {
    throw new Error('Invalid response format');
  }
  return { token: answer.token, user: toProductUser(answer.user) };
}

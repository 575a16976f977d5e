/** The four product roles (contract §1.3). */
export const ROLES = ['system_admin', 'admin', 'user', 'rag_user'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The words a route's "Roles" line uses (contract §1.3). Finer rules (own organization, owner,
 * group access) are checked by the domain services, which know the resource.
 */
export type RoleWord = 'any' | 'member' | 'admin' | 'system_admin';

/** A role is one lowercase string compared case-insensitively; a missing role reads as `user`. */
export function normalizeRole(value: unknown): Role {
  if (typeof value !== 'string' || value.trim() === '') return 'user';
  const lowered = value.trim().toLowerCase();
  return (ROLES as readonly string[]).includes(lowered) ? (lowered as Role) : 'user';
}

export interface RoleSubject {
  role: Role;
  isSystemOrg: boolean;
}

/** Inside the system organization a system_admin is that organization's admin (§1.3, §25 item 29). */
function isSystemOrganizationAdmin(subject: RoleSubject): boolean {
  return subject.role === 'system_admin' && subject.isSystemOrg;
}

/** Whether a caller passes one role word; `member` is admin or user, so it takes the system organization's admin too. */
export function satisfiesRoleWord(word: RoleWord, subject: RoleSubject): boolean {
  switch (word) {
    case 'any':
      return true;
    case 'member':
      return subject.role === 'admin' || subject.role === 'user' || isSystemOrganizationAdmin(subject);
    case 'admin':
      return subject.role === 'admin' || isSystemOrganizationAdmin(subject);
    case 'system_admin':
      return subject.role === 'system_admin';
  }
}

/** A route allows a caller when any of its role words is satisfied. */
export function isRoleAllowed(words: readonly RoleWord[], subject: RoleSubject): boolean {
  return words.some((word) => satisfiesRoleWord(word, subject));
}

/** Spec 01 §2.2: any role containing the word admin gets the sidebar. */
export function hasAdminShell(role: Role): boolean {
  return role.includes('admin');
}

import type { Role } from '../../../shared/auth/roles';

/** The accounts a seed creates: the system administrator, and a demo company's admin, user and rag_user. */
export const SEED_ROLES = ['SYSTEM_ADMIN', 'ADMIN', 'USER', 'RAG_USER'] as const;
export type SeedRole = (typeof SEED_ROLES)[number];

export const SEED_ROLE_OF: Record<SeedRole, Role> = { SYSTEM_ADMIN: 'system_admin', ADMIN: 'admin', USER: 'user', RAG_USER: 'rag_user' };

export const SEED_NAMES: Record<SeedRole, string> = {
  SYSTEM_ADMIN: 'System Administrator',
  ADMIN: 'Avery Admin',
  USER: 'Uma User',
  RAG_USER: 'Riley Chat',
};

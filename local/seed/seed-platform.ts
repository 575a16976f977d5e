import { seedPlatform as seedPlatformDomain, type SeedResult } from '../../functions/domain/seed/platform-seed';
import { SEED_ROLES, type SeedRole } from '../../functions/domain/seed/seed-roles';
import type { Ports } from '../../functions/contracts/ports/ports';
import type { SeedCredentials } from './seed-credentials';

export type { SeedResult } from '../../functions/domain/seed/platform-seed';

export interface SeedOptions {
  credentials: SeedCredentials;
  /** Roles whose password came from GROUNDWORK_SEED_<ROLE>_PASSWORD. */
  passwordFromEnvironment: Partial<Record<SeedRole, boolean>>;
  /** Finds an existing provider account, so a seed interrupted between its steps can resume. */
  findAccountSub(email: string): Promise<string | undefined>;
}

/**
 * The local first-run seed: the domain's (functions/domain/seed/platform-seed.ts, whose system part
 * the cloud's first sign-in runs too), with the local accounts' passwords from seed-credentials.
 */
export function seedPlatform(ports: Ports, options: SeedOptions): Promise<SeedResult> {
  const { credentials } = options;
  const emails = Object.fromEntries(SEED_ROLES.map((role) => [role, credentials[role].email])) as Record<SeedRole, string>;
  return seedPlatformDomain(ports, emails, {
    accountFor: async (role, account) =>
      (await options.findAccountSub(account.email)) ?? (await ports.identity.createAccount({ ...account, password: credentials[role].password })).sub,
    existing: async (role, user) => {
      // A password given in the environment is the operator's word: it wins over one set earlier.
      if (options.passwordFromEnvironment[role] && user.subject) await ports.identity.setPassword(user.subject, credentials[role].password);
    },
  });
}

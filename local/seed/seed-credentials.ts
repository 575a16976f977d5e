import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { SEED_ROLES, type SeedRole } from '../../functions/domain/seed/seed-roles';

export { SEED_ROLES, type SeedRole } from '../../functions/domain/seed/seed-roles';

/** Documented default sign-ins (README); passwords are generated on the first run, never shipped. */
export const DEFAULT_SEED_EMAILS: Record<SeedRole, string> = {
  SYSTEM_ADMIN: 'sysadmin@groundwork.example.com',
  ADMIN: 'admin@demo.example.com',
  USER: 'user@demo.example.com',
  RAG_USER: 'rag@demo.example.com',
};

export type SeedCredentials = Record<SeedRole, { email: string; password: string }>;

const ALPHABETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '-_.!'];

/** 16 characters with every class, so any organization password policy accepts it. */
export function generatePassword(length = 16): string {
  const all = ALPHABETS.join('');
  const chars = ALPHABETS.map((alphabet) => alphabet[randomInt(alphabet.length)] as string);
  while (chars.length < length) chars.push(all[randomInt(all.length)] as string);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

/**
 * Sign-ins from GROUNDWORK_SEED_<ROLE>_EMAIL / _PASSWORD when set; otherwise the defaults, with
 * passwords generated once and kept in `file` (under .data/, which `npm run reset` wipes).
 */
export function resolveSeedCredentials(file: string, env: NodeJS.ProcessEnv = process.env): SeedCredentials {
  const stored: Partial<SeedCredentials> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const resolved = Object.fromEntries(
    SEED_ROLES.map((role) => [
      role,
      {
        email: (env[`GROUNDWORK_SEED_${role}_EMAIL`] || stored[role]?.email || DEFAULT_SEED_EMAILS[role]).trim().toLowerCase(),
        password: env[`GROUNDWORK_SEED_${role}_PASSWORD`] || stored[role]?.password || generatePassword(),
      },
    ]),
  ) as SeedCredentials;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(resolved, null, 2)}\n`, { mode: 0o600 });
  return resolved;
}

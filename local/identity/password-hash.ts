import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes as `scrypt$N$r$p$salt$hash` (salt and hash base64), so the cost parameters travel
 * with each hash and can be raised later without breaking existing accounts.
 */
const N = 16_384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem above 128*N*r*p so that raised parameters in stored hashes still run.
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(password, salt, { N, r: R, p: P }, KEY_LENGTH);
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): ParsedHash | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return undefined;
  const parsed = { N: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
  if (![parsed.N, parsed.r, parsed.p].every(Number.isSafeInteger) || parsed.hash.length === 0) return undefined;
  return parsed;
}

export async function verifyPasswordHash(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, { N: parsed.N, r: parsed.r, p: parsed.p }, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
}

let decoy: Promise<string> | undefined;

/**
 * Spends the same scrypt work as a real check, for an unknown email, so response time does not
 * reveal whether an account exists.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  decoy ??= hashPassword('decoy-password-for-unknown-accounts');
  await verifyPasswordHash(password, await decoy);
  return false;
}

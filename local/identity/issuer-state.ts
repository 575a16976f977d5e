import { generateKeyPairSync, randomBytes, randomUUID, type JsonWebKey } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The issuer's secrets, created on first run and kept in the state directory so that tokens,
 * cookies and the API client survive a restart.
 */
export interface SigningJwk extends JsonWebKey {
  kid: string;
  alg: 'RS256';
  use: 'sig';
  kty: 'RSA';
}

export interface IssuerState {
  /** Private signing keys (oidc-provider's `jwks`). */
  jwks: { keys: SigningJwk[] };
  /** Keys that sign the provider's cookies (Koa keygrip). */
  cookieKeys: string[];
  /** The confidential client used by the API's own password sign-in. */
  apiClientSecret: string;
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

/** A type alias, not an interface, so it stays assignable to aws-jwt-verify's JSON object type. */
export type PublicJwk = {
  kid: string;
  alg: 'RS256';
  use: 'sig';
  kty: 'RSA';
  n: string;
  e: string;
};

export function publicJwks(jwks: { keys: SigningJwk[] }): { keys: PublicJwk[] } {
  return {
    keys: jwks.keys.map((key) => {
      const copy: Record<string, unknown> = { ...key };
      for (const member of PRIVATE_MEMBERS) delete copy[member];
      return copy as unknown as PublicJwk;
    }),
  };
}

function newSigningKey(): SigningJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig', kty: 'RSA' };
}

/**
 * Reads the file, or writes the generated value when there is none. `wx` makes a second process
 * starting at the same time read the winner's file instead of overwriting it.
 */
async function readOrCreate<T>(file: string, create: () => T): Promise<T> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const value = create();
  try {
    await writeFile(file, `${JSON.stringify(value, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(await readFile(file, 'utf8')) as T;
  }
}

export async function loadIssuerState(stateDir: string): Promise<IssuerState> {
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  const jwks = await readOrCreate(path.join(stateDir, 'jwks.json'), () => ({ keys: [newSigningKey()] }));
  const cookieKeys = await readOrCreate(path.join(stateDir, 'cookie-keys.json'), () => [
    randomBytes(32).toString('base64url'),
  ]);
  const apiClient = await readOrCreate(path.join(stateDir, 'api-client.json'), () => ({
    clientSecret: randomBytes(32).toString('base64url'),
  }));
  if (!Array.isArray(jwks.keys) || jwks.keys.length === 0) throw new Error(`${stateDir}/jwks.json holds no keys`);
  if (!Array.isArray(cookieKeys) || cookieKeys.length === 0) throw new Error(`${stateDir}/cookie-keys.json holds no keys`);
  return { jwks, cookieKeys, apiClientSecret: apiClient.clientSecret };
}

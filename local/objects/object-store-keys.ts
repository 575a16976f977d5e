import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface ObjectStoreKeys {
  accessKeyId: string;
  secretAccessKey: string;
}

/** Beside the other local keys, under the data directory (README, "Where data lives"). */
export function objectStoreKeysPath(dataDir: string): string {
  return join(dataDir, 'secrets', 'object-store-keys.json');
}

/**
 * The one key pair the embedded object store accepts, made on the first start of an install. s3rver's
 * built-in S3RVER/S3RVER pair is printed in its README, so anyone reaching the port could have used
 * it. `wx` makes creation exclusive (two processes starting together agree on one pair); mode 0600
 * keeps it to the operator's account.
 */
export function loadOrCreateObjectStoreKeys(dataDir: string): ObjectStoreKeys {
  const file = objectStoreKeysPath(dataDir);
  try {
    return checkedKeys(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const fresh: ObjectStoreKeys = {
    // The S3 shape: 20 upper-case characters, then 40 of secret.
    accessKeyId: `GWLOCAL${randomBytes(10).toString('hex').toUpperCase().slice(0, 13)}`,
    secretAccessKey: randomBytes(30).toString('base64url'),
  };
  try {
    writeFileSync(file, `${JSON.stringify(fresh, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return checkedKeys(readFileSync(file, 'utf8'), file);
}

function checkedKeys(text: string, file: string): ObjectStoreKeys {
  const parsed = JSON.parse(text) as Partial<ObjectStoreKeys>;
  if (typeof parsed.accessKeyId !== 'string' || typeof parsed.secretAccessKey !== 'string' || !parsed.accessKeyId || parsed.secretAccessKey.length < 20) {
    throw new Error(`${file} does not hold an object store key pair; delete it to have a new one made at the next start`);
  }
  return { accessKeyId: parsed.accessKeyId, secretAccessKey: parsed.secretAccessKey };
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { canonicalContext, type SecretContext, type SecretsPort } from '../../functions/contracts/ports/secrets';

const PREFIX = 'local:v1:';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Where the key lives under the runtime's data directory. */
export function localKeyPath(dataDir: string): string {
  return join(dataDir, 'secrets', 'local-secrets.key');
}

/**
 * Reads the key, creating it on first use. `wx` makes creation exclusive, so two processes
 * starting together cannot each write a different key and lose secrets encrypted with the other.
 * Mode 0600: only the operator's account may read it.
 */
function loadOrCreateKey(file: string): Buffer {
  try {
    return checkedKey(readFileSync(file), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomBytes(KEY_BYTES), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return checkedKey(readFileSync(file), file);
}

function checkedKey(key: Buffer, file: string): Buffer {
  if (key.length !== KEY_BYTES) throw new Error(`${file} is not a ${KEY_BYTES}-byte key; restore it from a backup (secrets encrypted with it are unreadable otherwise)`);
  return key;
}

/**
 * The self-hosted adapter: AES-256-GCM with a key file under the data directory; the context is
 * the GCM additional data. Losing the file loses the secrets (users re-enter them); `npm run
 * reset` removes it along with everything else.
 */
export function createLocalKeySecrets(options: { dataDir: string }): SecretsPort {
  const file = localKeyPath(options.dataDir);
  let key: Buffer | undefined;
  const currentKey = () => (key ??= loadOrCreateKey(file));
  return {
    adapter: 'local-key',
    async encrypt(plain: string, context: SecretContext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', currentKey(), iv);
      cipher.setAAD(Buffer.from(canonicalContext(context), 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    async decrypt(text: string, context: SecretContext) {
      if (!text.startsWith(PREFIX)) throw new Error('Not a local-key secret');
      const packed = Buffer.from(text.slice(PREFIX.length), 'base64');
      if (packed.length < IV_BYTES + TAG_BYTES) throw new Error('Secret is truncated');
      const decipher = createDecipheriv('aes-256-gcm', currentKey(), packed.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(canonicalContext(context), 'utf8'));
      decipher.setAuthTag(packed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(packed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

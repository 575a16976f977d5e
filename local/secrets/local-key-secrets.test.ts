import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalKeySecrets, localKeyPath } from './local-key-secrets';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'groundwork-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const context = { organizationId: 'org_1', userId: 'usr_1', purpose: 'storage-credentials' };

describe('local key secrets', () => {
  it('creates a 32-byte key readable by the owner only, on first use', async () => {
    const dataDir = freshDir();
    const secrets = createLocalKeySecrets({ dataDir });
    const cipher = await secrets.encrypt('minio-secret', context);
    const key = localKeyPath(dataDir);
    expect(readFileSync(key)).toHaveLength(32);
    expect(statSync(key).mode & 0o777).toBe(0o600);
    expect(cipher.startsWith('local:v1:')).toBe(true);
    expect(cipher).not.toContain('minio-secret');
    expect(await secrets.decrypt(cipher, context)).toBe('minio-secret');
  });

  it('uses a fresh IV every time and keeps working across instances on the same key', async () => {
    const dataDir = freshDir();
    const first = createLocalKeySecrets({ dataDir });
    const a = await first.encrypt('same', context);
    const b = await first.encrypt('same', context);
    expect(a).not.toBe(b);
    expect(await createLocalKeySecrets({ dataDir }).decrypt(a, context)).toBe('same');
  });

  it('binds the context: another user, a tampered byte or another key does not decrypt', async () => {
    const dataDir = freshDir();
    const secrets = createLocalKeySecrets({ dataDir });
    const cipher = await secrets.encrypt('bound', context);
    await expect(secrets.decrypt(cipher, { ...context, userId: 'usr_2' })).rejects.toThrow();
    const packed = Buffer.from(cipher.slice('local:v1:'.length), 'base64');
    packed[packed.length - 1] = (packed[packed.length - 1] as number) ^ 1;
    await expect(secrets.decrypt(`local:v1:${packed.toString('base64')}`, context)).rejects.toThrow();
    await expect(createLocalKeySecrets({ dataDir: freshDir() }).decrypt(cipher, context)).rejects.toThrow();
  });

  it('refuses a damaged key file instead of silently making a new one', async () => {
    const dataDir = freshDir();
    await createLocalKeySecrets({ dataDir }).encrypt('x', context);
    writeFileSync(localKeyPath(dataDir), 'short');
    await expect(createLocalKeySecrets({ dataDir }).encrypt('x', context)).rejects.toThrow('is not a 32-byte key');
  });
});

import { describe, expect, it } from 'vitest';
import { ContractError } from '../../contracts/contract-error';
import { isValidBucketName, parseCredentialsInput } from './storage-credentials-input';
import type { StorageCredentialsRecord } from './storage-credentials-repository';

const stored: StorageCredentialsRecord = {
  organization_id: 'org_1',
  user_id: 'usr_1',
  endpoint: 'https://minio.example.com',
  access_key: 'minio',
  secret_key_cipher: 'local:v1:xx',
  secret_key_last4: 'cret',
  bucket: 'my-bucket',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

async function problems(body: unknown, current?: StorageCredentialsRecord): Promise<string> {
  const error = await parseCredentialsInput(body, current).catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(ContractError);
  return (error as ContractError).message;
}

describe('storage credentials input (§11.2)', () => {
  it('needs every field on the first save, in the contract order', async () => {
    expect(await problems({})).toBe(['Endpoint must be a valid URL', 'Access key is required', 'Secret key is required', 'Bucket name is invalid'].join('\n'));
    expect(await problems({ endpoint: 'http://x', accessKey: 'a', secretKey: '********abcd', bucket: 'ok-bucket' })).toBe('Secret key is required');
    expect(await problems({ endpoint: 'http://x', accessKey: 'a'.repeat(129), secretKey: 's'.repeat(257), bucket: 'ok-bucket' })).toBe(
      'Access key must be at most 128 characters\nSecret key must be at most 256 characters',
    );
  });

  it('keeps stored values for omitted fields and for a masked secret', async () => {
    expect(await parseCredentialsInput({ secretKey: '********cret' }, stored)).toEqual({ endpoint: 'https://minio.example.com', accessKey: 'minio', newSecretKey: undefined, bucket: 'my-bucket' });
    expect(await parseCredentialsInput({ bucket: 'other-bucket', secretKey: 'new-secret' }, stored)).toMatchObject({ bucket: 'other-bucket', newSecretKey: 'new-secret' });
  });

  it('follows S3 bucket naming', () => {
    for (const name of ['abc', 'my.bucket-1', 'a'.repeat(63)]) expect(isValidBucketName(name), name).toBe(true);
    for (const name of ['ab', 'a'.repeat(64), 'My-Bucket', '-abc', 'abc-', 'a..b', '192.168.1.1', 'under_score']) expect(isValidBucketName(name), name).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { isValidBucketName, saveStorageCredentialsRequestSchema, type StorageCredentialsContext } from './storage-credentials';

type Stored = NonNullable<StorageCredentialsContext['stored']>;

const stored: Stored = { endpoint: 'https://minio.example.com', access_key: 'minio', bucket: 'my-bucket' };

/** The server's outbound check, as far as these cases need it: an http(s) URL passes. */
async function urlProblem(value: unknown): Promise<string | undefined> {
  if (typeof value !== 'string') return 'invalid';
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol) ? undefined : 'invalid';
  } catch {
    return 'invalid';
  }
}

const schema = (current?: Stored) => saveStorageCredentialsRequestSchema({ stored: current, urlProblem });

async function parseCredentialsInput(body: unknown, current?: Stored) {
  return schema(current).parseAsync(body);
}

/** The messages as the API joins them (§1.4). */
async function problems(body: unknown, current?: Stored): Promise<string> {
  const parsed = await schema(current).safeParseAsync(body);
  expect(parsed.success).toBe(false);
  return parsed.error?.issues.map((issue) => issue.message).join('\n') ?? '';
}

describe('the storage credentials body (§11.2)', () => {
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

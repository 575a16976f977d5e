import { describe, expect, it } from 'vitest';
import { canSave, canTestConnection, credentialsBody, formFromCredentials, INVALID_CREDENTIALS_FILE, parseCredentialsFile } from './storage-credentials';

describe('credentials file', () => {
  it('reads url, accessKey and secretKey', () => {
    const text = JSON.stringify({ url: 'http://minio.local:9000', accessKey: 'AK', secretKey: 'SK', api: 's3v4', path: 'auto' });
    expect(parseCredentialsFile(text)).toEqual({ endpoint: 'http://minio.local:9000', accessKey: 'AK', secretKey: 'SK' });
  });

  it("gives the spec's text for anything that is not such a file", () => {
    expect(INVALID_CREDENTIALS_FILE).toBe('Invalid JSON data-source format. Please check the data-source and try again.');
    for (const text of ['{not json', '[1,2]', '"text"', '{"bucket":"x"}', '']) {
      expect(() => parseCredentialsFile(text)).toThrow(INVALID_CREDENTIALS_FILE);
    }
  });
});

describe('masked secret', () => {
  const stored = { configured: true, endpoint: 'https://s3.example.com', accessKey: 'AK', secretKey: '********wxyz', bucket: 'team-docs' };

  it('sends the masked secret back unchanged, which keeps the stored one', () => {
    const form = formFromCredentials(stored);
    expect(credentialsBody(form)).toEqual({ endpoint: 'https://s3.example.com', accessKey: 'AK', secretKey: '********wxyz', bucket: 'team-docs' });
  });

  it('sends a newly typed secret, and leaves an emptied one out', () => {
    expect(credentialsBody({ ...formFromCredentials(stored), secretKey: ' new-secret ' }).secretKey).toBe('new-secret');
    expect(credentialsBody({ ...formFromCredentials(stored), secretKey: '' })).not.toHaveProperty('secretKey');
  });

  it('leaves an empty bucket out of the test', () => {
    expect(credentialsBody({ ...formFromCredentials(stored), bucket: '' }, { includeBucket: false })).not.toHaveProperty('bucket');
  });
});

describe('buttons', () => {
  const form = { endpoint: 'https://s3.example.com', accessKey: 'AK', secretKey: 'SK', bucket: '' };
  it('enables Test Connection only with endpoint, access key and secret key', () => {
    expect(canTestConnection(form)).toBe(true);
    expect(canTestConnection({ ...form, secretKey: ' ' })).toBe(false);
    expect(canTestConnection({ ...form, endpoint: '' })).toBe(false);
  });
  it('needs a secret to save only when none is stored', () => {
    expect(canSave({ ...form, bucket: 'b-1', secretKey: '' }, true)).toBe(true);
    expect(canSave({ ...form, bucket: 'b-1', secretKey: '' }, false)).toBe(false);
    expect(canSave(form, true)).toBe(false);
  });
});

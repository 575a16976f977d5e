import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { createKmsSecrets } from './kms-secrets';

describe('KMS secrets adapter', () => {
  const context = { organizationId: 'org_1', userId: 'usr_1', purpose: 'storage-credentials' };

  it('encrypts with the key and the context, and decrypts with both', async () => {
    const kms = mockClient(KMSClient);
    kms.on(EncryptCommand).resolves({ CiphertextBlob: new Uint8Array([1, 2, 3]) });
    kms.on(DecryptCommand).resolves({ Plaintext: new TextEncoder().encode('s3cr3t') });
    const secrets = createKmsSecrets({ keyId: 'alias/groundwork-secrets', client: new KMSClient({ region: 'eu-west-1' }) });

    const cipher = await secrets.encrypt('s3cr3t', context);
    expect(cipher).toBe(`kms:v1:${Buffer.from([1, 2, 3]).toString('base64')}`);
    expect(kms.commandCalls(EncryptCommand)[0]?.args[0].input).toMatchObject({ KeyId: 'alias/groundwork-secrets', EncryptionContext: context });
    expect(Buffer.from(kms.commandCalls(EncryptCommand)[0]?.args[0].input.Plaintext as Uint8Array).toString()).toBe('s3cr3t');

    expect(await secrets.decrypt(cipher, context)).toBe('s3cr3t');
    const decrypt = kms.commandCalls(DecryptCommand)[0]?.args[0].input;
    expect(decrypt?.EncryptionContext).toEqual(context);
    expect(Buffer.from(decrypt?.CiphertextBlob as Uint8Array)).toEqual(Buffer.from([1, 2, 3]));
  });

  it('refuses a ciphertext of another scheme without calling KMS', async () => {
    const kms = mockClient(KMSClient);
    const secrets = createKmsSecrets({ keyId: 'k', client: new KMSClient({ region: 'eu-west-1' }) });
    await expect(secrets.decrypt('local:v1:AAAA', context)).rejects.toThrow('Not a KMS secret');
    expect(kms.commandCalls(DecryptCommand)).toHaveLength(0);
  });

  it('passes a KMS refusal (wrong context) on', async () => {
    const kms = mockClient(KMSClient);
    kms.on(DecryptCommand).rejects(Object.assign(new Error('InvalidCiphertextException'), { name: 'InvalidCiphertextException' }));
    const secrets = createKmsSecrets({ keyId: 'k', client: new KMSClient({ region: 'eu-west-1' }) });
    await expect(secrets.decrypt('kms:v1:AQID', { ...context, userId: 'usr_2' })).rejects.toThrow('InvalidCiphertextException');
  });
});

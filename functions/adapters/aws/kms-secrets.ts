import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { canonicalContext, type SecretContext, type SecretsPort } from '../../contracts/ports/secrets';

export interface KmsSecretsOptions {
  /** Key id, ARN or alias of the symmetric key the stack creates for product secrets. */
  keyId: string;
  client?: KMSClient;
}

/** Marks the format, so a later change of scheme can still read what was stored before it. */
const PREFIX = 'kms:v1:';

/**
 * KMS adapter: each secret is one Encrypt call (secrets here are far below KMS's 4 KB plaintext
 * limit, so no envelope key is needed) with the context as KMS encryption context, which KMS
 * checks on Decrypt and records in CloudTrail.
 */
export function createKmsSecrets(options: KmsSecretsOptions): SecretsPort {
  const client = options.client ?? new KMSClient({});
  return {
    adapter: 'kms',
    async encrypt(plain: string, context: SecretContext) {
      const { CiphertextBlob } = await client.send(
        new EncryptCommand({ KeyId: options.keyId, Plaintext: Buffer.from(plain, 'utf8'), EncryptionContext: context }),
      );
      if (!CiphertextBlob) throw new Error('KMS returned no ciphertext');
      return `${PREFIX}${Buffer.from(CiphertextBlob).toString('base64')}`;
    },
    async decrypt(cipher: string, context: SecretContext) {
      if (!cipher.startsWith(PREFIX)) throw new Error(`Not a KMS secret (context ${canonicalContext(context)})`);
      const { Plaintext } = await client.send(
        new DecryptCommand({ KeyId: options.keyId, CiphertextBlob: Buffer.from(cipher.slice(PREFIX.length), 'base64'), EncryptionContext: context }),
      );
      if (!Plaintext) throw new Error('KMS returned no plaintext');
      return Buffer.from(Plaintext).toString('utf8');
    },
  };
}

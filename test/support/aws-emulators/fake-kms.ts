import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { listenOnLoopback, type LoopbackServer } from '../loopback-server';
import { readJson, replyJson } from './json-exchange';

export interface FakeKms {
  /** For AWS_ENDPOINT_URL_KMS. */
  endpoint: string;
  /** Operations served, in order (`Encrypt`, `Decrypt`, `GenerateDataKey`). */
  calls: string[];
  stop(): Promise<void>;
}

const JSON_11 = 'application/x-amz-json-1.1';

/** KMS binds a ciphertext to its encryption context: the same pairs, in any order, decrypt it. */
function contextDigest(context: unknown): Buffer {
  const pairs = Object.entries((context ?? {}) as Record<string, string>).sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(pairs)).digest();
}

/**
 * KMS in its JSON 1.1 shape (`X-Amz-Target: TrentService.<Operation>`) for the operations the secrets
 * adapter and data-key users call. One AES-256-GCM key stands in for the stack's customer key; the
 * encryption context is the GCM additional data, so a wrong context fails as KMS's
 * InvalidCiphertextException does.
 */
export async function startFakeKms(): Promise<FakeKms> {
  const key = randomBytes(32);
  const calls: string[] = [];
  const seal = (plain: Buffer, context: unknown): Buffer => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(contextDigest(context));
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
  };
  const open = (blob: Buffer, context: unknown): Buffer => {
    const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12)).setAAD(contextDigest(context));
    decipher.setAuthTag(blob.subarray(12, 28));
    return Buffer.concat([decipher.update(blob.subarray(28)), decipher.final()]);
  };

  const server: LoopbackServer = await listenOnLoopback(async (request, response) => {
    const operation = String(request.headers['x-amz-target'] ?? '').replace(/^TrentService\./, '');
    const input = await readJson(request);
    calls.push(operation);
    const keyId = String(input.KeyId ?? 'rehearsal-key');
    try {
      switch (operation) {
        case 'Encrypt':
          return replyJson(response, 200, { KeyId: keyId, CiphertextBlob: seal(Buffer.from(String(input.Plaintext), 'base64'), input.EncryptionContext).toString('base64'), EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' }, JSON_11);
        case 'Decrypt':
          return replyJson(response, 200, { KeyId: keyId, Plaintext: open(Buffer.from(String(input.CiphertextBlob), 'base64'), input.EncryptionContext).toString('base64'), EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' }, JSON_11);
        case 'GenerateDataKey': {
          const plain = randomBytes(input.NumberOfBytes ? Number(input.NumberOfBytes) : 32);
          return replyJson(response, 200, { KeyId: keyId, Plaintext: plain.toString('base64'), CiphertextBlob: seal(plain, input.EncryptionContext).toString('base64') }, JSON_11);
        }
        default:
          return replyJson(response, 400, { __type: 'UnsupportedOperationException', message: `The fake KMS does not serve ${operation}` }, JSON_11);
      }
    } catch {
      return replyJson(response, 400, { __type: 'InvalidCiphertextException', message: 'The ciphertext or its encryption context is not valid' }, JSON_11);
    }
  });
  return { endpoint: server.origin, calls, stop: () => server.close() };
}

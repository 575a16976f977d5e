/**
 * The secrets port: encrypts credentials the product must be able to use again later (storage
 * secret keys, §11) so that the table never holds them in clear. AWS KMS in the cloud, a local
 * AES-256-GCM key file on a self-hosted install.
 *
 * The context is bound to the ciphertext (KMS encryption context, GCM additional data): a secret
 * copied onto another user's or organization's item does not decrypt there.
 */
export type SecretContext = Record<string, string>;

export interface SecretsPort {
  readonly adapter: 'kms' | 'local-key';
  encrypt(plain: string, context: SecretContext): Promise<string>;
  /** Throws when the ciphertext was not made by this port with this exact context. */
  decrypt(cipher: string, context: SecretContext): Promise<string>;
}

/** Context entries in a fixed order, so the same context always authenticates the same way. */
export function canonicalContext(context: SecretContext): string {
  return JSON.stringify(Object.keys(context).sort().map((key) => [key, context[key]]));
}

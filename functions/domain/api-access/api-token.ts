import { createHash, randomInt } from 'node:crypto';
import { API_TOKEN_PATTERN, GENERATED_API_TOKEN_LENGTH } from '../../../shared/rules/application-form';

/** `rag_` + 32–64 letters or digits (contract §16 integration input), shared with the form. */
export { API_TOKEN_PATTERN };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const GENERATED_LENGTH = GENERATED_API_TOKEN_LENGTH;

/** A server-generated token: `rag_` + 40 letters and digits, about 238 bits from the CSPRNG. */
export function generateApiToken(): string {
  let body = '';
  for (let index = 0; index < GENERATED_LENGTH; index++) body += ALPHABET[randomInt(ALPHABET.length)];
  return `rag_${body}`;
}

/**
 * The lookup hash of a token. Tokens carry enough entropy that an unsalted SHA-256 cannot be
 * reversed by guessing, and a fixed hash is what lets one GetItem find the token's application.
 */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

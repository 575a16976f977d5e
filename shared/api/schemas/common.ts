import { z } from 'zod';

/** The body of every error answer (contract §1.4). */
export const errorBodySchema = z.object({
  message: z.string(),
  status: z.number().int(),
  code: z.string(),
  details: z.unknown().optional(),
});

export const isoDate = z.string().describe('ISO-8601 UTC with milliseconds');

/** Ids are opaque strings of at most 64 characters (§1.6). */
export const MAX_ID_LENGTH = 64;

/**
 * An id sent in a body. A longer one can name nothing we minted, so it is refused as an invalid id
 * before it can reach a table key, whose size DynamoDB limits.
 */
export function idField(messages: { required: string; invalid: string }) {
  return z.string({ error: messages.required }).trim().min(1, messages.required).max(MAX_ID_LENGTH, messages.invalid);
}

/** An optional or nullable id reference in a body (null meaning "none", e.g. the root folder). */
export function optionalIdField(invalid: string) {
  return z.string({ error: invalid }).max(MAX_ID_LENGTH, invalid).nullable().optional();
}

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

/** The path parameters of a route on `/{id}`; each family checks the id against its own records. */
export const idParamsSchema = z.object({ id: z.string() });

/** Body schemas that read a JSON value other than an object as an empty object (see `lenientBody`). */
export const LENIENT_BODIES = new WeakSet<object>();

/**
 * A body whose endpoint answers a non-object with its field messages, as if it were `{}` (§4.2's
 * and §4.11's forms), rather than the pipeline's "Request body must be a JSON object".
 */
export function lenientBody<T extends z.ZodType>(schema: T) {
  const lenient = z.preprocess((value) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {}), schema);
  LENIENT_BODIES.add(lenient);
  return lenient;
}

/** The path parameters of the routes on `/{appId}` (§16, §17). */
export const appIdParamsSchema = z.object({ appId: z.string() });

/** The path parameters of the routes on `/{userId}` (§11). */
export const userIdParamsSchema = z.object({ userId: z.string() });

/** The path parameters of a group member's route, `/{id}/users/{userId}` (§8.7, §8.8). */
export const memberParamsSchema = z.object({ id: z.string(), userId: z.string() });

/** A knowledge base as a source's usage names it (§13.3, §14.3, `used_by_kbs`). */
export const knowledgeBaseRefSchema = z.object({ id: z.string(), name: z.string() });

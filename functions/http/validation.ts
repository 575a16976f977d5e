import type { ZodSafeParseResult, ZodType } from 'zod';
import { validationError } from '../contracts/contract-error';

/** Parses with a zod schema; every problem becomes a `{ field, message }` detail in schema order (§1.4). */
export function parseOrThrow<T>(schema: ZodType<T>, value: unknown): T {
  return dataOrThrow(schema.safeParse(value));
}

/** `parseOrThrow` for schemas with asynchronous checks (a refinement that looks something up). */
export async function parseOrThrowAsync<T>(schema: ZodType<T>, value: unknown): Promise<T> {
  return dataOrThrow(await schema.safeParseAsync(value));
}

function dataOrThrow<T>(result: ZodSafeParseResult<T>): T {
  if (result.success) return result.data;
  throw validationError(
    result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'body', message: issue.message })),
  );
}

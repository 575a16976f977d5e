import type { ZodType } from 'zod';
import { validationError } from '../contracts/contract-error';

/** Parses with a zod schema; every problem becomes a `{ field, message }` detail in schema order (§1.4). */
export function parseOrThrow<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(
    result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'body', message: issue.message })),
  );
}

import { parseResponseText } from '../../../../shared/rules/api-response-parsing';
import type { ResponseType } from './types';

/**
 * A response body as the form's Test API reads it: the server's own reading (shared/rules/
 * api-response-parsing.ts), so a path picked here reads the same there; a body that does not read
 * as its type is kept as text beside the reason. Paths into the result are those of response-paths.ts.
 */
export type ParsedBody = { ok: true; data: unknown } | { ok: false; reason: string; data: string };

export function parseBody(body: string, type: ResponseType): ParsedBody {
  const parsed = parseResponseText(type, body);
  return parsed.ok ? parsed : { ...parsed, data: body };
}

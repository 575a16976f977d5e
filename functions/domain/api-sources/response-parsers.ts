import type { ApiResponseType } from '../../../shared/api/schemas/api-sources';
import { parseResponseText } from '../../../shared/rules/api-response-parsing';

/** A body that does not read as its configured type; `message` is the reason people are shown. */
export class ResponseParseError extends Error {}

/** The body as text, in the charset the answer names (UTF-8 when it names none or an unknown one). */
export function bodyText(body: Buffer, contentType: string): string {
  const charset = /charset="?([^";\s]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('utf-8').decode(body).replace(/^\uFEFF/, '');
  }
}

/** The body read as `type` (§14 `response.parsing.type`), as shared/rules/api-response-parsing.ts reads it. */
export function parseResponse(type: ApiResponseType, body: Buffer, contentType: string): unknown {
  const parsed = parseResponseText(type, bodyText(body, contentType));
  if (!parsed.ok) throw new ResponseParseError(parsed.reason);
  return parsed.data;
}

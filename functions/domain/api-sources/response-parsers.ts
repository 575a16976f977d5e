import type { ApiResponseType } from '../../../shared/api/schemas/api-sources';
import { parseResponseText } from '../../../shared/rules/api-response-parsing';
import { legacyDecoder } from '../extraction/text-decoding';

/** A body that does not read as its configured type; `message` is the reason people are shown. */
export class ResponseParseError extends Error {}

/**
 * The body as text, in the charset the answer names (UTF-8 when it names none or one the runtime
 * cannot read), through legacyDecoder: the runtime's own decoder reads windows-1252 (what
 * "iso-8859-1" means on the web) as Latin-1, losing curly quotes, dashes and the euro sign.
 */
export function bodyText(body: Buffer, contentType: string): string {
  const charset = /charset="?([^";\s]+)/i.exec(contentType)?.[1];
  const decoder = (charset === undefined ? undefined : legacyDecoder(charset)) ?? legacyDecoder('utf-8')!;
  return decoder.decode(body).replace(/^\uFEFF/, '');
}

/** The body read as `type` (§14 `response.parsing.type`), as shared/rules/api-response-parsing.ts reads it. */
export function parseResponse(type: ApiResponseType, body: Buffer, contentType: string): unknown {
  const parsed = parseResponseText(type, bodyText(body, contentType));
  if (!parsed.ok) throw new ResponseParseError(parsed.reason);
  return parsed.data;
}

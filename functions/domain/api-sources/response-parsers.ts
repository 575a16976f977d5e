import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ApiResponseType } from '../../../shared/api/schemas/api-sources';

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

const xmlParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', textNodeName: '#text', parseTagValue: true, trimValues: true });

/**
 * The body read as `type` (§14 `response.parsing.type`):
 *  - json: the JSON value;
 *  - xml: an object per element (attributes as `@_name`, mixed text as `#text`), so paths read
 *    `rss.channel.item`;
 *  - csv: an array of rows, each an object keyed by the header row;
 *  - text: the text itself.
 */
export function parseResponse(type: ApiResponseType, body: Buffer, contentType: string): unknown {
  const text = bodyText(body, contentType);
  if (type === 'text') return text;
  if (type === 'json') {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new ResponseParseError(`Invalid JSON: ${(error as Error).message}`);
    }
  }
  if (type === 'xml') {
    const valid = XMLValidator.validate(text);
    if (valid !== true) throw new ResponseParseError(`Invalid XML: ${valid.err.msg} (line ${valid.err.line})`);
    return xmlParser.parse(text) as unknown;
  }
  try {
    return parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, relax_column_count: true, bom: true }) as Array<Record<string, string>>;
  } catch (error) {
    throw new ResponseParseError(`Invalid CSV: ${(error as Error).message}`);
  }
}

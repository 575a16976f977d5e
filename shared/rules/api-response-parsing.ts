import { parse as parseCsv } from 'csv-parse/browser/esm/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ApiResponseType } from '../api/schemas/api-sources';

/** A response body read as its type, or why it does not read as one (the reason people are shown). */
export type ParsedResponse = { ok: true; data: unknown } | { ok: false; reason: string };

const xmlParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', textNodeName: '#text', parseTagValue: true, trimValues: true });

/**
 * A response's text read as `type` (§14 `response.parsing.type`), the one reading of both the
 * server's calls and the form's Test API, so that a path picked in the form reads the same there:
 *  - json: the JSON value;
 *  - xml: an object per element (attributes as `@_name`, mixed text as `#text`), so paths read
 *    `rss.channel.item`;
 *  - csv: an array of rows, each an object keyed by the header row;
 *  - text: the text itself.
 */
export function parseResponseText(type: ApiResponseType, text: string): ParsedResponse {
  switch (type) {
    case 'text':
      return { ok: true, data: text };
    case 'xml': {
      const valid = XMLValidator.validate(text);
      if (valid !== true) return { ok: false, reason: `Invalid XML: ${valid.err.msg} (line ${valid.err.line})` };
      return { ok: true, data: xmlParser.parse(text) as unknown };
    }
    case 'csv':
      try {
        return { ok: true, data: parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, relax_column_count: true, bom: true }) as unknown };
      } catch (error) {
        return { ok: false, reason: `Invalid CSV: ${error instanceof Error ? error.message : 'unreadable'}` };
      }
    default:
      try {
        return { ok: true, data: JSON.parse(text) as unknown };
      } catch (error) {
        return { ok: false, reason: `Invalid JSON: ${error instanceof Error ? error.message : 'unreadable'}` };
      }
  }
}

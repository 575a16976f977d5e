import { parse as parseCsvText } from 'csv-parse/browser/esm/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ResponseType } from './types';

/**
 * A response body as the form's Test API reads it, by the parsing type of contract §14: JSON parsed,
 * XML into an object (attributes under `@_name`, text beside them under `#text`), CSV into one object
 * a row keyed by the header row (csv-parse, as the server reads it), text as it is. Paths into the result are those of response-paths.ts.
 */

export type ParsedBody = { ok: true; data: unknown } | { ok: false; reason: string; data: string };

// The server's own settings (functions/domain/api-sources/response-parsers.ts), so a path copied here reads the same there.
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', textNodeName: '#text', parseTagValue: true, trimValues: true });

export function parseBody(body: string, type: ResponseType): ParsedBody {
  switch (type) {
    case 'text':
      return { ok: true, data: body };
    case 'xml': {
      const valid = XMLValidator.validate(body);
      if (valid !== true) return { ok: false, reason: `Invalid XML: ${valid.err.msg} (line ${valid.err.line})`, data: body };
      return { ok: true, data: xml.parse(body) as unknown };
    }
    case 'csv':
      try {
        return { ok: true, data: parseCsvText(body, { columns: true, skip_empty_lines: true, trim: true, relax_column_count: true, bom: true }) as unknown };
      } catch (error) {
        return { ok: false, reason: `Invalid CSV: ${error instanceof Error ? error.message : 'unreadable'}`, data: body };
      }
    default:
      try {
        return { ok: true, data: JSON.parse(body) as unknown };
      } catch (error) {
        return { ok: false, reason: `Invalid JSON: ${error instanceof Error ? error.message : 'unreadable'}`, data: body };
      }
  }
}

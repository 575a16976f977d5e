import type { ApiParsing } from '../../../shared/api/schemas/api-sources';
import { parseRecordPath, readRecordPath } from '../../../shared/rules/api-source-paths';

export type ApiRecord = Record<string, unknown>;

export type RecordsOutcome = { kind: 'records'; records: ApiRecord[] } | { kind: 'not-array' };

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const read = (value: unknown, path: string | undefined) => (path ? readRecordPath(value, parseRecordPath(path) ?? []) : value);

/**
 * The records of a parsed response (§14): `path` picks the part of the response to read (the
 * whole of it without one), `array_path` the array of records inside that part. Without an
 * `array_path`, an array is the records and anything else is one record. An XML element that
 * occurs once is not an array after parsing; at `array_path` it is taken as a list of one.
 * Text is one record, `{ text }`. Each record is then mapped.
 */
export function extractRecords(parsed: unknown, parsing: ApiParsing): RecordsOutcome {
  if (parsing.type === 'text') return { kind: 'records', records: [mapRecord({ text: parsed }, parsing.mapping)] };
  const base = read(parsed, parsing.path);
  let items: unknown[];
  if (parsing.array_path) {
    const found = read(base, parsing.array_path);
    if (Array.isArray(found)) items = found;
    else if (parsing.type === 'xml' && isObject(found)) items = [found];
    else return { kind: 'not-array' };
  } else items = Array.isArray(base) ? base : base === undefined || base === null ? [] : [base];
  return { kind: 'records', records: items.map((item) => mapRecord(item, parsing.mapping)) };
}

/**
 * One record under the mapping's target names ({ sourcePath: targetField }); a source path the
 * record lacks leaves its field out. Without a mapping the record is kept whole (a value that is
 * not an object becomes `{ value }`).
 */
export function mapRecord(item: unknown, mapping: Record<string, string>): ApiRecord {
  const entries = Object.entries(mapping);
  if (entries.length === 0) return isObject(item) ? item : { value: item };
  const mapped: ApiRecord = {};
  for (const [source, target] of entries) {
    const value = readRecordPath(item, parseRecordPath(source) ?? []);
    if (value !== undefined) mapped[target] = value;
  }
  return mapped;
}

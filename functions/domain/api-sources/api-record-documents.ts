import type { ChunkingOptions } from '../../../shared/rules/chunking';
import type { IndexRecord } from '../../contracts/ports/vectors';
import { chunkDocument } from '../chunking/chunk-document';
import type { ApiRecord } from './api-records';

/** Fields that name a record, in the order they are looked for (case-insensitive). */
const TITLE_FIELDS = ['title', 'name', 'headline', 'subject', 'label', 'id', 'key'];
const TITLE_LENGTH = 80;

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * What a reader is told the record is: its title-like field (title, name, headline, subject,
 * label, id, key), else its first text field, and its position; e.g. "Oslo (record 2)".
 */
export function recordTitle(record: ApiRecord, index: number): string {
  const keys = Object.keys(record);
  const titled = TITLE_FIELDS.map((wanted) => keys.find((key) => key.toLowerCase() === wanted)).find((key) => key !== undefined && scalarText(record[key]) !== undefined);
  const first = titled ?? keys.find((key) => typeof record[key] === 'string' && scalarText(record[key]) !== undefined);
  const label = first === undefined ? undefined : scalarText(record[first]);
  const position = `record ${index + 1}`;
  if (!label) return `Record ${index + 1}`;
  const short = label.length > TITLE_LENGTH ? `${label.slice(0, TITLE_LENGTH - 1)}…` : label;
  return `${short} (${position})`;
}

/** The record as text: one `field: value` line per field, nested values as compact JSON. */
export function recordText(record: ApiRecord): string {
  return Object.entries(record)
    .map(([key, value]) => `${key}: ${scalarText(value) ?? (value === null || value === undefined ? '' : JSON.stringify(value))}`)
    .join('\n');
}

/**
 * The index records of one mapped API record: one document, titled and cited as
 * "{source name}: {record title}" (§2 Citation `name`), under the API source's id. Ids are
 * `<sourceId>:<record index>:<chunk index>`, stable for the same response and settings.
 */
export function apiRecordIndexRecords(source: { id: string; name: string }, record: ApiRecord, index: number, options: ChunkingOptions): IndexRecord[] {
  const title = recordTitle(record, index);
  const body = recordText(record);
  if (body.trim() === '') return [];
  const text = `${title}\n${body}`;
  return chunkDocument({ text, sections: [{ text, headings: [title] }] }, options).map((chunk) => ({
    id: `${source.id}:${index}:${chunk.index}`,
    sourceId: source.id,
    sourceType: 'api',
    text: chunk.text,
    metadata: { name: `${source.name}: ${title}`, chunkIndex: chunk.index, headings: [title] },
  }));
}

import { Field, FixedSizeList, Float32, Schema, Utf8 } from 'apache-arrow';
import { searchableText, type IndexHit, type IndexRecord, type IndexRecordMetadata, type IndexSourceType } from '../../functions/contracts/ports/vectors';

/**
 * One LanceDB table per index. Metadata is one JSON column because it is only returned, never
 * filtered on, and new fields (a URL, a slide) then need no schema migration; the columns that
 * queries filter or search on are their own. A lexical-only index has no vector column at all,
 * which is simpler for LanceDB than a nullable fixed-size list.
 */
export const COLUMNS = {
  id: 'id',
  sourceId: 'source_id',
  sourceType: 'source_type',
  text: 'text',
  /** Name, headings and text (searchableText): what full-text search reads. */
  searchText: 'search_text',
  metadata: 'metadata',
  vector: 'vector',
} as const;

export const RESULT_COLUMNS = [COLUMNS.id, COLUMNS.sourceId, COLUMNS.sourceType, COLUMNS.text, COLUMNS.metadata];

export function indexSchema(dimensions: number | null): Schema {
  const fields: Field[] = [
    new Field(COLUMNS.id, new Utf8(), false),
    new Field(COLUMNS.sourceId, new Utf8(), false),
    new Field(COLUMNS.sourceType, new Utf8(), false),
    new Field(COLUMNS.text, new Utf8(), false),
    new Field(COLUMNS.searchText, new Utf8(), false),
    new Field(COLUMNS.metadata, new Utf8(), false),
  ];
  if (dimensions !== null) fields.push(new Field(COLUMNS.vector, new FixedSizeList(dimensions, new Field('item', new Float32(), true)), false));
  return new Schema(fields);
}

/** The vector length of a table's schema; null when it is lexical-only. */
export function schemaDimensions(schema: Schema): number | null {
  const vector = schema.fields.find((field) => field.name === COLUMNS.vector);
  return vector ? (vector.type as FixedSizeList).listSize : null;
}

export function toRow(indexName: string, record: IndexRecord, dimensions: number | null): Record<string, unknown> {
  if (dimensions === null && record.vector !== undefined) {
    throw new Error(`Index ${indexName} is lexical-only (created without dimensions): record ${record.id} has a vector`);
  }
  if (dimensions !== null) {
    const vector = record.vector;
    if (!vector || vector.length !== dimensions || vector.some((value) => !Number.isFinite(value))) {
      throw new Error(`Index ${indexName} needs a vector of ${dimensions} finite numbers on record ${record.id}`);
    }
  }
  return {
    [COLUMNS.id]: record.id,
    [COLUMNS.sourceId]: record.sourceId,
    [COLUMNS.sourceType]: record.sourceType,
    [COLUMNS.text]: record.text,
    [COLUMNS.searchText]: searchableText(record),
    [COLUMNS.metadata]: JSON.stringify(record.metadata),
    ...(dimensions !== null ? { [COLUMNS.vector]: record.vector } : {}),
  };
}

export function toHit(row: Record<string, unknown>, score: number): IndexHit {
  return {
    id: String(row[COLUMNS.id]),
    sourceId: String(row[COLUMNS.sourceId]),
    sourceType: row[COLUMNS.sourceType] as IndexSourceType,
    text: String(row[COLUMNS.text]),
    score,
    metadata: JSON.parse(String(row[COLUMNS.metadata])) as IndexRecordMetadata,
  };
}

/** A SQL string literal for LanceDB's (DataFusion's) filters: quotes doubled, nothing else special. */
export function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

export function sourceFilter(sourceIds: string[]): string {
  return `${COLUMNS.sourceId} IN (${sourceIds.map(sqlString).join(', ')})`;
}

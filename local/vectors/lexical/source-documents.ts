import { Field, Schema, Utf8 } from 'apache-arrow';
import { OVERLAP_RANGE } from '../../shared/rules/chunking';
import { COLUMNS } from './lancedb-rows';

/**
 * The document view of an index: one row per source (file, page, API source), searched beside the
 * passages so that a passage is also scored by its whole document (lancedb-index.ts). Built from
 * the passage table itself, so it needs nothing the port does not already write.
 */
export const DOCUMENT_COLUMNS = {
  sourceId: COLUMNS.sourceId,
  /** The first passage's name and headings, then every passage's text in order. */
  searchText: COLUMNS.searchText,
} as const;

export function documentsSchema(): Schema {
  return new Schema([new Field(DOCUMENT_COLUMNS.sourceId, new Utf8(), false), new Field(DOCUMENT_COLUMNS.searchText, new Utf8(), false)]);
}

/** `kb-…-v3--documents`: knowledge-base index names end in `-v<n>` (knowledgeBaseIndexName), so never in this. */
export function documentsTableName(indexName: string): string {
  return `${indexName}--documents`;
}

interface PassageRow {
  sourceId: string;
  chunkIndex: number;
  text: string;
  searchText: string;
}

/**
 * One row per source from the passage rows (source_id, text, search_text, metadata): the
 * searchable text of its first passage (name, headings, text), then the text of the others in
 * chunk order, each without the overlap it repeats from the one before (so no word is counted
 * twice for being at a boundary).
 */
export function documentRows(passages: ReadonlyArray<Record<string, unknown>>): Array<Record<string, string>> {
  const bySource = new Map<string, PassageRow[]>();
  for (const row of passages) {
    const sourceId = String(row[COLUMNS.sourceId]);
    const metadata = JSON.parse(String(row[COLUMNS.metadata] ?? '{}')) as { chunkIndex?: unknown };
    const passage: PassageRow = {
      sourceId,
      chunkIndex: typeof metadata.chunkIndex === 'number' ? metadata.chunkIndex : 0,
      text: String(row[COLUMNS.text]),
      searchText: String(row[COLUMNS.searchText]),
    };
    const list = bySource.get(sourceId);
    if (list) list.push(passage);
    else bySource.set(sourceId, [passage]);
  }
  return [...bySource.entries()].map(([sourceId, list]) => {
    list.sort((a, b) => a.chunkIndex - b.chunkIndex);
    const [first, ...rest] = list as [PassageRow, ...PassageRow[]];
    let text = first.searchText;
    let previous = first.text;
    for (const passage of rest) {
      text += `\n\n${passage.text.slice(overlapLength(previous, passage.text))}`;
      previous = passage.text;
    }
    return { [DOCUMENT_COLUMNS.sourceId]: sourceId, [DOCUMENT_COLUMNS.searchText]: text };
  });
}

/** Length of the longest start of `next` that ends `previous`, up to the most a chunk repeats (OVERLAP_RANGE.max). */
export function overlapLength(previous: string, next: string): number {
  for (let length = Math.min(OVERLAP_RANGE.max, previous.length, next.length); length > 0; length--) {
    if (previous.endsWith(next.slice(0, length))) return length;
  }
  return 0;
}

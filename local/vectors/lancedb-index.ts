import { connect, Index, type Connection, type Table } from '@lancedb/lancedb';
import { assertIndexName, scoreFromCosineDistance, type IndexHit, type IndexQuery, type IndexRecord, type VectorIndexPort } from '../../functions/ports/vectors';
import { documentRows, documentsSchema, documentsTableName, DOCUMENT_COLUMNS } from './lancedb-documents';
import { COLUMNS, indexSchema, RESULT_COLUMNS, schemaDimensions, sourceFilter, toHit, toRow } from './lancedb-rows';
import { bm25Score, DOCUMENT_WEIGHT, PASSAGE_WEIGHT, reciprocalRankFusion } from './scores';

export interface LanceDbIndexOptions {
  /** Where the tables live, e.g. `.data/vectors`. */
  dataDir: string;
  /** Where a failed background refresh of the full-text index is reported. */
  log?: (line: string) => void;
}

export interface LanceDbIndex extends VectorIndexPort {
  /** Brings the full-text index up to date now, after pending writes (evaluations; an indexer finishing a deploy). */
  refresh(indexName: string): Promise<void>;
  /** Waits for pending writes and refreshes, then releases the tables. */
  close(): Promise<void>;
}

/** Rows each ranked list contributes to hybrid fusion: deeper than topK, so RRF has overlap to work with. */
const FUSION_DEPTH = 50;
const MAX_TOP_K = 1000;
/** Passages read before blending with document scores (see fullTextRanking). */
const BLEND_DEPTH = 100;
/**
 * LanceDB's defaults: BM25, simple tokenizer, lowercase, English stemming, stop words, ASCII
 * folding. A function because an Index object can be used only once.
 */
const fullTextIndex = () => Index.fts();
/** LanceDB names an index after its column. */
const FULL_TEXT_INDEX_NAME = `${COLUMNS.searchText}_idx`;
/**
 * Every write leaves a table version behind; LanceDB keeps them 7 days unless told otherwise. This
 * process is the only one using the tables, so an hour is plenty for any read still in flight.
 */
const OLD_VERSIONS_KEPT_MS = 60 * 60 * 1000;

interface OpenIndex {
  table: Table;
  dimensions: number | null;
  /** Rows were written or deleted since the full-text index was last updated. */
  stale: boolean;
  /** The document view (lancedb-documents.ts) as of the last refresh; none before the first. */
  documents?: Table;
}

/**
 * The embedded vector index (LanceDB, in-process; too large for a Lambda bundle, so local only).
 *
 * - One table per index; `ensureIndex(name, null)` makes a lexical-only table without a vector column.
 * - Full-text search is BM25 over name, headings and text (searchableText), each passage scored
 *   with its whole document too: a second, document-level table (one row per source, its chunks
 *   joined; lancedb-documents.ts) is rebuilt on refresh, and a passage's BM25 is blended with its
 *   document's (scores.ts).
 * - LanceDB also searches rows written after the index was last updated, only more slowly (a flat scan), so the index is
 *   not updated on every write, which would make a deploy of many batches quadratic: the first
 *   query after writes starts one update in the background, on the index's write queue, and
 *   `refresh` does it on demand.
 * - Vector search is exact (flat) cosine search: knowledge bases here are small enough (50k chunks:
 *   ~40 ms) that an IVF index, minutes to build, would not pay for itself.
 * - A query with both text and vector runs both and fuses them with reciprocal rank fusion.
 * - `sourceIds` is a prefilter (`where`): LanceDB's postfilter drops rows when the filter is selective.
 * - Scores: BM25 (blended with the document's) saturated as s / (s + 10), cosine 1 - distance, RRF
 *   divided by its maximum (scores.ts).
 * - Writes to one index run one at a time (a promise chain); reads run concurrently.
 */
export function createLanceDbIndex(options: LanceDbIndexOptions): LanceDbIndex {
  const log = options.log ?? ((line: string) => console.warn(line));
  let connection: Promise<Connection> | undefined;
  const opened = new Map<string, Promise<OpenIndex | undefined>>();
  const writeQueues = new Map<string, Promise<unknown>>();
  const refreshing = new Set<string>();

  const db = () => (connection ??= connect(options.dataDir));

  /** Runs `work` after every earlier write to the same index, whatever their outcome. */
  const serialise = <T>(indexName: string, work: () => Promise<T>): Promise<T> => {
    const previous = writeQueues.get(indexName) ?? Promise.resolve();
    const result = previous.then(work, work);
    const settled = result.catch(() => undefined);
    writeQueues.set(indexName, settled);
    void settled.then(() => {
      if (writeQueues.get(indexName) === settled) writeQueues.delete(indexName);
    });
    return result;
  };

  const open = (indexName: string): Promise<OpenIndex | undefined> => {
    let entry = opened.get(indexName);
    if (!entry) {
      entry = (async () => {
        const connection = await db();
        const names = await connection.tableNames();
        if (!names.includes(indexName)) return undefined;
        const table = await connection.openTable(indexName);
        const stats = await table.indexStats(FULL_TEXT_INDEX_NAME);
        const documents = names.includes(documentsTableName(indexName)) ? await connection.openTable(documentsTableName(indexName)) : undefined;
        // An index written before the document view existed gets one at its next refresh.
        return { table, dimensions: schemaDimensions(await table.schema()), stale: !stats || stats.numUnindexedRows > 0 || !documents, documents };
      })();
      opened.set(indexName, entry);
      entry.then((found) => (found ? undefined : opened.delete(indexName))).catch(() => opened.delete(indexName));
    }
    return entry;
  };

  const openExisting = async (indexName: string): Promise<OpenIndex> => {
    assertIndexName(indexName);
    const index = await open(indexName);
    if (!index) throw new Error(`Vector index ${indexName} does not exist`);
    return index;
  };

  const createFullTextIndex = (table: Table) => table.createIndex(COLUMNS.searchText, { config: fullTextIndex(), replace: true });

  /**
   * optimize() folds new rows into the existing full-text index and compacts the small fragments
   * each write leaves (SciFact, 21k chunks written in 42 batches: 1.7 s, then 1.6 ms per query
   * instead of ~370 ms; after a one-row write: 0.2 s, where a full rebuild takes 1.3 s). On the
   * write queue, so no write lands between it and clearing `stale`.
   */
  const rebuildFullTextIndex = (indexName: string, index: OpenIndex) =>
    serialise(indexName, async () => {
      if (!index.stale) return;
      if (await index.table.indexStats(FULL_TEXT_INDEX_NAME)) {
        await index.table.optimize({ cleanupOlderThan: new Date(Date.now() - OLD_VERSIONS_KEPT_MS) });
      } else {
        await createFullTextIndex(index.table);
      }
      await rebuildDocuments(indexName, index);
      index.stale = false;
    });

  /**
   * The document view, rebuilt whole from the passages (SciFact, 22k passages: ~1 s): an index is
   * written once per deploy and refreshed when it is complete, so rebuilding beats keeping a second
   * table in step with every write and delete. Between a write and the refresh it starts, the view
   * is the one before: a source written since has no document score yet and ranks by its
   * passages' share alone, one deleted since is simply never matched by a passage.
   */
  const rebuildDocuments = async (indexName: string, index: OpenIndex) => {
    const passages = await index.table.query().select([COLUMNS.sourceId, COLUMNS.text, COLUMNS.searchText, COLUMNS.metadata]).toArray();
    const rows = documentRows(passages as Array<Record<string, unknown>>);
    const connection = await db();
    index.documents?.close();
    index.documents = undefined;
    const exists = (await connection.tableNames()).includes(documentsTableName(indexName));
    if (rows.length === 0) {
      if (exists) await connection.dropTable(documentsTableName(indexName));
      return;
    }
    // An empty table then an append: creating one with rows makes LanceDB log a warning each time.
    const documents = exists
      ? await connection.createTable(documentsTableName(indexName), rows, { mode: 'overwrite' })
      : await connection.createEmptyTable(documentsTableName(indexName), documentsSchema());
    if (!exists) await documents.add(rows);
    await documents.createIndex(DOCUMENT_COLUMNS.searchText, { config: fullTextIndex(), replace: true });
    index.documents = documents;
  };

  const refreshInBackground = (indexName: string, index: OpenIndex) => {
    if (!index.stale || refreshing.has(indexName)) return;
    refreshing.add(indexName);
    rebuildFullTextIndex(indexName, index)
      .catch((error: unknown) => log(`Could not refresh the full-text index of ${indexName}: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => refreshing.delete(indexName));
  };

  /** BM25 of each source as a whole, for the sources among the best `limit`. */
  const documentScores = async (index: OpenIndex, text: string, limit: number, filter: string | undefined): Promise<Map<string, number>> => {
    if (!index.documents) return new Map();
    let query = index.documents.query().fullTextSearch(text, { columns: [DOCUMENT_COLUMNS.searchText] });
    if (filter) query = query.where(filter);
    const rows = await query.select([DOCUMENT_COLUMNS.sourceId, '_score']).limit(limit).toArray();
    return new Map(rows.map((row: Record<string, unknown>) => [String(row[DOCUMENT_COLUMNS.sourceId]), Number(row._score)]));
  };

  /**
   * Passages by BM25 blended with their document's (PASSAGE_WEIGHT, DOCUMENT_WEIGHT): asked for
   * more passages than `limit`, so that a passage of a strong document that is weak on its own is
   * still among those blended.
   */
  const fullTextRanking = async (index: OpenIndex, text: string, limit: number, filter: string | undefined) => {
    let query = index.table.query().fullTextSearch(text, { columns: [COLUMNS.searchText] });
    if (filter) query = query.where(filter);
    const depth = index.documents ? Math.min(MAX_TOP_K, Math.max(limit, BLEND_DEPTH)) : limit;
    const [rows, documents] = await Promise.all([query.select([...RESULT_COLUMNS, '_score']).limit(depth).toArray(), documentScores(index, text, depth, filter)]);
    const blended = rows.map((row: Record<string, unknown>) => {
      const passage = Number(row._score);
      const document = documents.get(String(row[COLUMNS.sourceId]));
      return toHit(row, bm25Score(document === undefined && documents.size === 0 ? passage : PASSAGE_WEIGHT * passage + DOCUMENT_WEIGHT * (document ?? 0)));
    });
    return blended.sort((a, b) => b.score - a.score).slice(0, limit);
  };

  const vectorRanking = async (index: OpenIndex, vector: number[], limit: number, filter: string | undefined) => {
    let query = index.table.query().nearestTo(vector).distanceType('cosine');
    if (filter) query = query.where(filter);
    const rows = await query.select([...RESULT_COLUMNS, '_distance']).limit(limit).toArray();
    return rows.map((row: Record<string, unknown>) => toHit(row, scoreFromCosineDistance(Number(row._distance))));
  };

  return {
    adapter: 'lancedb',
    supportsFullText: true,

    async ensureIndex(indexName, dimensions) {
      assertIndexName(indexName);
      if (dimensions !== null && (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 4096)) {
        throw new RangeError(`Vector dimensions must be a whole number from 1 to 4096, not ${dimensions}`);
      }
      return serialise(indexName, async () => {
        const existing = await open(indexName);
        if (existing) {
          if (existing.dimensions !== dimensions) {
            throw new Error(`Vector index ${indexName} exists with ${existing.dimensions ?? 'no'} dimensions, not ${dimensions ?? 'none'}`);
          }
          return;
        }
        opened.delete(indexName);
        const table = await (await db()).createEmptyTable(indexName, indexSchema(dimensions), { existOk: true });
        await createFullTextIndex(table);
        opened.set(indexName, Promise.resolve({ table, dimensions, stale: false }));
      });
    },

    async upsert(indexName, records) {
      const index = await openExisting(indexName);
      // Last one wins within a batch, as it would across batches; merge_insert refuses duplicate keys.
      const byId = new Map<string, IndexRecord>(records.map((record) => [record.id, record]));
      const rows = [...byId.values()].map((record) => toRow(indexName, record, index.dimensions));
      if (rows.length === 0) return;
      await serialise(indexName, async () => {
        await index.table.mergeInsert(COLUMNS.id).whenMatchedUpdateAll().whenNotMatchedInsertAll().execute(rows);
        index.stale = true;
      });
    },

    async query(indexName, query: IndexQuery): Promise<IndexHit[]> {
      const index = await openExisting(indexName);
      if (!Number.isInteger(query.topK) || query.topK < 1 || query.topK > MAX_TOP_K) {
        throw new RangeError(`topK must be a whole number from 1 to ${MAX_TOP_K}, not ${query.topK}`);
      }
      if (query.sourceIds && query.sourceIds.length === 0) return [];
      const filter = query.sourceIds ? sourceFilter(query.sourceIds) : undefined;
      const text = query.text?.trim() ? query.text : undefined;
      if (query.vector && index.dimensions === null) throw new Error(`Vector index ${indexName} is lexical-only: query it with text`);
      if (query.vector && query.vector.length !== index.dimensions) {
        throw new Error(`Query vector has ${query.vector.length} dimensions; index ${indexName} has ${index.dimensions}`);
      }
      if (!text && !query.vector) throw new Error('A query needs text, a vector, or both');
      if (text) refreshInBackground(indexName, index);

      if (text && !query.vector) return fullTextRanking(index, text, query.topK, filter);
      if (!text && query.vector) return vectorRanking(index, query.vector, query.topK, filter);

      const depth = Math.max(query.topK, FUSION_DEPTH);
      const [lexical, semantic] = await Promise.all([
        fullTextRanking(index, text!, depth, filter),
        vectorRanking(index, query.vector!, depth, filter),
      ]);
      const fused = reciprocalRankFusion([lexical.map((hit) => hit.id), semantic.map((hit) => hit.id)]);
      const hits = new Map([...semantic, ...lexical].map((hit) => [hit.id, hit]));
      return [...fused.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, query.topK)
        .map(([id, score]) => ({ ...hits.get(id)!, score }));
    },

    async deleteBySource(indexName, sourceId) {
      const index = await openExisting(indexName);
      return serialise(indexName, async () => {
        const { numDeletedRows } = await index.table.delete(sourceFilter([sourceId]));
        if (numDeletedRows > 0) index.stale = true;
        return numDeletedRows;
      });
    },

    async dropIndex(indexName) {
      assertIndexName(indexName);
      return serialise(indexName, async () => {
        const connection = await db();
        const index = await open(indexName);
        opened.delete(indexName);
        if (!index) return;
        index.table.close();
        index.documents?.close();
        await connection.dropTable(indexName);
        if ((await connection.tableNames()).includes(documentsTableName(indexName))) await connection.dropTable(documentsTableName(indexName));
      });
    },

    async refresh(indexName) {
      await rebuildFullTextIndex(indexName, await openExisting(indexName));
    },

    async ping() {
      await (await db()).tableNames();
    },

    async close() {
      while (writeQueues.size > 0) await Promise.all(writeQueues.values());
      for (const entry of opened.values()) {
        const index = await entry.catch(() => undefined);
        index?.table.close();
        index?.documents?.close();
      }
      opened.clear();
      if (connection) (await connection).close();
      connection = undefined;
    },
  };
}

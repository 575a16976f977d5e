import { connect, type Connection, type Table } from '@lancedb/lancedb';
import { assertIndexName, scoreFromCosineDistance, type IndexHit, type IndexQuery, type IndexRecord, type VectorIndexPort } from '../../functions/contracts/ports/vectors';
import { KeptCollections, LexicalIndex, questionOf, type LexicalRow, type Question } from './lexical/lexical-index';
import { COLUMNS, indexSchema, RESULT_COLUMNS, schemaDimensions, sourceFilter, toHit, toRow } from './lancedb-rows';
import { reciprocalRankFusion } from './scores';

export interface LanceDbIndexOptions {
  /** Where the tables live, e.g. `.data/vectors`. */
  dataDir: string;
}

export interface LanceDbIndex extends VectorIndexPort {
  /** Compacts the table after writes and loads its full-text index now (an indexer finishing a deploy; evaluations). */
  refresh(indexName: string): Promise<void>;
  /** Waits for pending writes, then releases the tables. */
  close(): Promise<void>;
}

/** Rows each ranked list contributes to hybrid fusion: deeper than topK, so RRF has overlap to work with. */
const FUSION_DEPTH = 50;
const MAX_TOP_K = 1000;
/** Questions kept analysed: more than the sends in flight at once, so that each send analyses its question once. */
const RECENT_QUESTIONS = 64;
/**
 * Every write leaves a table version behind; LanceDB keeps them 7 days unless told otherwise. This
 * process is the only one using the tables, so an hour is plenty for any read still in flight.
 */
const OLD_VERSIONS_KEPT_MS = 60 * 60 * 1000;
/** Tables of a document view that earlier versions kept beside each index; dropped with it. */
const LEGACY_DOCUMENTS_SUFFIX = '--documents';

interface OpenIndex {
  table: Table;
  dimensions: number | null;
  /** Rows were written or deleted since the table was last compacted. */
  uncompacted: boolean;
  /** The full-text index of the rows as of its build; none until a text query or a refresh needs it. */
  lexical?: Promise<LexicalIndex>;
}

/**
 * The embedded vector index: LanceDB (in-process; too large for a Lambda bundle, so local only)
 * stores the rows and searches vectors, and full-text search is BM25 held in memory
 * (lexical/lexical-index.ts).
 *
 * - One table per index; `ensureIndex(name, null)` makes a lexical-only table without a vector column.
 * - Full text: each index's rows are read once into an in-memory BM25 index of passages and of
 *   whole documents (a passage is scored with its document), kept until the next write. LanceDB's
 *   own full-text index scores each table with its own statistics, so passages of two knowledge
 *   bases searched for one question were not on one scale, and its BM25 parameters cannot be set;
 *   here `alongside` names the other indexes of the question and every index scores with the
 *   statistics of all of them, as one index would. It is also what made a chat send cheap: one
 *   question over 11 knowledge bases cost 22 native searches, now 11 array walks.
 * - Vector search is exact (flat) cosine search: knowledge bases here are small enough (50k chunks:
 *   ~40 ms) that an IVF index, minutes to build, would not pay for itself.
 * - A query with both text and vector runs both and fuses them with reciprocal rank fusion.
 * - `sourceIds` is a prefilter (`where`) for vectors: LanceDB's postfilter drops rows when the filter is selective.
 * - Scores: blended BM25 saturated as s / (s + 10), cosine 1 - distance, RRF divided by its maximum (scores.ts).
 * - Writes to one index run one at a time (a promise chain); reads run concurrently.
 */
export function createLanceDbIndex(options: LanceDbIndexOptions): LanceDbIndex {
  let connection: Promise<Connection> | undefined;
  const opened = new Map<string, Promise<OpenIndex | undefined>>();
  const writeQueues = new Map<string, Promise<unknown>>();

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
        if (!(await connection.tableNames()).includes(indexName)) return undefined;
        const table = await connection.openTable(indexName);
        return { table, dimensions: schemaDimensions(await table.schema()), uncompacted: false };
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

  const written = (index: OpenIndex) => {
    index.uncompacted = true;
    index.lexical = undefined;
  };

  const readLexicalRows = async (table: Table): Promise<LexicalRow[]> => {
    const rows = (await table.query().select([...RESULT_COLUMNS, COLUMNS.searchText]).toArray()) as Array<Record<string, unknown>>;
    return rows.map((row) => {
      const { score: _unscored, ...hit } = toHit(row, 0);
      return { ...hit, searchText: String(row[COLUMNS.searchText]) };
    });
  };

  /**
   * The index's full-text side, built once until the next write; concurrent queries share one
   * build. A write drops it (`written`), so a build from rows read before that write is never kept.
   */
  const lexicalOf = (index: OpenIndex): Promise<LexicalIndex> => {
    if (!index.lexical) {
      const building = readLexicalRows(index.table).then((rows) => new LexicalIndex(rows));
      index.lexical = building;
      building.catch(() => {
        if (index.lexical === building) index.lexical = undefined;
      });
    }
    return index.lexical;
  };

  const byName = ([a]: [string, LexicalIndex], [b]: [string, LexicalIndex]) => (a < b ? -1 : a > b ? 1 : 0);

  /** The full-text sides of the named indexes, sorted by name; missing ones are left out. */
  const lexicalsOf = async (names: ReadonlySet<string>): Promise<Array<[string, LexicalIndex]>> => {
    const found = await Promise.all(
      [...names].map(async (name): Promise<[string, LexicalIndex] | undefined> => {
        assertIndexName(name);
        const index = await open(name);
        return index ? [name, await lexicalOf(index)] : undefined;
      }),
    );
    return found.filter((entry) => entry !== undefined).sort(byName);
  };

  /**
   * The indexes searched together, by the `alongside` list their queries share: one send asks
   * each of its knowledge bases' indexes with the same list, and they are found once for all.
   */
  const setsAsked = new WeakMap<readonly string[], Promise<Array<[string, LexicalIndex]>>>();
  const membersOf = async (indexName: string, own: LexicalIndex, alongside: readonly string[] | undefined): Promise<Array<[string, LexicalIndex]>> => {
    let members: Promise<Array<[string, LexicalIndex]>> | undefined;
    if (alongside?.includes(indexName)) {
      members = setsAsked.get(alongside);
      if (!members) setsAsked.set(alongside, (members = lexicalsOf(new Set(alongside))));
    }
    const found = await (members ?? lexicalsOf(new Set([indexName, ...(alongside ?? [])])));
    // The index asked is always a member, as it was opened for this very query.
    if (found.some(([name, lexical]) => name === indexName && lexical === own)) return found;
    return [...found.filter(([name]) => name !== indexName), [indexName, own] as [string, LexicalIndex]].sort(byName);
  };

  const collections = new KeptCollections();
  /**
   * The questions last analysed, by text: the indexes of one send all search the same text, and
   * keep its weighted terms with it (lexical-index.ts), while other sends' searches interleave.
   */
  const recentQuestions = new Map<string, Question>();
  const questionFor = (text: string): Question => {
    let question = recentQuestions.get(text);
    if (question) return question;
    question = questionOf(text);
    recentQuestions.set(text, question);
    if (recentQuestions.size > RECENT_QUESTIONS) recentQuestions.delete(recentQuestions.keys().next().value!);
    return question;
  };

  const fullTextRanking = async (indexName: string, index: OpenIndex, text: string, limit: number, query: IndexQuery): Promise<IndexHit[]> => {
    const own = await lexicalOf(index);
    const members = await membersOf(indexName, own, query.alongside);
    const collection = collections.of(members.map(([name]) => name).join('\n'), members.map(([, lexical]) => lexical));
    return own.search(questionFor(text), collection, limit, query.sourceIds ? new Set(query.sourceIds) : undefined);
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
        opened.set(indexName, Promise.resolve({ table, dimensions, uncompacted: false }));
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
        written(index);
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
      if (text && !query.vector) return fullTextRanking(indexName, index, text, query.topK, query);
      if (!text && query.vector) return vectorRanking(index, query.vector, query.topK, filter);

      const depth = Math.max(query.topK, FUSION_DEPTH);
      const [lexical, semantic] = await Promise.all([
        fullTextRanking(indexName, index, text!, depth, query),
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
        if (numDeletedRows > 0) written(index);
        return numDeletedRows;
      });
    },

    async dropIndex(indexName) {
      assertIndexName(indexName);
      return serialise(indexName, async () => {
        const connection = await db();
        const index = await open(indexName);
        opened.delete(indexName);
        collections.forget(indexName);
        if (!index) return;
        index.table.close();
        await connection.dropTable(indexName);
        const legacyDocuments = `${indexName}${LEGACY_DOCUMENTS_SUFFIX}`;
        if ((await connection.tableNames()).includes(legacyDocuments)) await connection.dropTable(legacyDocuments);
      });
    },

    async refresh(indexName) {
      const index = await openExisting(indexName);
      await serialise(indexName, async () => {
        if (!index.uncompacted) return;
        // Folds the small fragments each write leaves into few (SciFact, 21k chunks in 42 batches),
        // which keeps reading the rows and scanning vectors fast.
        await index.table.optimize({ cleanupOlderThan: new Date(Date.now() - OLD_VERSIONS_KEPT_MS) });
        index.uncompacted = false;
      });
      await lexicalOf(index);
    },

    async ping() {
      await (await db()).tableNames();
    },

    settled: () => collections.settled(),

    async close() {
      collections.close();
      while (writeQueues.size > 0) await Promise.all(writeQueues.values());
      for (const entry of opened.values()) {
        const index = await entry.catch(() => undefined);
        index?.table.close();
      }
      opened.clear();
      if (connection) (await connection).close();
      connection = undefined;
    },
  };
}

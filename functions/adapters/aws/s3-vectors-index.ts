import {
  ConflictException,
  CreateIndexCommand,
  DeleteIndexCommand,
  DeleteVectorsCommand,
  GetIndexCommand,
  GetVectorBucketCommand,
  ListVectorsCommand,
  NotFoundException,
  PutVectorsCommand,
  QueryVectorsCommand,
  S3VectorsClient,
  type PutInputVector,
} from '@aws-sdk/client-s3vectors';
import {
  assertIndexName,
  scoreFromCosineDistance,
  type IndexHit,
  type IndexRecord,
  type IndexRecordMetadata,
  type IndexSourceType,
  type VectorIndexPort,
} from '../../contracts/ports/vectors';

export interface S3VectorsIndexOptions {
  /** The vector bucket the stack creates; one index per knowledge-base version lives in it. */
  vectorBucketName: string;
  region?: string;
  client?: S3VectorsClient;
}

/** Service limits (S3 Vectors "Limitations and restrictions"). */
export const S3_VECTORS_LIMITS = {
  vectorsPerPut: 500,
  keysPerDelete: 500,
  vectorsPerListPage: 1000,
  maxTopK: 100,
  filterableMetadataBytes: 2048,
  totalMetadataBytes: 40 * 1024,
  /** The service takes 20 MiB; the rest is headroom for the SDK's envelope. */
  requestBytes: 16 * 1024 * 1024,
  maxDimensions: 4096,
} as const;

/**
 * Metadata keys that are returned but cannot be filtered on, so they do not count against the
 * 2 KB of filterable metadata: the chunk text (up to 2000 characters) and the text that follows
 * it (up to 1000), headings, and the name and URL, which can each be long. Only sourceId is ever filtered on. Fixed when an index is created;
 * indexes are rebuilt per deploy, so a change here reaches every knowledge base at its next deploy.
 */
export const NON_FILTERABLE_KEYS = ['text', 'following', 'opening', 'headings', 'name', 'url'] as const;

interface StoredMetadata {
  sourceId: string;
  sourceType: IndexSourceType;
  chunkIndex: number;
  page?: number;
  sheet?: string;
  slide?: number;
  text: string;
  following?: string;
  opening?: string;
  name: string;
  headings?: string[];
  url?: string;
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** Flattens a record into S3 Vectors metadata, refusing what the service would refuse. */
export function toStoredMetadata(record: IndexRecord): StoredMetadata {
  const { name, headings, url, chunkIndex, page, sheet, slide, following, opening } = record.metadata;
  const filterable = {
    sourceId: record.sourceId,
    sourceType: record.sourceType,
    chunkIndex,
    ...(page !== undefined ? { page } : {}),
    ...(sheet !== undefined ? { sheet } : {}),
    ...(slide !== undefined ? { slide } : {}),
  };
  // JSON size over-counts slightly (quotes, braces), which only makes the guard safer.
  if (bytes(filterable) > S3_VECTORS_LIMITS.filterableMetadataBytes) {
    throw new RangeError(`Record ${record.id}: filterable metadata exceeds S3 Vectors' ${S3_VECTORS_LIMITS.filterableMetadataBytes} bytes`);
  }
  const stored: StoredMetadata = {
    ...filterable,
    text: record.text,
    ...(following ? { following } : {}),
    ...(opening ? { opening } : {}),
    name,
    ...(headings && headings.length > 0 ? { headings } : {}),
    ...(url !== undefined ? { url } : {}),
  };
  if (bytes(stored) > S3_VECTORS_LIMITS.totalMetadataBytes) {
    throw new RangeError(`Record ${record.id}: metadata exceeds S3 Vectors' ${S3_VECTORS_LIMITS.totalMetadataBytes} bytes`);
  }
  return stored;
}

function toHit(key: string, stored: StoredMetadata, distance: number): IndexHit {
  const metadata: IndexRecordMetadata = {
    name: stored.name,
    chunkIndex: stored.chunkIndex,
    ...(stored.page !== undefined ? { page: stored.page } : {}),
    ...(stored.sheet !== undefined ? { sheet: stored.sheet } : {}),
    ...(stored.slide !== undefined ? { slide: stored.slide } : {}),
    ...(stored.headings !== undefined ? { headings: stored.headings } : {}),
    ...(stored.url !== undefined ? { url: stored.url } : {}),
    ...(stored.following ? { following: stored.following } : {}),
    ...(stored.opening ? { opening: stored.opening } : {}),
  };
  return { id: key, sourceId: stored.sourceId, sourceType: stored.sourceType, text: stored.text, score: scoreFromCosineDistance(distance), metadata };
}

/** Consecutive groups of at most `count` items and `maxBytes` of serialised size. */
function batches<T>(items: T[], count: number, maxBytes: number): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    const itemBytes = bytes(item);
    if (current.length > 0 && (current.length >= count || size + itemBytes > maxBytes)) {
      groups.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += itemBytes;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * Amazon S3 Vectors as the vector index: float32 vectors, cosine distance, one index per
 * knowledge-base version.
 *
 * - Vector search only (`supportsFullText: false`): the cloud always has an embeddings model.
 *   Lexical-only retrieval (no model) needs the embedded LanceDB index.
 * - Scores are 1 - cosine distance, clamped to 0..1.
 * - `deleteBySource`: S3 Vectors cannot delete by filter, and a filtered query may return fewer
 *   matches than exist, so it lists the whole index with its metadata and deletes the keys whose
 *   sourceId matches, 500 per call. That reads every vector once, which suits the background purge
 *   that calls it; a knowledge base is re-indexed into a fresh index on each deploy anyway.
 */
export function createS3VectorsIndex(options: S3VectorsIndexOptions): VectorIndexPort {
  const client = options.client ?? new S3VectorsClient(options.region ? { region: options.region } : {});
  const vectorBucketName = options.vectorBucketName;
  const dimensionsByIndex = new Map<string, number>();

  const describe = async (indexName: string): Promise<number | undefined> => {
    const known = dimensionsByIndex.get(indexName);
    if (known !== undefined) return known;
    try {
      const { index } = await client.send(new GetIndexCommand({ vectorBucketName, indexName }));
      const dimensions = index?.dimension;
      if (dimensions !== undefined) dimensionsByIndex.set(indexName, dimensions);
      return dimensions;
    } catch (error) {
      if (error instanceof NotFoundException) return undefined;
      throw error;
    }
  };

  const dimensionsOf = async (indexName: string): Promise<number> => {
    assertIndexName(indexName);
    const dimensions = await describe(indexName);
    if (dimensions === undefined) throw new Error(`Vector index ${indexName} does not exist`);
    return dimensions;
  };

  return {
    adapter: 's3vectors',
    supportsFullText: false,

    async ensureIndex(indexName, dimensions) {
      assertIndexName(indexName);
      if (dimensions === null) {
        throw new Error('S3 Vectors holds vectors only: lexical-only retrieval needs the embedded index (configure an embeddings model)');
      }
      if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > S3_VECTORS_LIMITS.maxDimensions) {
        throw new RangeError(`Vector dimensions must be a whole number from 1 to ${S3_VECTORS_LIMITS.maxDimensions}, not ${dimensions}`);
      }
      let existing = await describe(indexName);
      if (existing === undefined) {
        try {
          await client.send(
            new CreateIndexCommand({
              vectorBucketName,
              indexName,
              dataType: 'float32',
              dimension: dimensions,
              distanceMetric: 'cosine',
              metadataConfiguration: { nonFilterableMetadataKeys: [...NON_FILTERABLE_KEYS] },
            }),
          );
          existing = dimensions;
          dimensionsByIndex.set(indexName, dimensions);
        } catch (error) {
          // Another worker created it first; what matters is that its shape fits.
          if (!(error instanceof ConflictException)) throw error;
          existing = await describe(indexName);
        }
      }
      if (existing !== dimensions) throw new Error(`Vector index ${indexName} exists with ${existing} dimensions, not ${dimensions}`);
    },

    async upsert(indexName, records) {
      const dimensions = await dimensionsOf(indexName);
      const vectors: PutInputVector[] = records.map((record) => {
        const vector = record.vector;
        if (!vector || vector.length !== dimensions || vector.some((value) => !Number.isFinite(value))) {
          throw new Error(`Index ${indexName} needs a vector of ${dimensions} finite numbers on record ${record.id}`);
        }
        return { key: record.id, data: { float32: vector }, metadata: toStoredMetadata(record) as unknown as PutInputVector['metadata'] };
      });
      for (const batch of batches(vectors, S3_VECTORS_LIMITS.vectorsPerPut, S3_VECTORS_LIMITS.requestBytes)) {
        await client.send(new PutVectorsCommand({ vectorBucketName, indexName, vectors: batch }));
      }
    },

    async query(indexName, query) {
      assertIndexName(indexName);
      if (!query.vector) throw new Error('S3 Vectors searches by vector only: embed the query text first');
      if (!Number.isInteger(query.topK) || query.topK < 1) throw new RangeError(`topK must be a whole number of at least 1, not ${query.topK}`);
      if (query.sourceIds && query.sourceIds.length === 0) return [];
      const answer = await client.send(
        new QueryVectorsCommand({
          vectorBucketName,
          indexName,
          queryVector: { float32: query.vector },
          topK: Math.min(query.topK, S3_VECTORS_LIMITS.maxTopK),
          ...(query.sourceIds ? { filter: { sourceId: { $in: query.sourceIds } } } : {}),
          returnMetadata: true,
          returnDistance: true,
        }),
      );
      return (answer.vectors ?? []).map((vector) => toHit(vector.key ?? '', vector.metadata as unknown as StoredMetadata, vector.distance ?? 1));
    },

    async deleteBySource(indexName, sourceId) {
      assertIndexName(indexName);
      const keys: string[] = [];
      let nextToken: string | undefined;
      do {
        const page = await client.send(
          new ListVectorsCommand({ vectorBucketName, indexName, maxResults: S3_VECTORS_LIMITS.vectorsPerListPage, returnMetadata: true, nextToken }),
        );
        for (const vector of page.vectors ?? []) {
          if (vector.key && (vector.metadata as { sourceId?: unknown } | undefined)?.sourceId === sourceId) keys.push(vector.key);
        }
        nextToken = page.nextToken;
      } while (nextToken);
      for (let start = 0; start < keys.length; start += S3_VECTORS_LIMITS.keysPerDelete) {
        await client.send(new DeleteVectorsCommand({ vectorBucketName, indexName, keys: keys.slice(start, start + S3_VECTORS_LIMITS.keysPerDelete) }));
      }
      return keys.length;
    },

    async refresh(indexName) {
      assertIndexName(indexName);
    },

    async dropIndex(indexName) {
      assertIndexName(indexName);
      dimensionsByIndex.delete(indexName);
      try {
        await client.send(new DeleteIndexCommand({ vectorBucketName, indexName }));
      } catch (error) {
        if (!(error instanceof NotFoundException)) throw error;
      }
    },

    async ping() {
      await client.send(new GetVectorBucketCommand({ vectorBucketName }));
    },
  };
}

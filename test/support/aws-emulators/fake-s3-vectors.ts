import { listenOnLoopback, type LoopbackServer } from '../loopback-server';
import { readJson, replyJson } from './json-exchange';

interface StoredVector {
  key: string;
  data: number[];
  metadata: Record<string, unknown>;
}

interface StoredIndex {
  dimension: number;
  dataType: string;
  distanceMetric: string;
  nonFilterableMetadataKeys: string[];
  createdAt: number;
  vectors: Map<string, StoredVector>;
}

export interface FakeS3Vectors {
  /** For AWS_ENDPOINT_URL_S3VECTORS. */
  endpoint: string;
  /** Indexes by name, for assertions on what the indexing worker wrote. */
  indexes(vectorBucketName: string): ReadonlyMap<string, { dimension: number; vectors: ReadonlyMap<string, StoredVector> }>;
  stop(): Promise<void>;
}

function cosineDistance(a: number[], b: number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  a.forEach((value, index) => {
    dot += value * (b[index] ?? 0);
    normA += value * value;
    normB += (b[index] ?? 0) ** 2;
  });
  return 1 - dot / (Math.sqrt(normA * normB) || 1);
}

/** The filter operators the index adapter sends: equality and `$in` on a metadata key. */
function matches(metadata: Record<string, unknown>, filter: Record<string, unknown> | undefined): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([field, condition]) => {
    const value = metadata[field];
    if (condition && typeof condition === 'object') {
      const operators = condition as { $in?: unknown[]; $eq?: unknown };
      if (operators.$in) return operators.$in.includes(value);
      if ('$eq' in operators) return operators.$eq === value;
      return false;
    }
    return value === condition;
  });
}

const notFound = (what: string) => ({ __type: 'NotFoundException', message: `${what} does not exist` });

/**
 * Amazon S3 Vectors in its REST-JSON shape (`POST /<Operation>`) for what s3-vectors-index.ts calls:
 * GetVectorBucket, CreateIndex, GetIndex, PutVectors, QueryVectors (cosine, filter, topK),
 * ListVectors, DeleteVectors and DeleteIndex. The vector buckets given exist, as the stack creates its one.
 */
export async function startFakeS3Vectors(vectorBuckets: string[]): Promise<FakeS3Vectors> {
  const buckets = new Map(vectorBuckets.map((name) => [name, new Map<string, StoredIndex>()]));
  const server: LoopbackServer = await listenOnLoopback(async (request, response) => {
    const operation = new URL(request.url ?? '/', 'http://fake').pathname.slice(1);
    const input = await readJson(request);
    const bucketName = String(input.vectorBucketName ?? '');
    const bucket = buckets.get(bucketName);
    if (!bucket) return replyJson(response, 404, notFound(`Vector bucket ${bucketName}`));
    if (operation === 'GetVectorBucket') return replyJson(response, 200, { vectorBucket: { vectorBucketName: bucketName, creationTime: 0 } });
    const indexName = String(input.indexName ?? '');
    const index = bucket.get(indexName);
    if (operation === 'CreateIndex') {
      if (index) return replyJson(response, 409, { __type: 'ConflictException', message: `Index ${indexName} exists` });
      const configuration = (input.metadataConfiguration ?? {}) as { nonFilterableMetadataKeys?: string[] };
      bucket.set(indexName, {
        dimension: Number(input.dimension),
        dataType: String(input.dataType),
        distanceMetric: String(input.distanceMetric),
        nonFilterableMetadataKeys: configuration.nonFilterableMetadataKeys ?? [],
        createdAt: Date.now() / 1000,
        vectors: new Map(),
      });
      return replyJson(response, 200, {});
    }
    if (!index) return replyJson(response, 404, notFound(`Index ${indexName}`));
    switch (operation) {
      case 'GetIndex':
        return replyJson(response, 200, {
          index: {
            vectorBucketName: bucketName,
            indexName,
            creationTime: index.createdAt,
            dataType: index.dataType,
            dimension: index.dimension,
            distanceMetric: index.distanceMetric,
            metadataConfiguration: { nonFilterableMetadataKeys: index.nonFilterableMetadataKeys },
          },
        });
      case 'PutVectors': {
        for (const vector of (input.vectors ?? []) as Array<{ key: string; data: { float32: number[] }; metadata?: Record<string, unknown> }>) {
          if (vector.data.float32.length !== index.dimension) {
            return replyJson(response, 400, { __type: 'ValidationException', message: `Vector ${vector.key} has ${vector.data.float32.length} dimensions, not ${index.dimension}` });
          }
          index.vectors.set(vector.key, { key: vector.key, data: vector.data.float32, metadata: vector.metadata ?? {} });
        }
        return replyJson(response, 200, {});
      }
      case 'QueryVectors': {
        const query = (input.queryVector as { float32: number[] }).float32;
        const filter = input.filter as Record<string, unknown> | undefined;
        const hits = [...index.vectors.values()]
          .filter((vector) => matches(vector.metadata, filter))
          .map((vector) => ({ key: vector.key, metadata: vector.metadata, distance: cosineDistance(query, vector.data) }))
          .sort((a, b) => a.distance - b.distance)
          .slice(0, Number(input.topK ?? 10));
        return replyJson(response, 200, { vectors: hits, distanceMetric: index.distanceMetric });
      }
      case 'ListVectors':
        return replyJson(response, 200, { vectors: [...index.vectors.values()].map((vector) => ({ key: vector.key, metadata: vector.metadata })) });
      case 'DeleteVectors':
        for (const key of (input.keys ?? []) as string[]) index.vectors.delete(key);
        return replyJson(response, 200, {});
      case 'DeleteIndex':
        bucket.delete(indexName);
        return replyJson(response, 200, {});
      default:
        return replyJson(response, 400, { __type: 'ValidationException', message: `The fake S3 Vectors does not serve ${operation}` });
    }
  });
  return {
    endpoint: server.origin,
    indexes: (vectorBucketName) => buckets.get(vectorBucketName) ?? new Map(),
    stop: () => server.close(),
  };
}

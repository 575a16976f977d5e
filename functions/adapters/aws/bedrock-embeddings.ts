import { BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import type { EmbeddingPurpose, EmbeddingsPort } from '../../contracts/ports/embeddings';

export interface BedrockEmbeddingsOptions {
  /** A Titan Text Embeddings v2 or Cohere Embed v3 model id, or an inference profile id naming one. */
  model: string;
  /** Titan v2: 1024 (default), 512 or 256. Cohere v3: 1024 only. */
  dimensions?: number;
  region?: string;
  client?: BedrockRuntimeClient;
  /** Titan embeds one text per call; this many calls run at once. */
  concurrency?: number;
}

interface ModelFamily {
  dimensions: (requested: number | undefined) => number;
  /** Texts per InvokeModel call. */
  batchSize: number;
  body: (texts: string[], purpose: EmbeddingPurpose, dimensions: number) => unknown;
  vectors: (response: unknown) => number[][];
}

/** Titan v2 reads at most 50 000 characters; Cohere v3 2 048 per text (Bedrock's model parameters). */
const TITAN_MAX_CHARACTERS = 50_000;
const COHERE_MAX_CHARACTERS = 2_048;

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return text.slice(0, end);
}

const TITAN_V2: ModelFamily = {
  dimensions: (requested) => {
    const dimensions = requested ?? 1024;
    if (![1024, 512, 256].includes(dimensions)) throw new Error(`Titan Text Embeddings v2 has 1024, 512 or 256 dimensions, not ${dimensions}`);
    return dimensions;
  },
  batchSize: 1,
  // Titan v2 is symmetric: a query and a passage are embedded the same way.
  body: ([text], _purpose, dimensions) => ({ inputText: clip(text ?? '', TITAN_MAX_CHARACTERS), dimensions, normalize: true }),
  vectors: (response) => [(response as { embedding: number[] }).embedding],
};

const COHERE_V3: ModelFamily = {
  dimensions: (requested) => {
    if (requested !== undefined && requested !== 1024) throw new Error(`Cohere Embed v3 has 1024 dimensions, not ${requested}`);
    return 1024;
  },
  batchSize: 96,
  body: (texts, purpose) => ({
    texts: texts.map((text) => clip(text, COHERE_MAX_CHARACTERS)),
    input_type: purpose === 'query' ? 'search_query' : 'search_document',
    // A chunk longer than the model's 512 tokens loses its end rather than failing the whole batch.
    truncate: 'END',
  }),
  vectors: (response) => (response as { embeddings: number[][] }).embeddings,
};

function familyOf(model: string): ModelFamily {
  if (model.includes('amazon.titan-embed-text-v2')) return TITAN_V2;
  if (/cohere\.embed-(english|multilingual)-v3/.test(model)) return COHERE_V3;
  throw new Error(`Unsupported Bedrock embeddings model ${model}: use amazon.titan-embed-text-v2:0, cohere.embed-english-v3 or cohere.embed-multilingual-v3`);
}

async function mapConcurrently<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const position = next++;
      results[position] = await work(items[position]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Amazon Bedrock embeddings through InvokeModel. The default client retries throttling in
 * adaptive mode, which also slows its own request rate, because indexing a knowledge base sends
 * thousands of calls in bursts.
 */
export function createBedrockEmbeddings(options: BedrockEmbeddingsOptions): EmbeddingsPort {
  const family = familyOf(options.model);
  const dimensions = family.dimensions(options.dimensions);
  const client =
    options.client ?? new BedrockRuntimeClient({ ...(options.region ? { region: options.region } : {}), retryMode: 'adaptive', maxAttempts: 8 });
  const decoder = new TextDecoder();

  const invoke = async (texts: string[], purpose: EmbeddingPurpose): Promise<number[][]> => {
    const response = await client.send(
      new InvokeModelCommand({
        modelId: options.model,
        contentType: 'application/json',
        accept: 'application/json',
        body: JSON.stringify(family.body(texts, purpose, dimensions)),
      }),
    );
    const vectors = family.vectors(JSON.parse(decoder.decode(response.body)));
    if (!Array.isArray(vectors) || vectors.length !== texts.length || vectors.some((vector) => vector?.length !== dimensions)) {
      throw new Error(`Bedrock model ${options.model} answered ${vectors?.length ?? 0} vectors of the wrong shape for ${texts.length} texts`);
    }
    return vectors;
  };

  return {
    adapter: 'bedrock',
    model: options.model,
    dimensions,
    async embed(texts, purpose) {
      const batches: string[][] = [];
      for (let start = 0; start < texts.length; start += family.batchSize) batches.push(texts.slice(start, start + family.batchSize));
      const answers = await mapConcurrently(batches, options.concurrency ?? 8, (batch) => invoke(batch, purpose));
      return answers.flat();
    },
  };
}

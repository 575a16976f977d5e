/**
 * The embeddings port: turns chunk and query texts into vectors for the vector index. Amazon
 * Bedrock in the cloud; any OpenAI-compatible `/embeddings` server (OpenAI, vLLM, Ollama, TEI,
 * LM Studio) when one is configured; `none` offline, where retrieval is lexical: callers check
 * `adapter !== 'none'` before calling `embed`.
 */
export type EmbeddingPurpose = 'document' | 'query';

export interface EmbeddingsPort {
  readonly adapter: 'bedrock' | 'openai-compatible' | 'none';
  /** The provider's model id; null for `none`. */
  readonly model: string | null;
  /**
   * Length of every vector `embed` returns; null for `none`, and for an OpenAI-compatible model of
   * unknown size until its first answer.
   */
  readonly dimensions: number | null;
  /**
   * One vector per text, in order. `purpose` matters to asymmetric models (Cohere's input_type,
   * e5's "query:"/"passage:"): index chunks as `document`, search with `query`.
   */
  embed(texts: string[], purpose: EmbeddingPurpose): Promise<number[][]>;
}

/** Asked of the offline adapter, which has no model: a programming error, callers check `adapter` first. */
export class EmbeddingsUnavailableError extends Error {
  constructor() {
    super('No embeddings model is configured (GROUNDWORK_EMBEDDINGS=none): retrieval is lexical');
  }
}


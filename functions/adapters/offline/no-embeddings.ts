import { EmbeddingsUnavailableError, type EmbeddingsPort } from '../../contracts/ports/embeddings';

/** The offline adapter: it has no model, so asking it for vectors is a programming error. */
export function createNoEmbeddings(): EmbeddingsPort {
  return {
    adapter: 'none',
    model: null,
    dimensions: null,
    embed: async () => {
      throw new EmbeddingsUnavailableError();
    },
  };
}

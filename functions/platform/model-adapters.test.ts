import { describe, expect, it } from 'vitest';
import { EmbeddingsUnavailableError } from '../contracts/ports/embeddings';
import { createChatModelFromEnvironment, createEmbeddingsFromEnvironment, EMBEDDINGS_ENV } from './model-adapters';

describe('createChatModelFromEnvironment', () => {
  it('answers extractively offline and by default locally', () => {
    expect(createChatModelFromEnvironment({ GROUNDWORK_MODELS: 'offline' }).adapter).toBe('extractive');
    expect(createChatModelFromEnvironment({ GROUNDWORK_RUNTIME: 'local' }).adapter).toBe('extractive');
  });

  it('uses Bedrock in the cloud, with or without an OpenAI-compatible server for the GPT ids', () => {
    expect(createChatModelFromEnvironment({ GROUNDWORK_RUNTIME: 'cloud', AWS_REGION: 'eu-west-1' }).adapter).toBe('bedrock');
    expect(createChatModelFromEnvironment({ GROUNDWORK_MODELS: 'bedrock', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', AWS_REGION: 'eu-west-1' }).adapter).toBe('bedrock');
  });

  it('sends every id to the OpenAI-compatible server when asked', () => {
    expect(createChatModelFromEnvironment({ GROUNDWORK_CHAT_ADAPTER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', OPENAI_CHAT_MODEL: 'llama3' }).adapter).toBe('openai-compatible');
  });

  it('refuses values it does not know', () => {
    expect(() => createChatModelFromEnvironment({ GROUNDWORK_CHAT_ADAPTER: 'gemini' })).toThrow(/GROUNDWORK_CHAT_ADAPTER/);
    expect(() => createChatModelFromEnvironment({ GROUNDWORK_MODELS: 'offline', GROUNDWORK_CHAT_MODEL_MAP: '[1]' })).toThrow(/GROUNDWORK_CHAT_MODEL_MAP/);
  });
});

describe('createEmbeddingsFromEnvironment', () => {
  it('builds each adapter from its variables', () => {
    const openai = createEmbeddingsFromEnvironment({
      [EMBEDDINGS_ENV.adapter]: 'openai',
      [EMBEDDINGS_ENV.openAiBaseUrl]: 'http://127.0.0.1:1/v1',
      [EMBEDDINGS_ENV.model]: 'bge-m3',
    });
    expect(openai).toMatchObject({ adapter: 'openai-compatible', model: 'bge-m3' });

    expect(createEmbeddingsFromEnvironment({ [EMBEDDINGS_ENV.adapter]: 'bedrock', [EMBEDDINGS_ENV.dimensions]: '512' })).toMatchObject({
      adapter: 'bedrock',
      model: 'amazon.titan-embed-text-v2:0',
      dimensions: 512,
    });
  });

  it('follows the runtime when unset: Bedrock in the cloud, none offline', async () => {
    expect(createEmbeddingsFromEnvironment({}).adapter).toBe('bedrock');
    expect(createEmbeddingsFromEnvironment({ GROUNDWORK_RUNTIME: 'local' }).adapter).toBe('none');
    expect(createEmbeddingsFromEnvironment({ GROUNDWORK_RUNTIME: 'local', GROUNDWORK_MODELS: 'bedrock' }).adapter).toBe('bedrock');
    const none = createEmbeddingsFromEnvironment({ [EMBEDDINGS_ENV.adapter]: 'none' });
    expect(none).toMatchObject({ adapter: 'none', model: null, dimensions: null });
    await expect(none.embed(['x'], 'query')).rejects.toBeInstanceOf(EmbeddingsUnavailableError);
  });

  it('refuses values it does not know', () => {
    expect(() => createEmbeddingsFromEnvironment({ [EMBEDDINGS_ENV.adapter]: 'cohere' })).toThrow(/one of none, bedrock, openai/);
    expect(() => createEmbeddingsFromEnvironment({ [EMBEDDINGS_ENV.adapter]: 'openai', [EMBEDDINGS_ENV.dimensions]: 'big' })).toThrow(/whole number/);
  });
});

import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddingsUnavailableError } from '../contracts/ports/embeddings';
import { catalogEntry } from '../adapters/aws/bedrock-model-catalog';
import { createChatModelFromEnvironment, createEmbeddingsFromEnvironment, EMBEDDINGS_DEFAULT_MODELS, EMBEDDINGS_ENV } from './model-adapters';

const bedrock = mockClient(BedrockRuntimeClient);
beforeEach(() => bedrock.reset());
afterAll(() => bedrock.restore());

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

  it('invokes the inference profile of the Region, or the routing the stack set', async () => {
    bedrock.on(ConverseCommand).resolves({ output: { message: { role: 'assistant', content: [{ text: 'ok' }] } }, stopReason: 'end_turn', usage: undefined, metrics: undefined });
    const ask = (env: Record<string, string>) => createChatModelFromEnvironment({ GROUNDWORK_RUNTIME: 'cloud', ...env }).answer({ question: 'q', history: [], passages: [], model: 'claude-3-sonnet' });
    await ask({ AWS_REGION: 'eu-west-1' });
    await ask({ AWS_REGION: 'eu-west-1', GROUNDWORK_BEDROCK_ROUTING: 'global' });
    await ask({ AWS_REGION: 'eu-west-1', GROUNDWORK_CHAT_MODEL_MAP: JSON.stringify({ 'claude-3-sonnet': 'anthropic.claude-sonnet-4-5-20250929-v1:0' }) });
    expect(bedrock.commandCalls(ConverseCommand).map((call) => call.args[0].input.modelId)).toEqual([
      'eu.anthropic.claude-sonnet-4-6',
      'global.anthropic.claude-sonnet-4-6',
      'eu.anthropic.claude-sonnet-4-5-20250929-v1:0',
    ]);
  });

  it('refuses values it does not know', () => {
    expect(() => createChatModelFromEnvironment({ GROUNDWORK_CHAT_ADAPTER: 'gemini' })).toThrow(/GROUNDWORK_CHAT_ADAPTER/);
    expect(() => createChatModelFromEnvironment({ GROUNDWORK_RUNTIME: 'cloud', GROUNDWORK_BEDROCK_ROUTING: 'mars' })).toThrow(/GROUNDWORK_BEDROCK_ROUTING must be one of auto, in-region, global/);
    expect(() => createChatModelFromEnvironment({ GROUNDWORK_MODELS: 'offline', GROUNDWORK_CHAT_MODEL_MAP: '[1]' })).toThrow(/GROUNDWORK_CHAT_MODEL_MAP/);
  });
});

describe('createEmbeddingsFromEnvironment', () => {
  it('defaults Bedrock to a catalogued embeddings model', () => {
    expect(catalogEntry(EMBEDDINGS_DEFAULT_MODELS.bedrock)?.model.kind).toBe('embeddings');
  });

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

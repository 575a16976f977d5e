import { describe, expect, it } from 'vitest';
import { createChatModelFromEnvironment } from '../contracts/ports/chat-model';

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

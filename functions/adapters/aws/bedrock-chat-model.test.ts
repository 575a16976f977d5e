import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Passage } from '../../contracts/ports/passage';
import { ChatModelError, MAX_OUTPUT_TOKENS } from '../../contracts/ports/chat-model';
import { LLM_MODELS } from '../../../shared/rules/chat';
import { BEDROCK_MODELS, createBedrockChatModel, resolveBedrockModel } from './bedrock-chat-model';
import { catalogEntry } from './bedrock-model-catalog';

const bedrock = mockClient(BedrockRuntimeClient);
beforeEach(() => bedrock.reset());

const passages: Passage[] = [{ documentId: 'fil_1', name: 'refunds.md', knowledgeBaseId: 'kb_1', snippet: 'Refunds…', text: 'Refunds take 30 days.', score: 0.9, sourceType: 'file' }];
const replying = (text: string) => ({ output: { message: { role: 'assistant' as const, content: [{ text }] } }, stopReason: 'end_turn' as const, usage: undefined, metrics: undefined });

describe('createBedrockChatModel', () => {
  it('maps every product id of the contract to a current catalogued Bedrock model', () => {
    for (const id of LLM_MODELS) expect(catalogEntry(BEDROCK_MODELS[id]!.modelId), id).toBeDefined();
    expect(resolveBedrockModel('claude-3-sonnet', {}, { region: 'eu-west-1' })).toEqual({ modelId: 'eu.anthropic.claude-sonnet-4-6', reportedAs: 'claude-sonnet-4.6' });
    expect(resolveBedrockModel('gpt-3.5-turbo', {}, { region: 'us-east-1' })).toEqual({ modelId: 'us.anthropic.claude-haiku-4-5-20251001-v1:0', reportedAs: 'claude-haiku-4.5' });
    expect(resolveBedrockModel('gpt-4', {}, { region: 'sa-east-1' }).modelId).toBe('global.anthropic.claude-sonnet-4-6');
    expect(resolveBedrockModel('mistral-7b', {}, { region: 'eu-west-1' }).modelId).toBe('mistral.ministral-3-8b-instruct');
    expect(resolveBedrockModel('claude-3-opus', { 'claude-3-opus': 'global.anthropic.claude-opus-4-6-v1' }, { region: 'eu-west-1' })).toEqual({
      modelId: 'global.anthropic.claude-opus-4-6-v1',
      reportedAs: 'claude-opus-4.6',
    });
    expect(resolveBedrockModel('claude-3-opus', { 'claude-3-opus': 'anthropic.claude-opus-4-5-20251101-v1:0' }, { region: 'us-east-1' })).toEqual({
      modelId: 'us.anthropic.claude-opus-4-5-20251101-v1:0',
      reportedAs: 'anthropic.claude-opus-4-5-20251101-v1:0',
    });
    expect(resolveBedrockModel('claude-3-opus', {}, { region: 'eu-west-1', routing: 'in-region' }).modelId).toBe('anthropic.claude-opus-4-6-v1');
    expect(() => resolveBedrockModel('llama-2')).toThrow(ChatModelError);
  });

  it('converses with the system prompt, the turns and the limits, and reports what answered', async () => {
    bedrock.on(ConverseCommand).resolves(replying('Refunds take 30 days [1].'));
    const model = createBedrockChatModel({ region: 'eu-west-1', client: new BedrockRuntimeClient({ region: 'eu-west-1' }) });
    const answer = await model.answer({ question: 'How long?', history: [{ sender: 'user', text: 'Hi' }, { sender: 'assistant', text: 'Hello' }], passages, model: 'claude-3-sonnet' });
    expect(answer).toEqual({ text: 'Refunds take 30 days [1].', citedPassageIndexes: [0], generator: { kind: 'llm', model: 'claude-sonnet-4.6' } });
    const input = bedrock.commandCalls(ConverseCommand)[0]?.args[0].input;
    expect(input?.modelId).toBe('eu.anthropic.claude-sonnet-4-6');
    expect(input?.system?.[0]).toMatchObject({ text: expect.stringContaining('numbered passages') });
    expect(input?.messages?.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(input?.inferenceConfig).toMatchObject({ maxTokens: MAX_OUTPUT_TOKENS });
  });

  it('folds the system prompt into the first turn for a mapped Mistral 7B, which takes none', async () => {
    bedrock.on(ConverseCommand).resolves(replying('ok'));
    const modelMap = { 'mistral-7b': 'mistral.mistral-7b-instruct-v0:2' };
    await createBedrockChatModel({ modelMap, client: new BedrockRuntimeClient({ region: 'eu-west-1' }) }).answer({ question: 'q', history: [], passages, model: 'mistral-7b' });
    const input = bedrock.commandCalls(ConverseCommand)[0]?.args[0].input;
    expect(input?.system).toBeUndefined();
    expect((input?.messages?.[0]?.content?.[0] as { text: string }).text).toMatch(/^You answer questions[\s\S]*Question: q$/);
  });

  it('wraps provider failures as ChatModelError', async () => {
    bedrock.on(ConverseCommand).rejects(Object.assign(new Error('Model access denied'), { name: 'AccessDeniedException', $metadata: { httpStatusCode: 403 } }));
    await expect(createBedrockChatModel({ client: new BedrockRuntimeClient({ region: 'eu-west-1' }) }).answer({ question: 'q', history: [], passages, model: 'claude-3-opus' })).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining('AccessDeniedException'),
    });
  });
});

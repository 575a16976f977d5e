import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Passage } from '../../contracts/ports/passage';
import { ChatModelError, MAX_OUTPUT_TOKENS } from '../../contracts/ports/chat-model';
import { BEDROCK_MODELS, createBedrockChatModel, resolveBedrockModel } from './bedrock-chat-model';

const bedrock = mockClient(BedrockRuntimeClient);
beforeEach(() => bedrock.reset());

const passages: Passage[] = [{ documentId: 'fil_1', name: 'refunds.md', knowledgeBaseId: 'kb_1', snippet: 'Refunds…', text: 'Refunds take 30 days.', score: 0.9, sourceType: 'file' }];
const replying = (text: string) => ({ output: { message: { role: 'assistant' as const, content: [{ text }] } }, stopReason: 'end_turn' as const, usage: undefined, metrics: undefined });

describe('createBedrockChatModel', () => {
  it('maps every product id of the contract to a Bedrock model', () => {
    for (const id of ['gpt-3.5-turbo', 'gpt-4', 'claude-3-opus', 'claude-3-sonnet', 'mistral-7b']) expect(BEDROCK_MODELS[id]?.modelId).toBeTruthy();
    expect(resolveBedrockModel('claude-3-sonnet')).toEqual({ modelId: 'anthropic.claude-3-sonnet-20240229-v1:0', reportedAs: 'claude-3-sonnet' });
    expect(resolveBedrockModel('gpt-4')).toEqual({ modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0', reportedAs: 'claude-3.5-sonnet' });
    expect(resolveBedrockModel('claude-3-opus', { 'claude-3-opus': 'us.anthropic.claude-3-opus-20240229-v1:0' })).toEqual({
      modelId: 'us.anthropic.claude-3-opus-20240229-v1:0',
      reportedAs: 'us.anthropic.claude-3-opus-20240229-v1:0',
    });
    expect(() => resolveBedrockModel('llama-2')).toThrow(ChatModelError);
  });

  it('converses with the system prompt, the turns and the limits, and reports what answered', async () => {
    bedrock.on(ConverseCommand).resolves(replying('Refunds take 30 days [1].'));
    const model = createBedrockChatModel({ client: new BedrockRuntimeClient({ region: 'eu-west-1' }) });
    const answer = await model.answer({ question: 'How long?', history: [{ sender: 'user', text: 'Hi' }, { sender: 'assistant', text: 'Hello' }], passages, model: 'claude-3-sonnet' });
    expect(answer).toEqual({ text: 'Refunds take 30 days [1].', citedPassageIndexes: [0], generator: { kind: 'llm', model: 'claude-3-sonnet' } });
    const input = bedrock.commandCalls(ConverseCommand)[0]?.args[0].input;
    expect(input?.modelId).toBe('anthropic.claude-3-sonnet-20240229-v1:0');
    expect(input?.system?.[0]).toMatchObject({ text: expect.stringContaining('numbered passages') });
    expect(input?.messages?.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(input?.inferenceConfig).toMatchObject({ maxTokens: MAX_OUTPUT_TOKENS });
  });

  it('folds the system prompt into the first turn for Mistral, which takes none', async () => {
    bedrock.on(ConverseCommand).resolves(replying('ok'));
    await createBedrockChatModel({ client: new BedrockRuntimeClient({ region: 'eu-west-1' }) }).answer({ question: 'q', history: [], passages, model: 'mistral-7b' });
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

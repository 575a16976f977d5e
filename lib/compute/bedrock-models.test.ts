import { App, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { catalogEntry } from '../../functions/adapters/aws/bedrock-model-catalog';
import { CHAT_MODEL_ENV, EMBEDDINGS_ENV } from '../../functions/platform/model-adapters';
import { LLM_MODELS } from '../../shared/rules/chat';
import { CONTEXT } from '../context';
import { synthGroundwork } from '../testing/synth';
import { bedrockModelEnvironment } from './bedrock-models';

const stackIn = (region: string | undefined, context: Record<string, unknown> = {}): Stack =>
  new Stack(new App({ context }), 'Models', region ? { env: { account: '123456789012', region } } : {});

const chatMap = (environment: Record<string, string>): Record<string, string> => JSON.parse(environment[CHAT_MODEL_ENV.modelMap]!) as Record<string, string>;

describe('bedrockModelEnvironment', () => {
  it("maps every product model to a catalogued id through the stack Region's inference profiles by default", () => {
    const environment = bedrockModelEnvironment(stackIn('eu-west-1'));
    expect(chatMap(environment)).toEqual({
      'gpt-3.5-turbo': 'eu.anthropic.claude-haiku-4-5-20251001-v1:0',
      'gpt-4': 'eu.anthropic.claude-sonnet-4-6',
      'claude-3-opus': 'eu.anthropic.claude-opus-4-6-v1',
      'claude-3-sonnet': 'eu.anthropic.claude-sonnet-4-6',
      'mistral-7b': 'mistral.ministral-3-8b-instruct',
    });
    expect(environment).toMatchObject({ [CHAT_MODEL_ENV.bedrockRouting]: 'auto', [EMBEDDINGS_ENV.model]: 'amazon.titan-embed-text-v2:0' });
  });

  it('takes the mapping, embeddings model and routing from context, as an object or a JSON string', () => {
    const context = {
      [CONTEXT.chatModels]: JSON.stringify({ 'gpt-4': 'anthropic.claude-opus-4-5-20251101-v1:0' }),
      [CONTEXT.embeddingsModel]: 'cohere.embed-multilingual-v3',
      [CONTEXT.bedrockRouting]: 'global',
    };
    const environment = bedrockModelEnvironment(stackIn('us-east-1', context));
    expect(chatMap(environment)).toMatchObject({ 'gpt-4': 'global.anthropic.claude-opus-4-5-20251101-v1:0', 'claude-3-sonnet': 'global.anthropic.claude-sonnet-4-6' });
    expect(environment).toMatchObject({ [CHAT_MODEL_ENV.bedrockRouting]: 'global', [EMBEDDINGS_ENV.model]: 'cohere.embed-multilingual-v3' });
    const fromObject = bedrockModelEnvironment(stackIn('us-east-1', { [CONTEXT.chatModels]: { 'mistral-7b': 'mistral.mistral-large-3-675b-instruct' } }));
    expect(chatMap(fromObject)['mistral-7b']).toBe('mistral.mistral-large-3-675b-instruct');
  });

  it('leaves base ids to the function when the Region is only known at deploy time', () => {
    expect(chatMap(bedrockModelEnvironment(stackIn(undefined)))['claude-3-sonnet']).toBe('anthropic.claude-sonnet-4-6');
    expect(chatMap(bedrockModelEnvironment(stackIn(undefined, { [CONTEXT.bedrockRouting]: 'us' })))['claude-3-sonnet']).toBe('us.anthropic.claude-sonnet-4-6');
  });

  it('refuses at synth an id outside the catalogue, an unknown product id, a bad routing or a missing profile, saying what to use', () => {
    const synth = (context: Record<string, unknown>) => () => bedrockModelEnvironment(stackIn('eu-west-1', context));
    expect(synth({ [CONTEXT.chatModels]: '{"claude-3-sonnet":"anthropic.claude-3-sonnet-20240229-v1:0"}' })).toThrow(
      /groundwork:chatModels maps claude-3-sonnet: "anthropic.claude-3-sonnet-20240229-v1:0" is not a current Bedrock chat model listed in functions\/adapters\/aws\/bedrock-model-catalog.ts \(read 2026-11-26\)\. Use one of anthropic\.claude-opus-4-6-v1/,
    );
    expect(synth({ [CONTEXT.chatModels]: '{"gpt-5":"anthropic.claude-sonnet-4-6"}' })).toThrow(/"gpt-5" is not a product model id; they are gpt-3.5-turbo, gpt-4/);
    expect(synth({ [CONTEXT.chatModels]: 'claude' })).toThrow(/must be a JSON object/);
    expect(synth({ [CONTEXT.embeddingsModel]: 'anthropic.claude-sonnet-4-6' })).toThrow(/groundwork:embeddingsModel: "anthropic.claude-sonnet-4-6" is not a current Bedrock embeddings model/);
    expect(synth({ [CONTEXT.bedrockRouting]: 'mars' })).toThrow(/groundwork:bedrockRouting must be one of auto, in-region/);
    expect(synth({ [CONTEXT.bedrockRouting]: 'apac' })).toThrow(/groundwork:bedrockRouting is apac, but Claude Haiku 4.5 \(anthropic.claude-haiku-4-5-20251001-v1:0\) has no apac inference profile; it offers global, us, eu: choose another routing/);
  });
});

describe('the synthesized stack', () => {
  it('gives every function the same catalogued model settings, with cdk.json context too', () => {
    const { template } = synthGroundwork();
    const environments = Object.values(template.findResources('AWS::Lambda::Function'))
      .map((resource) => (resource as { Properties: { Environment?: { Variables?: Record<string, string> } } }).Properties.Environment?.Variables)
      .filter((variables): variables is Record<string, string> => variables?.[CHAT_MODEL_ENV.modelMap] !== undefined);
    expect(environments.length).toBeGreaterThan(10);
    for (const variables of environments) {
      const map = chatMap(variables);
      expect(Object.keys(map).sort()).toEqual([...LLM_MODELS].sort());
      for (const id of Object.values(map)) expect(catalogEntry(id)?.model.kind, id).toBe('chat');
      expect(catalogEntry(variables[EMBEDDINGS_ENV.model]!)?.model.kind).toBe('embeddings');
    }
  });
});

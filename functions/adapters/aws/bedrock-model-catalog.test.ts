import { describe, expect, it } from 'vitest';
import { LLM_MODELS } from '../../../shared/rules/chat';
import { BEDROCK_MODELS } from './bedrock-chat-model';
import { BEDROCK_CATALOG, catalogEntry, geographiesOfRegion, invocationId } from './bedrock-model-catalog';

describe('the Bedrock model catalogue', () => {
  it('holds every default chat model (the embeddings default: model-adapters.test.ts)', () => {
    for (const id of LLM_MODELS) expect(catalogEntry(BEDROCK_MODELS[id]!.modelId)?.model.kind, id).toBe('chat');
  });

  it('lists no Legacy model the issue found (Claude 3, Claude 3.5 Sonnet, Mistral 7B) and no id twice', () => {
    const ids = BEDROCK_CATALOG.map((model) => model.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => /claude-3-|claude-3-5|mistral-7b/.test(id))).toEqual([]);
  });

  it('knows a profile id only for the geographies the model offers', () => {
    expect(catalogEntry('eu.anthropic.claude-sonnet-4-6')).toMatchObject({ geography: 'eu', model: { name: 'Claude Sonnet 4.6' } });
    expect(catalogEntry('apac.anthropic.claude-sonnet-4-6')).toBeUndefined();
    expect(catalogEntry('us.mistral.ministral-3-8b-instruct')).toBeUndefined();
    expect(catalogEntry('anthropic.claude-3-sonnet-20240229-v1:0')).toBeUndefined();
    expect(catalogEntry('nonsense')).toBeUndefined();
  });

  it("routes a base id through its Region's geography, then global, else in-Region", () => {
    expect(geographiesOfRegion('us-west-2')).toEqual(['us', 'global']);
    expect(geographiesOfRegion('ap-northeast-1')).toEqual(['jp', 'apac', 'global']);
    expect(geographiesOfRegion('us-gov-west-1')).toEqual(['global']);
    expect(invocationId('anthropic.claude-haiku-4-5-20251001-v1:0', 'eu-central-1')).toBe('eu.anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(invocationId('anthropic.claude-haiku-4-5-20251001-v1:0', 'ap-southeast-2')).toBe('global.anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(invocationId('anthropic.claude-opus-4-6-v1', 'ap-southeast-2')).toBe('apac.anthropic.claude-opus-4-6-v1');
    expect(invocationId('amazon.titan-embed-text-v2:0', 'eu-west-1')).toBe('amazon.titan-embed-text-v2:0');
    expect(invocationId('us.anthropic.claude-sonnet-4-6', 'eu-west-1')).toBe('us.anthropic.claude-sonnet-4-6');
  });

  it('follows a named routing, and refuses one the model does not offer', () => {
    expect(invocationId('anthropic.claude-sonnet-4-6', 'eu-west-1', 'global')).toBe('global.anthropic.claude-sonnet-4-6');
    expect(invocationId('anthropic.claude-sonnet-4-6', 'eu-west-1', 'in-region')).toBe('anthropic.claude-sonnet-4-6');
    expect(invocationId('mistral.ministral-3-8b-instruct', 'eu-west-1', 'global')).toBe('mistral.ministral-3-8b-instruct');
    expect(() => invocationId('anthropic.claude-sonnet-4-6', 'ap-south-1', 'apac')).toThrow(/no apac inference profile; it offers global, us, eu, jp/);
  });
});

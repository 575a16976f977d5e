/**
 * The Bedrock models Groundwork may be configured with, as read from AWS's and Anthropic's pages on
 * 2026-11-26. The stack refuses any other id at synth (lib/compute/bedrock-models.ts) and a unit
 * test checks every default against this list, so a model AWS retires is replaced here, in one
 * place, with the page it was read from.
 *
 * Only models that answer through the Converse API (chat) or InvokeModel with the request shapes of
 * bedrock-embeddings.ts (embeddings) belong here: Claude Opus 4.7 and later are served through the
 * Messages-API endpoint and have no ARN-versioned id, so they are not listed.
 */

/** Cross-Region inference profile geographies: the id prefix Bedrock routes by (`us.anthropic…`). */
export const GEOGRAPHIES = ['global', 'us', 'eu', 'jp', 'apac'] as const;
export type Geography = (typeof GEOGRAPHIES)[number];

export interface CatalogModel {
  /** The base (in-Region) model id. */
  readonly id: string;
  readonly name: string;
  readonly kind: 'chat' | 'embeddings';
  /** The geographies with a system-defined inference profile `<geography>.<id>`; empty: in-Region only. */
  readonly profiles: readonly Geography[];
}

export const BEDROCK_CATALOG_READ_ON = '2026-11-26';

export const BEDROCK_CATALOG_SOURCES = [
  // Model ids and the global/us/eu/jp/apac profile table of the Claude models.
  'https://platform.claude.com/docs/en/build-with-claude/claude-on-amazon-bedrock-legacy (Claude on Amazon Bedrock, "API model IDs")',
  // Haiku 4.5: model id, geographic (us., eu.) and global inference ids.
  'https://docs.aws.amazon.com/bedrock/latest/userguide/model-card-anthropic-claude-haiku-4-5.html',
  'https://docs.aws.amazon.com/bedrock/latest/userguide/inference-profiles-support.html (model ids per model card)',
  'https://docs.aws.amazon.com/bedrock/latest/userguide/model-cards-mistral-ai.html (Ministral 3 8B)',
  'https://docs.aws.amazon.com/bedrock/latest/userguide/model-lifecycle.html (Legacy models are closed to new customers)',
  'https://docs.aws.amazon.com/bedrock/latest/userguide/models-supported.html (Titan Text Embeddings V2, Cohere Embed v3: in-Region ids)',
  'https://docs.aws.amazon.com/bedrock/latest/userguide/model-access.html (access is on by default; Anthropic asks a one-time use-case form)',
] as const;

export const BEDROCK_CATALOG: readonly CatalogModel[] = [
  { id: 'anthropic.claude-opus-4-6-v1', name: 'Claude Opus 4.6', kind: 'chat', profiles: ['global', 'us', 'eu', 'jp', 'apac'] },
  { id: 'anthropic.claude-sonnet-4-6', name: 'Claude Sonnet 4.6', kind: 'chat', profiles: ['global', 'us', 'eu', 'jp'] },
  { id: 'anthropic.claude-sonnet-4-5-20250929-v1:0', name: 'Claude Sonnet 4.5', kind: 'chat', profiles: ['global', 'us', 'eu', 'jp'] },
  { id: 'anthropic.claude-opus-4-5-20251101-v1:0', name: 'Claude Opus 4.5', kind: 'chat', profiles: ['global', 'us', 'eu'] },
  { id: 'anthropic.claude-haiku-4-5-20251001-v1:0', name: 'Claude Haiku 4.5', kind: 'chat', profiles: ['global', 'us', 'eu'] },
  { id: 'mistral.ministral-3-8b-instruct', name: 'Ministral 3 8B', kind: 'chat', profiles: [] },
  { id: 'mistral.ministral-3-14b-instruct', name: 'Ministral 14B 3.0', kind: 'chat', profiles: [] },
  { id: 'mistral.mistral-large-3-675b-instruct', name: 'Mistral Large 3', kind: 'chat', profiles: [] },
  { id: 'amazon.titan-embed-text-v2:0', name: 'Titan Text Embeddings V2', kind: 'embeddings', profiles: [] },
  { id: 'cohere.embed-english-v3', name: 'Cohere Embed English v3', kind: 'embeddings', profiles: [] },
  { id: 'cohere.embed-multilingual-v3', name: 'Cohere Embed Multilingual v3', kind: 'embeddings', profiles: [] },
];

/** How an id without a profile prefix is invoked: `auto` picks the stack Region's geography. */
export const BEDROCK_ROUTINGS = ['auto', 'in-region', ...GEOGRAPHIES] as const;
export type BedrockRouting = (typeof BEDROCK_ROUTINGS)[number];

export function isBedrockRouting(value: string): value is BedrockRouting {
  return (BEDROCK_ROUTINGS as readonly string[]).includes(value);
}

/** The catalogue entry an id names, with the profile geography when it is one (`eu.anthropic…`). */
export function catalogEntry(id: string): { model: CatalogModel; geography: Geography | null } | undefined {
  const direct = BEDROCK_CATALOG.find((model) => model.id === id);
  if (direct) return { model: direct, geography: null };
  const dot = id.indexOf('.');
  const prefix = id.slice(0, dot) as Geography;
  if (dot < 0 || !GEOGRAPHIES.includes(prefix)) return undefined;
  const model = BEDROCK_CATALOG.find((candidate) => candidate.id === id.slice(dot + 1));
  return model && model.profiles.includes(prefix) ? { model, geography: prefix } : undefined;
}

/** The geographies whose profiles a Region may call, nearest first; global serves every commercial Region. */
export function geographiesOfRegion(region: string): Geography[] {
  if (region.startsWith('us-') && !region.startsWith('us-gov-')) return ['us', 'global'];
  if (region.startsWith('eu-')) return ['eu', 'global'];
  if (region === 'ap-northeast-1' || region === 'ap-northeast-3') return ['jp', 'apac', 'global'];
  if (region.startsWith('ap-')) return ['apac', 'global'];
  return ['global'];
}

/**
 * The id to invoke for a configured one. A profile id or an id outside the catalogue is kept as
 * given; a catalogued base id goes through an inference profile when the model has one: with
 * `auto` the Region's own geography first (requests stay in it), then global; with a named
 * geography that one or an error; with `in-region` never. A model without profiles stays in-Region.
 */
export function invocationId(id: string, region: string | undefined, routing: BedrockRouting = 'auto'): string {
  const entry = catalogEntry(id);
  // A model without profiles is served in-Region whatever the routing: there is nothing to choose.
  if (!entry || entry.geography !== null || routing === 'in-region' || entry.model.profiles.length === 0) return id;
  const { model } = entry;
  if (routing !== 'auto') {
    if (!model.profiles.includes(routing)) throw new Error(`${model.name} (${model.id}) has no ${routing} inference profile; it offers ${model.profiles.join(', ')}`);
    return `${routing}.${model.id}`;
  }
  const geography = geographiesOfRegion(region ?? '').find((candidate) => model.profiles.includes(candidate));
  return geography ? `${geography}.${model.id}` : model.id;
}

import { BedrockRuntimeClient, InvokeModelCommand, type InvokeModelCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createBedrockEmbeddings } from './bedrock-embeddings';

const bedrock = mockClient(BedrockRuntimeClient);
const client = new BedrockRuntimeClient({ region: 'eu-west-1' });

const answer = (value: unknown) => ({ body: new TextEncoder().encode(JSON.stringify(value)) }) as unknown as InvokeModelCommandOutput;
const requestBody = (call: number) => JSON.parse(String(bedrock.commandCalls(InvokeModelCommand)[call]!.args[0].input.body));

describe('createBedrockEmbeddings', () => {
  beforeEach(() => bedrock.reset());
  afterAll(() => bedrock.restore());

  it('embeds with Titan v2 one text per call, with the chosen dimensions and normalisation, in order', async () => {
    bedrock.on(InvokeModelCommand).callsFake((input: { body: string }) => {
      const { inputText } = JSON.parse(input.body) as { inputText: string };
      return answer({ embedding: Array.from({ length: 256 }, () => inputText.length), inputTextTokenCount: 1 });
    });
    const embeddings = createBedrockEmbeddings({ model: 'amazon.titan-embed-text-v2:0', dimensions: 256, client });
    expect(embeddings).toMatchObject({ adapter: 'bedrock', model: 'amazon.titan-embed-text-v2:0', dimensions: 256 });

    const vectors = await embeddings.embed(['a', 'bb', 'ccc'], 'document');
    expect(vectors.map((vector) => vector[0])).toEqual([1, 2, 3]);
    expect(bedrock.commandCalls(InvokeModelCommand)).toHaveLength(3);
    expect(bedrock.commandCalls(InvokeModelCommand)[0]!.args[0].input).toMatchObject({
      modelId: 'amazon.titan-embed-text-v2:0',
      contentType: 'application/json',
      accept: 'application/json',
    });
    expect(requestBody(0)).toEqual({ inputText: 'a', dimensions: 256, normalize: true });
  });

  it('defaults Titan v2 to 1024 dimensions and refuses a size it does not offer', () => {
    expect(createBedrockEmbeddings({ model: 'amazon.titan-embed-text-v2:0', client }).dimensions).toBe(1024);
    expect(() => createBedrockEmbeddings({ model: 'amazon.titan-embed-text-v2:0', dimensions: 768, client })).toThrow(/1024, 512 or 256/);
  });

  it('sends Cohere v3 texts in batches of 96 with the purpose as input_type', async () => {
    bedrock.on(InvokeModelCommand).callsFake((input: { body: string }) => {
      const { texts } = JSON.parse(input.body) as { texts: string[] };
      return answer({ id: 'x', response_type: 'embeddings_floats', embeddings: texts.map((text) => Array.from({ length: 1024 }, () => Number(text))) });
    });
    const embeddings = createBedrockEmbeddings({ model: 'cohere.embed-multilingual-v3', client });
    const texts = Array.from({ length: 200 }, (_, n) => String(n));

    const vectors = await embeddings.embed(texts, 'document');
    expect(vectors.map((vector) => vector[0])).toEqual(texts.map(Number));
    const sizes = bedrock.commandCalls(InvokeModelCommand).map((call) => JSON.parse(String(call.args[0].input.body)).texts.length);
    expect(sizes).toEqual([96, 96, 8]);
    expect(requestBody(0)).toMatchObject({ input_type: 'search_document', truncate: 'END' });

    bedrock.resetHistory();
    await embeddings.embed(['7'], 'query');
    expect(requestBody(0)).toMatchObject({ texts: ['7'], input_type: 'search_query' });
  });

  it('clips Cohere texts to the 2048 characters Bedrock accepts', async () => {
    bedrock.on(InvokeModelCommand).resolves(answer({ embeddings: [Array.from({ length: 1024 }, () => 0)] }));
    await createBedrockEmbeddings({ model: 'cohere.embed-english-v3', client }).embed(['x'.repeat(5000)], 'document');
    expect(requestBody(0).texts[0]).toHaveLength(2048);
  });

  it('refuses unknown models and Cohere sizes other than 1024', () => {
    expect(() => createBedrockEmbeddings({ model: 'amazon.titan-embed-text-v1', client })).toThrow(/Unsupported Bedrock embeddings model/);
    expect(() => createBedrockEmbeddings({ model: 'cohere.embed-english-v3', dimensions: 512, client })).toThrow(/1024 dimensions/);
  });

  it('fails when the model answers vectors of the wrong shape', async () => {
    bedrock.on(InvokeModelCommand).resolves(answer({ embedding: [0.1, 0.2] }));
    await expect(createBedrockEmbeddings({ model: 'amazon.titan-embed-text-v2:0', client }).embed(['a'], 'query')).rejects.toThrow(/wrong shape/);
  });
});

import { describe, expect, it } from 'vitest';
import type { DatabasePort } from '../../contracts/ports/database';
import type { EmbeddingsPort } from '../../contracts/ports/embeddings';
import type { IndexHit, IndexQuery, VectorIndexPort } from '../../contracts/ports/vectors';
import { MAX_TOP_K, PER_INDEX_DEPTH, rankPassages, retrievalMode, retrievePassages, RetrievalUnavailableError } from './retrieve';

const hit = (id: string, sourceId: string, score: number, text: string): IndexHit => ({ id, sourceId, sourceType: 'file', text, score, metadata: { name: `${sourceId}.txt`, chunkIndex: 0, page: 2 } });

/** A vector index whose indexes are canned hit lists; it records every query. */
function fakeVectors(indexes: Record<string, IndexHit[] | Error>, supportsFullText = true) {
  const queries: Array<{ indexName: string; query: IndexQuery }> = [];
  const vectors = {
    adapter: 'lancedb',
    supportsFullText,
    queries,
    async query(indexName: string, query: IndexQuery) {
      queries.push({ indexName, query });
      const answer = indexes[indexName];
      if (!answer) throw new Error(`Vector index ${indexName} does not exist`);
      if (answer instanceof Error) {
        if (query.vector) throw answer;
        return (indexes[`${indexName}#text`] as IndexHit[]) ?? [];
      }
      return answer;
    },
  };
  return vectors as unknown as VectorIndexPort & { queries: typeof queries };
}

const noEmbeddings = { adapter: 'none', model: null, dimensions: null, embed: async () => [] } as unknown as EmbeddingsPort;
const embeddings = { adapter: 'bedrock', model: 'm', dimensions: 2, embed: async (texts: string[]) => texts.map(() => [0.1, 0.2]) } as unknown as EmbeddingsPort;

/** A table that knows each knowledge base's active version. */
function fakeDatabase(versions: Record<string, number>): DatabasePort {
  return {
    adapter: 'dynamodb-local',
    tableName: 't',
    ping: async () => undefined,
    client: { send: async (command: { input: { Key: { SK: string } } }) => ({ Item: { active_index_version: versions[command.input.Key.SK.slice(3)] } }) },
  } as unknown as DatabasePort;
}

describe('retrievalMode', () => {
  it('is lexical offline, hybrid with an embedder and full text, vector on S3 Vectors', () => {
    expect(retrievalMode({ supportsFullText: true }, { adapter: 'none' })).toBe('lexical');
    expect(retrievalMode({ supportsFullText: true }, { adapter: 'openai-compatible' })).toBe('hybrid');
    expect(retrievalMode({ supportsFullText: false }, { adapter: 'bedrock' })).toBe('vector');
    expect(() => retrievalMode({ supportsFullText: false }, { adapter: 'none' })).toThrow(RetrievalUnavailableError);
  });
});

describe('retrievePassages', () => {
  it('searches each active version by text offline and merges by score', async () => {
    const vectors = fakeVectors({
      'kb-kb-1-v2': [hit('a', 'fil_a', 0.3, 'The harbour freezes in February.')],
      'kb-kb-2-v1': [hit('b', 'fil_b', 0.6, 'Supplies arrive by boat every second Tuesday.')],
    });
    const passages = await retrievePassages(
      { database: fakeDatabase({ 'kb_2': 1 }), vectors, embeddings: noEmbeddings },
      { organizationId: 'org_1', knowledgeBases: [{ id: 'kb_1', name: 'One', active_index_version: 2 }, { id: 'kb_2', name: 'Two' }], query: ' when do supplies arrive? ' },
    );
    expect(passages.map((p) => [p.documentId, p.knowledgeBaseId, p.score])).toEqual([
      ['fil_b', 'kb_2', 0.6],
      ['fil_a', 'kb_1', 0.3],
    ]);
    expect(passages[0]).toMatchObject({ name: 'fil_b.txt', page: 2, sourceType: 'file', snippet: 'Supplies arrive by boat every second Tuesday.' });
    expect(vectors.queries.map((q) => q.query)).toEqual([
      { text: 'when do supplies arrive?', topK: 100, alongside: ['kb-kb-1-v2', 'kb-kb-2-v1'] },
      { text: 'when do supplies arrive?', topK: 100, alongside: ['kb-kb-1-v2', 'kb-kb-2-v1'] },
    ]);
  });

  it("hands the first document's next two passages (each with the rest of the sentence it stops in) and the second's next one alongside their best, while the five places go to five documents", async () => {
    const headed = (id: string, sourceId: string, score: number, text: string, headings: string[]): IndexHit => ({ ...hit(id, sourceId, score, text), metadata: { name: `${sourceId}.txt`, chunkIndex: 0, headings } });
    const vectors = fakeVectors({
      'kb-kb-1-v1': [
        headed('s1', 'fil_stash', 0.9, 'The new stash entry records the files that match the pathspec.', ['OPTIONS', '<pathspec>']),
        { ...headed('s2', 'fil_stash', 0.88, 'All untracked files are also stashed.', ['OPTIONS', '-u, --include-untracked']), metadata: { name: 'fil_stash.txt', chunkIndex: 1, headings: ['OPTIONS', '-u, --include-untracked'], opening: '::\n\n' } },
        { ...hit('s3', 'fil_stash', 0.7, 'Stash entries are listed with'), metadata: { name: 'fil_stash.txt', chunkIndex: 2, following: '\ngit stash list. Each entry is named.\n\nThe next paragraph.' } },
        ...['b', 'c', 'd', 'e', 'f'].map((name, rank) => hit(name, `fil_${name}`, 0.8 - rank * 0.01, `Page ${name} about stashing files.`)),
        hit('b2', 'fil_b', 0.6, 'Page b goes on about stashing.'),
        hit('c2', 'fil_c', 0.6, 'Page c goes on about stashing.'),
      ],
    });
    const passages = await retrievePassages({ database: fakeDatabase({}), vectors, embeddings: noEmbeddings }, { organizationId: 'o', knowledgeBases: [{ id: 'kb_1', name: 'One', active_index_version: 1 }], query: 'stash untracked files', topK: 5 });
    expect(passages.map((p) => p.documentId)).toEqual(['fil_stash', 'fil_b', 'fil_c', 'fil_d', 'fil_e']);
    expect(passages[0]!.alongside).toEqual([{ text: 'All untracked files are also stashed.', headings: ['OPTIONS', '-u, --include-untracked'], opening: '::\n\n' }, { text: 'Stash entries are listed with', following: '\ngit stash list.' }]);
    expect(passages[1]!.alongside).toEqual([{ text: 'Page b goes on about stashing.' }]);
    expect(passages.slice(2).every((p) => p.alongside === undefined)).toBe(true);
  });

  it("hands as the first document's second further passage the best one that holds a name in code the question gives and no passage read so far does", async () => {
    const vectors = fakeVectors({
      'kb-kb-1-v1': [
        hit('h1', 'fil_cluster', 0.9, 'The cluster module supports two methods of distributing incoming connections.'),
        hit('h2', 'fil_cluster', 0.85, 'The first one is the round-robin approach, which distributes connections across the workers.'),
        hit('h3', 'fil_cluster', 0.8, 'The second approach is where the primary creates the listen socket and sends it to the workers.'),
        hit('h4', 'fil_cluster', 0.6, 'cluster.schedulingPolicy: the scheduling policy, either cluster.SCHED_RR or cluster.SCHED_NONE.'),
        ...['b', 'c', 'd', 'e'].map((name, rank) => hit(name, `fil_${name}`, 0.7 - rank * 0.01, `Page ${name} about the cluster module.`)),
      ],
    });
    const ask = (query: string) => retrievePassages({ database: fakeDatabase({}), vectors, embeddings: noEmbeddings }, { organizationId: 'o', knowledgeBases: [{ id: 'kb_1', name: 'One', active_index_version: 1 }], query, topK: 5 });
    const named = await ask('How does the cluster module distribute connections, and how do I change cluster.schedulingPolicy?');
    expect(named[0]!.alongside?.map((passage) => passage.text.slice(0, 30))).toEqual(['The first one is the round-rob', 'cluster.schedulingPolicy: the ']);
    // Without a name to find, the next-best passages, in score order.
    const plain = await ask('How does the cluster module distribute connections?');
    expect(plain[0]!.alongside?.map((passage) => passage.text.slice(0, 30))).toEqual(['The first one is the round-rob', 'The second approach is where t']);
  });

  it('sends text and vector when hybrid, and falls back to text on an index built without vectors', async () => {
    const vectors = fakeVectors({ 'kb-kb-1-v1': new Error('lexical-only'), 'kb-kb-1-v1#text': [hit('a', 'fil_a', 0.5, 'answer')] });
    const passages = await retrievePassages({ database: fakeDatabase({ kb_1: 1 }), vectors, embeddings }, { organizationId: 'o', knowledgeBases: [{ id: 'kb_1', name: 'One', active_index_version: 1 }], query: 'q', topK: 3 });
    expect(passages.map((p) => p.documentId)).toEqual(['fil_a']);
    expect(vectors.queries.map((q) => q.query)).toEqual([
      { text: 'q', vector: [0.1, 0.2], topK: 60, alongside: ['kb-kb-1-v1'] },
      { text: 'q', topK: 60, alongside: ['kb-kb-1-v1'] },
    ]);
  });

  it('shares its depth among knowledge bases, each asked for at least 4 × topK hits', () => {
    expect([1, 2, 3, 5, 11, 40].map((knowledgeBases) => PER_INDEX_DEPTH(5, knowledgeBases))).toEqual([100, 100, 67, 40, 20, 20]);
    expect(PER_INDEX_DEPTH(3, 1)).toBe(60);
    expect(PER_INDEX_DEPTH(50, 3)).toBe(100);
  });

  it('follows a swap that dropped the version it was about to read', async () => {
    const vectors = fakeVectors({ 'kb-kb-1-v3': [hit('a', 'fil_a', 0.5, 'new')] });
    const passages = await retrievePassages({ database: fakeDatabase({ kb_1: 3 }), vectors, embeddings: noEmbeddings }, { organizationId: 'o', knowledgeBases: [{ id: 'kb_1', name: 'One', active_index_version: 2 }], query: 'q' });
    expect(passages.map((p) => p.text)).toEqual(['new']);
  });

  it('leaves out a knowledge base without an index, and throws only when every search fails', async () => {
    const vectors = fakeVectors({});
    const ports = { database: fakeDatabase({}), vectors, embeddings: noEmbeddings };
    expect(await retrievePassages(ports, { organizationId: 'o', knowledgeBases: [{ id: 'kb_1', name: 'One' }], query: 'q' })).toEqual([]);
    const broken = { database: fakeDatabase({ kb_1: 1 }), vectors, embeddings: noEmbeddings };
    await expect(retrievePassages(broken, { organizationId: 'o', knowledgeBases: [{ id: 'kb_1', name: 'One', active_index_version: 1 }], query: 'q' })).rejects.toThrow('does not exist');
    expect(await retrievePassages(ports, { organizationId: 'o', knowledgeBases: [{ id: 'kb_1', name: 'One' }], query: '   ' })).toEqual([]);
  });

  it('caps what a caller may ask for, while rankPassages (evaluations) goes as deep as it is told', async () => {
    const many = Array.from({ length: 120 }, (_, n) => hit(`h${n}`, `fil_${n}`, 1 - n / 1000, `Passage number ${n} about tide tables ${'x'.repeat(n)}`));
    const vectors = fakeVectors({ 'kb-kb-1-v1': many });
    const ports = { database: fakeDatabase({ kb_1: 1 }), vectors, embeddings: noEmbeddings };
    const request = { organizationId: 'o', knowledgeBases: [{ id: 'kb_1', name: 'One', active_index_version: 1 }], query: 'tide tables', topK: 500 };
    expect(await retrievePassages(ports, request)).toHaveLength(MAX_TOP_K);
    expect(vectors.queries.at(-1)?.query.topK).toBe(100);
    const deep = await rankPassages(ports, request, { topK: 110, perIndexDepth: 1000 });
    expect(deep).toHaveLength(110);
    expect(deep.map((passage) => passage.documentId).slice(0, 3)).toEqual(['fil_0', 'fil_1', 'fil_2']);
    expect(vectors.queries.at(-1)?.query.topK).toBe(1000);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@lancedb/lancedb';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IndexRecord } from '../../functions/contracts/ports/vectors';
import { createLanceDbIndex, type LanceDbIndex } from './lancedb-index';

const root = mkdtempSync(join(tmpdir(), 'groundwork-lancedb-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let dataDir: string;
let index: LanceDbIndex;
let run = 0;
beforeEach(() => {
  dataDir = join(root, String(run++));
  index = createLanceDbIndex({ dataDir });
});
afterEach(() => index.close());

function record(id: string, text: string, extra: Partial<IndexRecord> = {}): IndexRecord {
  return { id, sourceId: `src-${id}`, sourceType: 'file', text, metadata: { name: `${id}.txt`, chunkIndex: 0 }, ...extra };
}

const DISTRACTORS = [
  'Quarterly revenue grew in the northern sales region after the new pricing model.',
  'The office kitchen is cleaned every Friday afternoon by the facilities team.',
  'Employees may carry over five days of unused annual leave into the next year.',
  'The data centre migration finished two weeks ahead of schedule.',
  'Expense reports must be submitted within thirty days with receipts attached.',
  'Our support desk answers tickets in English, French and German.',
  'Security badges must be worn visibly at all times inside the building.',
  'The marketing team launched a podcast about sustainable packaging.',
];

describe('LanceDB index: full-text search', () => {
  it('finds the matching record among distractors, with stemming, scores in 0..1', async () => {
    await index.ensureIndex('kb-lexical-v1', null);
    await index.upsert('kb-lexical-v1', [
      ...DISTRACTORS.map((text, n) => record(`d${n}`, text)),
      record('target', 'Chloroplasts photosynthesize by capturing light with chlorophyll pigments.'),
    ]);
    const hits = await index.query('kb-lexical-v1', { text: 'How does photosynthesis capture light in chloroplasts?', topK: 3 });
    expect(hits[0]).toMatchObject({ id: 'target', sourceId: 'src-target', sourceType: 'file', metadata: { name: 'target.txt', chunkIndex: 0 } });
    expect(hits[0]!.text).toBe('Chloroplasts photosynthesize by capturing light with chlorophyll pigments.');
    for (const hit of hits) expect(hit.score).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.score).toBeLessThan(1);
    expect(hits.map((hit) => hit.score)).toEqual([...hits.map((hit) => hit.score)].sort((a, b) => b - a));
  });

  it('matches a record by its name and headings, not only its text', async () => {
    await index.ensureIndex('kb-context-v1', null);
    await index.upsert('kb-context-v1', [
      ...DISTRACTORS.map((text, n) => record(`d${n}`, text)),
      record('handbook', 'Staff should ask their manager first.', { metadata: { name: 'Travel policy.pdf', headings: ['Reimbursement'], chunkIndex: 3 } }),
    ]);
    const hits = await index.query('kb-context-v1', { text: 'travel reimbursement', topK: 1 });
    expect(hits.map((hit) => hit.id)).toEqual(['handbook']);
    expect(hits[0]!.text).toBe('Staff should ask their manager first.');
    expect(hits[0]!.metadata).toEqual({ name: 'Travel policy.pdf', headings: ['Reimbursement'], chunkIndex: 3 });
  });

  it('ranks a passage with its whole document: of two equal passages, the one whose document also has the other words', async () => {
    await index.ensureIndex('kb-documents-v1', null);
    const passage = (sourceId: string, chunkIndex: number, text: string): IndexRecord => ({ id: `${sourceId}:${chunkIndex}`, sourceId, sourceType: 'file', text, metadata: { name: 'paper.md', chunkIndex } });
    await index.upsert('kb-documents-v1', [
      ...DISTRACTORS.map((text, n) => record(`d${n}`, text)),
      passage('unrelated', 0, 'Aspirin lowers the risk in adults over fifty.'),
      passage('unrelated', 1, 'The bridge was painted green in the spring.'),
      passage('cardiology', 0, 'Aspirin lowers the risk in adults over fifty.'),
      passage('cardiology', 1, 'Heart attack prevention trials enrolled nine thousand people.'),
    ]);
    await index.refresh('kb-documents-v1');
    const hits = await index.query('kb-documents-v1', { text: 'aspirin heart attack risk', topK: 3 });
    // The two aspirin passages are word for word the same; only their documents differ.
    expect(hits.map((hit) => hit.id).indexOf('cardiology:0')).toBeLessThan(hits.map((hit) => hit.id).indexOf('unrelated:0'));
    expect(hits[0]!.sourceId).toBe('cardiology');
    for (const hit of hits) expect(hit.score).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.score).toBeLessThan(1);

    // The document view goes with its index.
    await index.dropIndex('kb-documents-v1');
    const connection = await connect(dataDir);
    expect((await connection.tableNames()).filter((name) => name.startsWith('kb-documents-v1'))).toEqual([]);
    connection.close();
  });

  it('filters by source before ranking, escaping ids', async () => {
    await index.ensureIndex('kb-filter-v1', null);
    await index.upsert('kb-filter-v1', [
      record('a', 'leave policy for parents', { sourceId: "o'brien\\file" }),
      record('b', 'leave policy leave policy leave policy', { sourceId: 'other' }),
      ...DISTRACTORS.map((text, n) => record(`d${n}`, text)),
    ]);
    const filtered = await index.query('kb-filter-v1', { text: 'leave policy', topK: 5, sourceIds: ["o'brien\\file"] });
    expect(filtered.map((hit) => hit.id)).toEqual(['a']);
    expect(await index.query('kb-filter-v1', { text: 'leave policy', topK: 5, sourceIds: [] })).toEqual([]);
    const unfiltered = await index.query('kb-filter-v1', { text: 'leave policy', topK: 5 });
    expect(unfiltered.map((hit) => hit.id).slice(0, 2).sort()).toEqual(['a', 'b']);
  });

  it('treats query text as words, not query syntax', async () => {
    await index.ensureIndex('kb-syntax-v1', null);
    await index.upsert('kb-syntax-v1', [record('a', 'The AND gate (logic) outputs true: "both" inputs')]);
    const hits = await index.query('kb-syntax-v1', { text: 'AND (logic): "both" -inputs OR', topK: 5 });
    expect(hits.map((hit) => hit.id)).toEqual(['a']);
  });

  it('replaces a record on upsert with a known id', async () => {
    await index.ensureIndex('kb-replace-v1', null);
    await index.upsert('kb-replace-v1', [record('a', 'original wording about zebras')]);
    await index.upsert('kb-replace-v1', [record('a', 'revised wording about giraffes')]);
    expect(await index.query('kb-replace-v1', { text: 'zebras', topK: 5 })).toEqual([]);
    expect((await index.query('kb-replace-v1', { text: 'giraffes', topK: 5 })).map((hit) => hit.text)).toEqual(['revised wording about giraffes']);
  });
});

describe('LanceDB index: vectors', () => {
  const toy = [
    record('north', 'points north', { vector: [1, 0, 0, 0] }),
    record('east', 'points east', { vector: [0, 1, 0, 0] }),
    record('northeast', 'points north east', { vector: [0.7, 0.7, 0, 0] }),
    record('up', 'points up', { vector: [0, 0, 1, 0] }),
  ];

  it('finds the nearest vectors by cosine, scored 1 - distance', async () => {
    await index.ensureIndex('kb-vectors-v1', 4);
    await index.upsert('kb-vectors-v1', toy);
    const hits = await index.query('kb-vectors-v1', { vector: [0.9, 0.1, 0, 0], topK: 3 });
    expect(hits.map((hit) => hit.id)).toEqual(['north', 'northeast', 'east']);
    expect(hits[0]!.score).toBeCloseTo(0.9939, 3);
    const exact = await index.query('kb-vectors-v1', { vector: [0, 0, 2, 0], topK: 1 });
    expect(exact[0]).toMatchObject({ id: 'up' });
    expect(exact[0]!.score).toBeCloseTo(1, 5);
    const filtered = await index.query('kb-vectors-v1', { vector: [1, 0, 0, 0], topK: 3, sourceIds: ['src-up'] });
    expect(filtered.map((hit) => hit.id)).toEqual(['up']);
    expect(filtered[0]!.score).toBeCloseTo(0, 5);
  });

  it('ranks first, in hybrid search, the record that is good in both rankings', async () => {
    await index.ensureIndex('kb-hybrid-v1', 4);
    await index.upsert('kb-hybrid-v1', [
      record('lexical-only', 'solar panel maintenance schedule and solar panel cleaning', { vector: [0, 0, 0, 1] }),
      record('vector-only', 'unrelated words entirely', { vector: [1, 0, 0, 0] }),
      record('both', 'solar panel maintenance', { vector: [0.95, 0.05, 0, 0] }),
      // Closer to the query vector than `lexical-only`, so it ranks last among vectors.
      ...DISTRACTORS.map((text, n) => record(`d${n}`, text, { vector: [0.5, 1, n / 10, 0] })),
    ]);
    const hits = await index.query('kb-hybrid-v1', { text: 'solar panel maintenance', vector: [1, 0, 0, 0], topK: 3 });
    expect(hits[0]!.id).toBe('both');
    expect(hits.map((hit) => hit.id).slice(1).sort()).toEqual(['lexical-only', 'vector-only']);
    for (const hit of hits) expect(hit.score).toBeGreaterThan(0);
    expect(hits[0]!.score).toBeLessThanOrEqual(1);
  });

  it('refuses vectors that do not fit the index', async () => {
    await index.ensureIndex('kb-shape-v1', 4);
    await expect(index.upsert('kb-shape-v1', [record('a', 'x')])).rejects.toThrow(/needs a vector of 4/);
    await expect(index.upsert('kb-shape-v1', [record('a', 'x', { vector: [1, 2] })])).rejects.toThrow(/needs a vector of 4/);
    await expect(index.query('kb-shape-v1', { vector: [1, 2], topK: 1 })).rejects.toThrow(/2 dimensions/);
    await index.ensureIndex('kb-words-v1', null);
    await expect(index.upsert('kb-words-v1', [record('a', 'x', { vector: [1, 0, 0, 0] })])).rejects.toThrow(/lexical-only/);
    await expect(index.query('kb-words-v1', { vector: [1, 0, 0, 0], topK: 1 })).rejects.toThrow(/lexical-only/);
    await expect(index.ensureIndex('kb-shape-v1', 8)).rejects.toThrow(/exists with 4 dimensions/);
    await expect(index.ensureIndex('kb-shape-v1', 4)).resolves.toBeUndefined();
  });
});

describe('LanceDB index: lifecycle', () => {
  it('deletes every record of a source and answers how many', async () => {
    await index.ensureIndex('kb-delete-v1', null);
    await index.upsert('kb-delete-v1', [
      record('a1', 'alpha one', { sourceId: 'a' }),
      record('a2', 'alpha two', { sourceId: 'a' }),
      record('b1', 'alpha three', { sourceId: 'b' }),
    ]);
    expect(await index.deleteBySource('kb-delete-v1', 'a')).toBe(2);
    expect(await index.deleteBySource('kb-delete-v1', 'a')).toBe(0);
    expect((await index.query('kb-delete-v1', { text: 'alpha', topK: 10 })).map((hit) => hit.id)).toEqual(['b1']);
  });

  it('searches every write at once, deletions included, before and after a refresh compacts the table', async () => {
    await index.ensureIndex('kb-refresh-v1', null);
    await index.upsert('kb-refresh-v1', [record('k0', 'kestrel sighting 0', { sourceId: 's0' }), ...DISTRACTORS.map((text, n) => record(`d0-${n}`, text))]);
    expect((await index.query('kb-refresh-v1', { text: 'kestrel', topK: 10 })).map((hit) => hit.id)).toEqual(['k0']);
    for (let batch = 1; batch < 3; batch++) {
      await index.upsert('kb-refresh-v1', [record(`k${batch}`, `kestrel sighting ${batch}`, { sourceId: `s${batch}` }), ...DISTRACTORS.map((text, n) => record(`d${batch}-${n}`, text))]);
    }
    await index.deleteBySource('kb-refresh-v1', 's1');
    const before = await index.query('kb-refresh-v1', { text: 'kestrel', topK: 10 });
    await index.refresh('kb-refresh-v1');
    const table = await (await connect(dataDir)).openTable('kb-refresh-v1');
    expect(await table.countRows()).toBe(26);
    expect((await table.stats()).fragmentStats.numFragments).toBe(1);
    table.close();
    const after = await index.query('kb-refresh-v1', { text: 'kestrel', topK: 10 });
    expect(after.map((hit) => hit.id).sort()).toEqual(['k0', 'k2']);
    expect(before.map((hit) => hit.id).sort()).toEqual(['k0', 'k2']);
  });

  it('scores each index with the statistics of every index searched alongside it, as if they were one', async () => {
    const texts = ['kestrel nests on cliffs', 'kestrel hunting voles in meadows', 'falcon and kestrel migration', ...DISTRACTORS];
    await index.ensureIndex('kb-whole-v1', null);
    await index.upsert('kb-whole-v1', texts.map((text, n) => record(`r${n}`, text)));
    await index.ensureIndex('kb-part-a-v1', null);
    await index.upsert('kb-part-a-v1', texts.slice(0, 1).map((text, n) => record(`r${n}`, text)));
    await index.ensureIndex('kb-part-b-v1', null);
    await index.upsert('kb-part-b-v1', texts.slice(1).map((text, n) => record(`r${n + 1}`, text)));
    const question = { text: 'kestrel cliffs migration', topK: 20 };
    const whole = await index.query('kb-whole-v1', question);
    const parts = [
      ...(await index.query('kb-part-a-v1', { ...question, alongside: ['kb-part-a-v1', 'kb-part-b-v1'] })),
      ...(await index.query('kb-part-b-v1', { ...question, alongside: ['kb-part-a-v1', 'kb-part-b-v1', 'kb-missing-v1'] })),
    ];
    expect(parts.map((hit) => [hit.id, hit.score]).sort()).toEqual(whole.map((hit) => [hit.id, hit.score]).sort());
    // Alone, the small index's one passage holds a term every row has, which BM25 then weighs at almost nothing.
    const alone = await index.query('kb-part-a-v1', question);
    expect(alone[0]!.score).not.toBe(parts.find((hit) => hit.id === 'r0')!.score);
  });

  it('drops an index, idempotently, and can create it again', async () => {
    await index.ensureIndex('kb-drop-v1', null);
    await index.upsert('kb-drop-v1', [record('a', 'text')]);
    await index.dropIndex('kb-drop-v1');
    await index.dropIndex('kb-drop-v1');
    await expect(index.query('kb-drop-v1', { text: 'text', topK: 1 })).rejects.toThrow(/does not exist/);
    await index.ensureIndex('kb-drop-v1', 4);
    expect(await index.query('kb-drop-v1', { text: 'text', topK: 1 })).toEqual([]);
  });

  it('keeps records across a close and a reopen', async () => {
    await index.ensureIndex('kb-persist-v1', 4);
    await index.upsert('kb-persist-v1', [record('kept', 'persistent memory', { vector: [1, 0, 0, 0] })]);
    await index.close();
    index = createLanceDbIndex({ dataDir });
    await index.ping();
    await index.ensureIndex('kb-persist-v1', 4);
    expect((await index.query('kb-persist-v1', { text: 'memory', topK: 1 })).map((hit) => hit.id)).toEqual(['kept']);
    expect((await index.query('kb-persist-v1', { vector: [1, 0, 0, 0], topK: 1 })).map((hit) => hit.id)).toEqual(['kept']);
  });

  it('applies concurrent upserts one after another, none lost, the later one winning', async () => {
    await index.ensureIndex('kb-concurrent-v1', null);
    await Promise.all(
      Array.from({ length: 12 }, (_, batch) =>
        index.upsert('kb-concurrent-v1', Array.from({ length: 10 }, (_, n) => record(`r${batch}-${n}`, `batch${batch} item`))),
      ),
    );
    const first = index.upsert('kb-concurrent-v1', [record('same', 'first version walrus')]);
    const second = index.upsert('kb-concurrent-v1', [record('same', 'second version walrus')]);
    const reads = Promise.all(Array.from({ length: 5 }, () => index.query('kb-concurrent-v1', { text: 'item', topK: 1000 })));
    await Promise.all([first, second, reads]);
    expect(await index.query('kb-concurrent-v1', { text: 'item', topK: 1000 })).toHaveLength(120);
    expect((await index.query('kb-concurrent-v1', { text: 'walrus', topK: 5 })).map((hit) => hit.text)).toEqual(['second version walrus']);
  });

  it('rejects index names S3 Vectors would refuse, and queries it cannot run', async () => {
    await expect(index.ensureIndex('KB_Upper', null)).rejects.toThrow(/Invalid index name/);
    await expect(index.ensureIndex('kb', null)).rejects.toThrow(/Invalid index name/);
    await index.ensureIndex('kb-query-v1', null);
    await expect(index.query('kb-query-v1', { topK: 1 })).rejects.toThrow(/needs text, a vector, or both/);
    await expect(index.query('kb-query-v1', { text: 'x', topK: 0 })).rejects.toThrow(/topK/);
  });
});

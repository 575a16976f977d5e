import { describe, expect, it } from 'vitest';
import { LATENT_SPACE } from './latent-space';
import { BestRows, documentParameters, KeptCollections, LEXICAL_SCORING, LexicalIndex, lexicalCollection, questionOf } from './lexical-index';

describe('best rows', () => {
  it('keeps the best `limit` rows, best first, an earlier row ahead on a tie', () => {
    const best = new BestRows(3);
    [[0, 1], [1, 5], [2, 3], [3, 5], [4, 0.5], [5, 4], [6, 3]].forEach(([row, score]) => best.offer(row!, score!));
    expect(best.rows()).toEqual([
      { row: 1, score: 5 },
      { row: 3, score: 5 },
      { row: 5, score: 4 },
    ]);
  });

  it('agrees with a full sort on many rows', () => {
    const scores = Array.from({ length: 500 }, (_, row) => ((row * 7919) % 101) / 7);
    const best = new BestRows(40);
    scores.forEach((score, row) => best.offer(row, score));
    const sorted = scores.map((score, row) => ({ row, score })).sort((a, b) => b.score - a.score || a.row - b.row).slice(0, 40);
    expect(best.rows()).toEqual(sorted);
  });
});

describe('kept collections', () => {
  const index = (...texts: string[]) =>
    new LexicalIndex(texts.map((text, row) => ({ id: `r${row}`, sourceId: `s${row}`, sourceType: 'file' as const, text, searchText: text, metadata: { name: `s${row}`, chunkIndex: 0 } })));

  it("keeps a set's collection while it holds the same indexes, and builds a new one when one is rebuilt or dropped", () => {
    const kept = new KeptCollections();
    const [a, b] = [index('red apples', 'green apples'), index('ripe pears')];
    const first = kept.of('a\nb', [a, b]);
    expect(first.passages.stems.rows).toBe(3);
    expect(first.passages.stems.documentFrequency('appl')).toBe(2);
    expect(kept.of('a\nb', [a, b])).toBe(first);

    const rebuilt = index('red apples', 'green apples', 'apple pie');
    const second = kept.of('a\nb', [rebuilt, b]);
    expect(second).not.toBe(first);
    expect(second.passages.stems.documentFrequency('appl')).toBe(3);

    kept.forget('b');
    expect(kept.of('a\nb', [rebuilt, b])).not.toBe(second);
  });

  it('joins a set of indexes in the background, after which each index finds through the join exactly what it finds alone', async () => {
    const kept = new KeptCollections(false);
    const members = [
      index('red apples and green apples', 'apple pie with cinnamon', 'pears poached in wine'),
      index('a pie of pears', 'cinnamon rolls', 'wine from red grapes', 'green tea'),
      index('apples keep the doctor away'),
    ];
    const collection = kept.of('a\nb\nc', members);
    const questions = ['red apple pie', 'green pears', 'cinnamon wine', 'doctor', 'nothing matches this'];
    const everyHit = () => questions.map((question) => members.map((member) => member.search(questionOf(question), collection, 2)));
    const alone = everyHit();
    expect(collection.joined).toBeUndefined();
    expect(alone[0]!.flat().length).toBeGreaterThan(0);

    await kept.settled();
    expect(collection.joined).toBeDefined();
    expect(everyHit()).toEqual(alone);
    // A question asked again by one index (another send with the same words) is scored again.
    const question = questionOf('red apple pie');
    expect(members[0]!.search(question, collection, 2)).toEqual(alone[0]![0]);
    expect(members[0]!.search(question, collection, 2)).toEqual(alone[0]![0]);
    // A search limited to some sources goes index by index, as before.
    expect(members[1]!.search(questionOf('pears'), collection, 5, new Set(['s0'])).map((hit) => hit.sourceId)).toEqual(['s0']);
  });

  it('joins nothing for a set forgotten meanwhile, nor for a single index', async () => {
    const kept = new KeptCollections(false);
    const pair = kept.of('a\nb', [index('red apples'), index('ripe pears')]);
    kept.forget('a');
    const single = kept.of('c', [index('green apples')]);
    await kept.settled();
    expect(pair.joined).toBeUndefined();
    expect(single.joined).toBeUndefined();
  });
});

describe('document names', () => {
  it("ranks the document named for the question's topic above one that only uses its words, which the text alone would not", () => {
    const file = (name: string, text: string) => ({ id: name, sourceId: name, sourceType: 'file' as const, text, searchText: `${name}\n\n${text}`, metadata: { name, chunkIndex: 0 } });
    // The migration guide says "spacing" and "theme" more often; the guide named "spacing" is the one about it.
    const rows = [
      file('migration-v3.md', 'The theme spacing changed. Theme spacing is now a function: replace theme.spacing.unit with theme.spacing(1). The theme keeps a spacing helper.'),
      file('spacing.md', 'Use the theme helper to create consistent gaps between elements. Change the unit by providing a number.'),
      file('colors.md', 'The theme holds a palette.'),
    ];
    const index = new LexicalIndex(rows);
    const search = (question: string) => index.search(questionOf(question), lexicalCollection([index]), 3).map((hit) => hit.sourceId);
    expect(search('How do I change the spacing unit of the theme?')[0]).toBe('spacing.md');
    // Without the name's own field the text alone decides, and the migration guide wins.
    const nameWeight = LEXICAL_SCORING.nameWeight;
    try {
      LEXICAL_SCORING.nameWeight = 0;
      expect(search('How do I change the spacing unit of the theme?')[0]).toBe('migration-v3.md');
    } finally {
      LEXICAL_SCORING.nameWeight = nameWeight;
    }
  });
});

describe('latent space', () => {
  const file = (name: string, text: string) => ({ id: name, sourceId: name, sourceType: 'file' as const, text, searchText: text, metadata: { name, chunkIndex: 0 } });
  /** Obesity and body-mass index keep company here, as ladders and falls do; risk is everywhere. */
  const corpus = () => [
    ...Array.from({ length: 12 }, (_, i) => file(`cohort-${i}`, `Obesity risk and body mass index in adults, cohort ${i}.`)),
    ...Array.from({ length: 12 }, (_, i) => file(`site-${i}`, `The risk of falls from a ladder at work, site ${i}.`)),
    file('school', 'Body mass index measured at school: the risk.'),
    file('ladder', 'Ladder risk: the risk of a fall.'),
  ];
  const options = { ...LATENT_SPACE, minimumDocuments: 10, dimensions: 4 };

  it("ranks a document on the question's topic above one that only repeats its other word, once the space is trained", async () => {
    const kept = new KeptCollections(options);
    const index = new LexicalIndex(corpus());
    const collection = kept.of('kb', [index]);
    // The two documents that do not say obesity: lexically, "risk" twice beats "risk" once.
    const search = () => index.search(questionOf('obesity risk'), collection, 2, new Set(['school', 'ladder'])).map((hit) => hit.sourceId);
    expect(collection.latent).toBeUndefined();
    expect(search()[0]).toBe('ladder');
    await kept.settled();
    expect(collection.latent).toBeDefined();
    expect(search()[0]).toBe('school');
  });

  it('trains no space for fewer documents than the minimum, nor once the set is forgotten', async () => {
    const small = new KeptCollections({ ...options, minimumDocuments: 100 });
    const tooFew = small.of('kb', [new LexicalIndex(corpus())]);
    await small.settled();
    expect(tooFew.latent).toBeUndefined();

    const kept = new KeptCollections(options);
    const forgotten = kept.of('kb', [new LexicalIndex(corpus())]);
    kept.forget('kb');
    await kept.settled();
    expect(forgotten.latent).toBeUndefined();
  });
});

describe('documents of many passages', () => {
  it("scales the documents' k1 with the collection's mean passages per document, from 1.2 for abstracts to at most 3", () => {
    expect(documentParameters(22_260, 5_183).k1).toBe(LEXICAL_SCORING.bm25.k1);
    expect(documentParameters(16, 1).k1).toBeCloseTo(2 * LEXICAL_SCORING.bm25.k1);
    expect(documentParameters(7_978, 238).k1).toBeCloseTo(LEXICAL_SCORING.documentK1.mostTimes * LEXICAL_SCORING.bm25.k1);
    expect(documentParameters(0, 0).k1).toBe(LEXICAL_SCORING.bm25.k1);
  });

  it('ranks the page about a topic above a guide that names each of the words once', () => {
    const passages = (topic: string, count: number, extra = '') => Array.from({ length: count }, (_, n) => `${topic} part ${n} explains more about ${extra} settings and examples.`);
    const document = (sourceId: string, texts: string[]) => texts.map((text, chunkIndex) => ({ id: `${sourceId}-${chunkIndex}`, sourceId, sourceType: 'file' as const, text, searchText: text, metadata: { name: sourceId, chunkIndex } }));
    const guide = document('guide', [...passages('history', 17), ...['worktree', 'linked', 'directories'].flatMap((topic) => passages(topic, 1))]);
    const page = document('page', passages('worktree', 20));
    const others = [...document('fetch', passages('fetch', 20, 'linked')), ...document('merge', passages('merge', 20, 'directories')), ...document('tag', passages('tag', 20))];
    const index = new LexicalIndex([...guide, ...page, ...others]);
    const collection = lexicalCollection([index]);
    expect(collection.documentBm25.k1).toBeGreaterThan(LEXICAL_SCORING.bm25.k1);
    const hits = index.search(questionOf('linked worktree directories'), collection, 5);
    expect(hits[0]?.sourceId).toBe('page');
  });
});

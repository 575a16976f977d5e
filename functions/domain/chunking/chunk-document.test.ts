import { describe, expect, it } from 'vitest';
import { CHUNKING_MESSAGES } from '../../../shared/rules/chunking';
import { chunkDocument, type Chunk, type ChunkableSection } from './chunk-document';

/** mulberry32: a seeded generator, so a failing case can be replayed from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]) => items[int(0, items.length - 1)]!;
  return { next, int, pick };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sta', 'ver', 'qui', 'ph', 'on'];
const EXOTIC = ['😀', '日本語', 'naïve', '𝔘𝔫𝔦', 'façade'];

function randomWord(rng: ReturnType<typeof random>): string {
  const roll = rng.next();
  if (roll < 0.01) return Array.from({ length: rng.int(60, 900) }, () => rng.pick(SYLLABLES)).join(''); // longer than some chunk sizes
  if (roll < 0.005 + 0.01) return '日本語のテキストは空白なしで続きます'.repeat(rng.int(10, 40)); // no spaces at all
  if (roll < 0.05) return rng.pick(EXOTIC);
  return Array.from({ length: rng.int(1, 4) }, () => rng.pick(SYLLABLES)).join('');
}

function randomSectionText(rng: ReturnType<typeof random>): string {
  const paragraphs: string[] = [];
  for (let p = rng.int(0, 6); p > 0; p--) {
    const sentences: string[] = [];
    for (let s = rng.int(1, 12); s > 0; s--) {
      const words = Array.from({ length: rng.int(1, 40) }, () => randomWord(rng));
      const sentence = `${words.join(rng.next() < 0.1 ? '  ' : ' ')}${rng.pick(['.', '!', '?', '', ';'])}`;
      sentences.push(sentence.charAt(0).toUpperCase() + sentence.slice(1));
    }
    paragraphs.push(sentences.join(rng.next() < 0.2 ? '\n' : ' '));
  }
  return paragraphs.join(rng.pick(['\n\n', '\n \n', '\n\n\n', '\r\n\r\n']));
}

function randomDocument(rng: ReturnType<typeof random>) {
  const sections: ChunkableSection[] = Array.from({ length: rng.int(1, 5) }, (_, position) => ({
    text: randomSectionText(rng),
    ...(rng.next() < 0.5 ? { page: position + 1 } : {}),
    ...(rng.next() < 0.2 ? { sheet: `Sheet ${position}` } : {}),
    ...(rng.next() < 0.2 ? { slide: position + 1 } : {}),
    ...(rng.next() < 0.5 ? { headings: ['Report', `Part ${position}`] } : {}),
  }));
  return { text: sections.map((section) => section.text).join('\n\n'), sections };
}

const squash = (text: string) => text.replace(/\s+/g, '');
const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);

/** Length of the whitespace-delimited word around a position that is inside one. */
function wordLengthAround(text: string, position: number): number {
  let start = position;
  let end = position;
  while (start > 0 && !isSpace(text[start - 1])) start--;
  while (end < text.length && !isSpace(text[end])) end++;
  return end - start;
}

function sectionOf(doc: ReturnType<typeof randomDocument>, chunk: Chunk) {
  let offset = 0;
  for (const section of doc.sections) {
    if (chunk.charStart >= offset && chunk.charEnd <= offset + section.text.length) return { section, offset };
    offset += section.text.length + 2;
  }
  throw new Error(`chunk ${chunk.index} lies in no section`);
}

describe('chunkDocument properties (seeded random documents)', () => {
  for (let seed = 1; seed <= 150; seed++) {
    it(`seed ${seed}`, () => {
      const rng = random(seed);
      const doc = randomDocument(rng);
      const chunkSize = rng.pick([100, 101, 137, 250, 500, 1000, 2000, rng.int(100, 2000)]);
      const overlap = Math.min(rng.pick([0, 1, 10, 50, 200, rng.int(0, 200)]), chunkSize - 1);
      const chunks = chunkDocument(doc, { chunkSize, overlap });

      const bySection = new Map<ChunkableSection, Chunk[]>();
      chunks.forEach((chunk, position) => {
        expect(chunk.index).toBe(position);
        expect(chunk.text.length).toBeGreaterThan(0);
        expect(chunk.text.length).toBeLessThanOrEqual(chunkSize);
        expect(chunk.text).toBe(doc.text.slice(chunk.charStart, chunk.charEnd));
        expect(chunk.text.trim()).toBe(chunk.text);
        const { section, offset } = sectionOf(doc, chunk);
        expect({ page: chunk.page, sheet: chunk.sheet, slide: chunk.slide, headings: chunk.headings }).toEqual({
          page: section.page,
          sheet: section.sheet,
          slide: section.slide,
          headings: section.headings,
        });
        // A word is cut only when it alone is longer than a chunk.
        const local = { start: chunk.charStart - offset, end: chunk.charEnd - offset };
        if (!isSpace(section.text[local.end]) && !isSpace(section.text[local.end - 1])) {
          expect(wordLengthAround(section.text, local.end - 1)).toBeGreaterThan(chunkSize);
        }
        if (local.start > 0 && !isSpace(section.text[local.start - 1])) {
          expect(wordLengthAround(section.text, local.start)).toBeGreaterThan(chunkSize);
        }
        bySection.set(section, [...(bySection.get(section) ?? []), chunk]);
      });

      for (const section of doc.sections) {
        const own = bySection.get(section) ?? [];
        let previousEnd = -1;
        let previousStart = -1;
        const fresh: string[] = [];
        for (const chunk of own) {
          expect(chunk.charEnd).toBeGreaterThan(previousEnd);
          if (chunk.charStart < previousEnd) {
            expect(previousEnd - chunk.charStart).toBeLessThanOrEqual(overlap);
            expect(chunk.charStart).toBeGreaterThanOrEqual(previousStart);
            expect(isSpace(doc.text[chunk.charStart - 1])).toBe(true);
          }
          fresh.push(doc.text.slice(Math.max(chunk.charStart, previousEnd), chunk.charEnd));
          previousEnd = chunk.charEnd;
          previousStart = chunk.charStart;
        }
        expect(squash(fresh.join(''))).toBe(squash(section.text));
      }
    });
  }
});

describe('chunkDocument structure', () => {
  const sentence = (word: string, count: number) => `${Array.from({ length: count }, () => word).join(' ')}.`;

  it('keeps paragraphs whole when they fit and breaks between them', () => {
    const first = sentence('alpha', 10); // 60 characters
    const second = sentence('beta', 12); // 60 characters
    const third = sentence('gamma', 10);
    const text = [first, second, third].join('\n\n');
    const chunks = chunkDocument({ text, sections: [] }, { chunkSize: 130, overlap: 0 });
    expect(chunks.map((chunk) => chunk.text)).toEqual([`${first}\n\n${second}`, third]);
  });

  it('breaks a long paragraph between sentences, not inside one', () => {
    const sentences = Array.from({ length: 6 }, (_, n) => `Sentence number ${n} talks about retrieval and chunks.`);
    const text = sentences.join(' ');
    const chunks = chunkDocument({ text, sections: [] }, { chunkSize: 120, overlap: 0 });
    for (const chunk of chunks) expect(chunk.text).toMatch(/^Sentence number \d.*chunks\.$/);
    expect(chunks.map((chunk) => chunk.text).join(' ')).toBe(text);
  });

  it('repeats the end of the previous chunk from a word start, within the overlap', () => {
    const text = Array.from({ length: 80 }, (_, n) => `word${n}`).join(' ');
    const chunks = chunkDocument({ text, sections: [] }, { chunkSize: 100, overlap: 20 });
    expect(chunks.length).toBeGreaterThan(3);
    for (let n = 1; n < chunks.length; n++) {
      const previous = chunks[n - 1]!;
      const current = chunks[n]!;
      const repeated = previous.charEnd - current.charStart;
      expect(repeated).toBeGreaterThan(0);
      expect(repeated).toBeLessThanOrEqual(20);
      expect(previous.text.endsWith(text.slice(current.charStart, previous.charEnd))).toBe(true);
      expect(current.text).toMatch(/^word\d+ /);
    }
  });

  it('begins the overlap at a sentence when one starts within it, not at the first word it holds', () => {
    const text = Array.from({ length: 12 }, (_, n) => `The cat number ${n} sat on the mat today.`).join(' ');
    const chunks = chunkDocument({ text, sections: [] }, { chunkSize: 100, overlap: 45 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks.slice(1)) {
      expect(chunk.charStart).toBeLessThan(chunks[chunk.index - 1]!.charEnd);
      expect(chunk.text).toMatch(/^The cat number \d+ /);
    }
    // No sentence starts in the window: the overlap begins at a word, as before; "e.g. the" starts none.
    const wrapped = chunkDocument({ text: `${'alpha '.repeat(30)}e.g. the ${'beta '.repeat(30)}`.trim(), sections: [] }, { chunkSize: 100, overlap: 20 });
    expect(wrapped[1]!.text).toMatch(/^(?:alpha|e\.g\.|the|beta) /);
    expect(wrapped[1]!.charStart).toBeLessThan(wrapped[0]!.charEnd);
  });

  it('begins an overlap that holds no sentence start at a word in lower case, so the chunk reads as the fragment it opens with', () => {
    // Each window holds "`SQL.join()` method to pass…" and no sentence start: opened on the name, the
    // fragment read as a sentence of its own.
    const sentence = 'If part of your query is a sequence you can use the `SQL.join()` Method To pass them all to the query';
    const text = Array.from({ length: 6 }, () => sentence).join(', and ');
    const chunks = chunkDocument({ text, sections: [] }, { chunkSize: 120, overlap: 40 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks.slice(1)) {
      expect(chunk.charStart).toBeLessThan(chunks[chunk.index - 1]!.charEnd);
      expect(chunk.text).toMatch(/^\p{Ll}/u);
    }
  });

  it('never overlaps across sections and carries each section’s metadata', () => {
    const sections = [
      { text: sentence('one', 40), page: 1, headings: ['Intro'] },
      { text: sentence('two', 40), sheet: 'Q1' },
      { text: sentence('three', 5), slide: 3 },
    ];
    const text = sections.map((section) => section.text).join('\n');
    const chunks = chunkDocument({ text, sections }, { chunkSize: 100, overlap: 50 });
    const firstOfTwo = chunks.find((chunk) => chunk.sheet === 'Q1')!;
    expect(firstOfTwo.text.startsWith('two')).toBe(true);
    expect(chunks.filter((chunk) => chunk.page === 1).every((chunk) => chunk.headings?.[0] === 'Intro')).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ slide: 3, text: sections[2]!.text });
    for (const chunk of chunks) expect(text.slice(chunk.charStart, chunk.charEnd)).toBe(chunk.text);
  });

  it('cuts a word only when it alone is longer than a chunk', () => {
    const long = 'x'.repeat(250);
    const chunks = chunkDocument({ text: `short ${long} tail`, sections: [] }, { chunkSize: 100, overlap: 10 });
    expect(chunks.map((chunk) => chunk.text.length)).toEqual([5, 100, 100, 55]);
  });

  it('keeps surrogate pairs whole when it must cut', () => {
    const text = '😀'.repeat(120);
    const chunks = chunkDocument({ text, sections: [] }, { chunkSize: 101, overlap: 0 });
    for (const chunk of chunks) expect(chunk.text).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(text);
  });

  it('skips blank sections and answers no chunks for an empty document', () => {
    expect(chunkDocument({ text: '', sections: [] }, { chunkSize: 500, overlap: 50 })).toEqual([]);
    const chunks = chunkDocument({ text: ' \n\nHello', sections: [{ text: ' \n', page: 1 }, { text: 'Hello', page: 2 }] }, { chunkSize: 500, overlap: 50 });
    expect(chunks).toEqual([{ index: 0, text: 'Hello', page: 2, charStart: 3, charEnd: 8 }]);
  });

  it('falls back to offsets in the sections joined by a blank line when the text does not hold them', () => {
    const chunks = chunkDocument({ text: 'unrelated', sections: [{ text: 'First.' }, { text: 'Second.' }] }, { chunkSize: 100, overlap: 0 });
    expect(chunks.map((chunk) => [chunk.charStart, chunk.charEnd])).toEqual([
      [0, 6],
      [8, 15],
    ]);
  });
});

describe('chunkDocument options', () => {
  it('opens a chunk that starts inside a reST literal block with its "::", and takes no "…::" paragraph of reST for a term', () => {
    const text = ['.. note:: Threads.', '', 'Start them and wait for all the threads to finish::', '', ...Array.from({ length: 12 }, (_, index) => `   worker_${index}.join(timeout=${index})`), '', 'Then the program ends.'].join('\n');
    const chunks = chunkDocument({ text, sections: [{ text, headings: ['Threads'] }] }, { chunkSize: 200, overlap: 0 });
    const inside = chunks.filter((chunk) => chunk.text.trimStart().startsWith('worker_'));
    expect(inside.length).toBeGreaterThan(0);
    for (const chunk of inside) {
      expect(chunk.opening).toMatch(/^::\n\n/);
      expect(chunk.headings).toEqual(['Threads']);
    }
    expect(chunks[0]!.opening).toBeUndefined();
    // AsciiDoc has no directives or roles: its "Set::" terms stay terms, and nothing opens as code.
    const asciidoc = ['Set::', '', ...Array.from({ length: 12 }, () => '\tThe path has the attribute with special value true.')].join('\n');
    const described = chunkDocument({ text: asciidoc, sections: [{ text: asciidoc }] }, { chunkSize: 200, overlap: 0 });
    expect(described[1]).toMatchObject({ headings: ['Set::'] });
    expect(described.every((chunk) => chunk.opening === undefined)).toBe(true);
  });

  it('reads a section of a reST file as reST though the section has no directive or role of its own (a chunk inside its literal block opens with "::")', () => {
    const flags = ['All the flags can be listed by running ``pytest --help``::', '', '    $ pytest --help', ...Array.from({ length: 12 }, (_, index) => `      --flag-${index}           Describe what flag ${index} does in words.`)].join('\n');
    const text = ['Fixtures', '========', '', 'See :func:`fixture`.', '', 'Flags', '=====', '', flags].join('\n');
    const sections = [{ text: 'See :func:`fixture`.', headings: ['Fixtures'] }, { text: flags, headings: ['Flags'] }];
    const inside = chunkDocument({ text, sections }, { chunkSize: 200, overlap: 0 }).filter((chunk) => chunk.text.trimStart().startsWith('--flag-'));
    expect(inside.length).toBeGreaterThan(0);
    for (const chunk of inside) expect(chunk.opening).toMatch(/^::\n\n/);
  });

  it("names the object a chunk continues with its module, and opens a chunk describing the module's objects with it", () => {
    const text = ['.. module:: tomllib', '', '.. function:: load(fp)', '', ...Array.from({ length: 10 }, (_, index) => `   Sentence ${index} about reading a TOML file from a binary file object.`), '', '.. function:: loads(s)', '', '   Load TOML from a string.'].join('\n');
    const chunks = chunkDocument({ text, sections: [{ text }] }, { chunkSize: 300, overlap: 0 });
    expect(chunks.some((chunk) => chunk.headings?.at(-1) === 'tomllib.load::')).toBe(true);
    // The chunk starts on an indented sentence of load's description: its indentation comes back after the module.
    expect(chunks.find((chunk) => chunk.text.includes('.. function:: loads'))?.opening).toBe('.. currentmodule:: tomllib\n\n   ');
  });

  it("opens an AsciiDoc chunk that starts inside a listing block with the block's delimiter", () => {
    const text = ['Tracking the trunk:', '', '----', ...Array.from({ length: 12 }, (_, index) => `# Step ${index}:\n\tgit svn command-${index}`), '----', '', ...Array.from({ length: 6 }, (_, index) => `Sentence ${index} of the text after the example.`)].join('\n');
    const chunks = chunkDocument({ text, sections: [{ text }] }, { chunkSize: 150, overlap: 0 });
    expect(chunks.filter((chunk) => chunk.opening === '----\n').length).toBeGreaterThan(0);
    expect(chunks.find((chunk) => chunk.text.startsWith('Sentence'))?.opening).toBeUndefined();
  });

  it('names the objects of every section with the module the page declares at its top', () => {
    const intro = 'secrets\n=======\n\n.. module:: secrets\n\nGenerate secure random numbers.\n';
    const tokens = 'Generating tokens\n-----------------\n\n.. function:: token_urlsafe([nbytes=None])\n\n   Return a random URL-safe text string.\n';
    const text = `${intro}\n${tokens}`;
    const chunks = chunkDocument({ text, sections: [{ text: intro, headings: ['secrets'] }, { text: tokens, headings: ['secrets', 'Generating tokens'] }] }, { chunkSize: 300, overlap: 0 });
    expect(chunks.find((chunk) => chunk.text.includes('token_urlsafe'))?.opening).toBe('.. currentmodule:: secrets\n\n');
  });

  it('rejects out-of-range options with the contract’s messages, in its order', () => {
    expect(() => chunkDocument({ text: 'x', sections: [] }, { chunkSize: 99, overlap: 201 })).toThrow(
      `${CHUNKING_MESSAGES.chunkSize}\n${CHUNKING_MESSAGES.overlap}`,
    );
    expect(() => chunkDocument({ text: 'x', sections: [] }, { chunkSize: 2001, overlap: 0 })).toThrow('Chunk size must be between 100 and 2000');
    expect(() => chunkDocument({ text: 'x', sections: [] }, { chunkSize: 500.5, overlap: 0 })).toThrow(RangeError);
    expect(() => chunkDocument({ text: 'x', sections: [] }, { chunkSize: 150, overlap: 150 })).toThrow('Overlap must be smaller than chunk size');
  });
});

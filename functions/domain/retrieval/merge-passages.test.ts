import { describe, expect, it } from 'vitest';
import { mergePassages } from './merge-passages';
import type { Passage } from '../../contracts/ports/passage';
import { citationsFrom, roundScore } from './passages';

const passage = (documentId: string, knowledgeBaseId: string, score: number, text = `text of ${documentId}`): Passage => ({
  documentId,
  name: `${documentId}.txt`,
  knowledgeBaseId,
  snippet: text.slice(0, 300),
  text,
  score,
  sourceType: 'file',
});

describe('mergePassages', () => {
  it('merges knowledge bases by score and cuts at topK', () => {
    const merged = mergePassages([[passage('a', 'kb1', 0.4), passage('b', 'kb1', 0.2)], [passage('c', 'kb2', 0.9), passage('d', 'kb2', 0.3)]], 3);
    expect(merged.map((p) => p.documentId)).toEqual(['c', 'a', 'd']);
  });

  it('keeps at most perDocument passages of one document, best passages of documents first, so five places can span five documents', () => {
    const long = [0.9, 0.8, 0.7, 0.6].map((score, n) => passage('long', 'kb1', score, `chunk ${n} of the long page`));
    const others = ['b', 'c', 'd', 'e'].map((id, n) => passage(id, 'kb1', 0.5 - n / 10));
    const merged = mergePassages([[...long, ...others]], 5, 2);
    expect(merged.map((p) => p.documentId)).toEqual(['long', 'b', 'c', 'd', 'e']);
    // A second passage fills a place no other document wants, in score order.
    expect(mergePassages([[...long, ...others.slice(0, 2)]], 5, 2).map((p) => [p.documentId, p.score])).toEqual([
      ['long', 0.9],
      ['long', 0.8],
      ['b', 0.5],
      ['c', 0.4],
    ]);
    expect(mergePassages([[...long, ...others]], 5).map((p) => p.documentId)).toEqual(['long', 'long', 'long', 'long', 'b']);
  });

  it('spreads a website over its pages: each crawled page is a document of its own', () => {
    const site = [0.9, 0.8, 0.7, 0.6].map((score, n) => ({ ...passage('web_1', 'kb1', score, `page ${n} text`), sourceType: 'web' as const, url: `https://docs.example/${n}` }));
    const merged = mergePassages([[...site, passage('b', 'kb1', 0.5)]], 5, 2);
    expect(merged.map((p) => p.url ?? p.documentId)).toEqual(['https://docs.example/0', 'https://docs.example/1', 'https://docs.example/2', 'https://docs.example/3', 'b']);
  });

  it('keeps only the best of near-identical chunks', () => {
    const same = 'The aurora over Tromso danced in green ribbons for most of the night';
    const merged = mergePassages([[passage('f1', 'kb1', 0.5, same)], [passage('f1', 'kb2', 0.7, `${same}.`), passage('x', 'kb2', 0.1)]], 5);
    expect(merged.map((p) => [p.documentId, p.knowledgeBaseId])).toEqual([
      ['f1', 'kb2'],
      ['x', 'kb2'],
    ]);
  });

  it('finds every near-duplicate pair a full comparison finds, quickly when deep', () => {
    // Pseudo-random texts over a small vocabulary, with edited copies: many pairs near the threshold.
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const vocabulary = Array.from({ length: 60 }, (_, n) => `w${n}`);
    const texts: string[] = [];
    for (let n = 0; n < 400; n++) {
      const base = n % 3 === 0 || texts.length === 0 ? Array.from({ length: 8 + Math.floor(next() * 25) }, () => vocabulary[Math.floor(next() * 60)]).join(' ') : texts[Math.floor(next() * texts.length)]!;
      texts.push(next() < 0.5 ? `${base} ${vocabulary[Math.floor(next() * 60)]}` : base);
    }
    const passages = texts.map((text, n) => passage(`d${n}`, 'kb1', 1 - n / 1000, text));
    const words = (text: string) => new Set(text.split(' '));
    const bruteForce: Passage[] = [];
    for (const candidate of passages) {
      const own = words(candidate.text);
      const alike = bruteForce.some((other) => {
        const theirs = words(other.text);
        const shared = [...own].filter((word) => theirs.has(word)).length;
        return shared / (own.size + theirs.size - shared) >= 0.9;
      });
      if (!alike) bruteForce.push(candidate);
    }
    expect(bruteForce.length).toBeLessThan(passages.length);
    expect(mergePassages([passages], 1000).map((p) => p.documentId)).toEqual(bruteForce.map((p) => p.documentId));
  });

  it("cites a page, not the page that gathers every page's text, for a chunk both hold word for word", () => {
    const web = (page: string, score: number, text: string): Passage => ({ ...passage('web_1', 'kb1', score, text), sourceType: 'web', url: `https://nodejs.example/api/${page}` });
    const rm = 'fs.rm removes files and directories, recursively when asked';
    const join = 'path.join joins all given path segments together';
    const unique = 'The single page holds every module in one';
    const merged = mergePassages([[web('all.html', 0.9, rm), web('all.html', 0.85, join), web('fs.html', 0.8, rm), web('path.html', 0.75, join), web('all.html', 0.3, unique)]], 5, 2);
    expect(merged.map((p) => [p.url!.split('/').at(-1), p.text])).toEqual([
      ['fs.html', rm],
      ['path.html', join],
      ['all.html', unique],
    ]);
    // Boilerplate that many pages repeat gathers nothing: the best copy stands for the others, as before.
    const note = 'This page is licensed under the MIT license';
    const boilerplate = mergePassages([[web('a.html', 0.9, note), web('b.html', 0.8, note), web('c.html', 0.7, note)]], 5, 2);
    expect(boilerplate.map((p) => p.url!.split('/').at(-1))).toEqual(['a.html']);
  });

  it('breaks ties by the order of the knowledge bases', () => {
    expect(mergePassages([[passage('b', 'kb1', 0.5)], [passage('a', 'kb2', 0.5)]], 2).map((p) => p.knowledgeBaseId)).toEqual(['kb1', 'kb2']);
  });
});

describe('citationsFrom', () => {
  it('maps passages to §2 citations, url only when there is one', () => {
    const web = { ...passage('web_1', 'kb1', 0.5), sourceType: 'web' as const, url: 'https://example.com/a', page: 3 };
    expect(citationsFrom([passage('f', 'kb1', 0.25), web])).toEqual([
      { documentId: 'f', name: 'f.txt', knowledgeBaseId: 'kb1', snippet: 'text of f', score: 0.25, sourceType: 'file' },
      { documentId: 'web_1', name: 'web_1.txt', knowledgeBaseId: 'kb1', snippet: 'text of web_1', score: 0.5, sourceType: 'web', url: 'https://example.com/a' },
    ]);
  });

  it('rounds scores to 4 decimals within 0..1', () => {
    expect(roundScore(0.123456)).toBe(0.1235);
    expect(roundScore(1.7)).toBe(1);
    expect(roundScore(-1)).toBe(0);
    expect(roundScore(Number.NaN)).toBe(0);
  });
});

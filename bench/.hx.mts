// Scratch: in-process lexical retrieval over git-docs (.txt sources) and python-docs (.rst.txt), doc hit@k.
import { readFileSync, readdirSync } from 'node:fs';
import { plainBm25 } from './plain-bm25';
import { join } from 'node:path';
import { mergePassages } from '../functions/domain/retrieval/merge-passages';
import { toPassage, withNextOfDocument } from '../functions/domain/retrieval/retrieve';
import { relevantPassages, termsFoundIn, questionTermsOf } from '../functions/domain/answering/relevance';
import { extractAnswer } from '../functions/adapters/offline/extractive-answerer';
import * as EA from '../functions/adapters/offline/extractive-answerer';
import { LATENT_SPACE } from '../local/vectors/lexical/latent-space';
import { extractDocument } from '../functions/domain/extraction/extract-document';
import { fileIndexRecords } from '../functions/domain/knowledge-bases/index-records';
import { searchableText } from '../functions/contracts/ports/vectors';
import { KeptCollections, LEXICAL_SCORING, LexicalIndex, lexicalCollection, questionOf, type LexicalRow } from '../local/vectors/lexical/lexical-index';

const GIT = '/work/gitdocs/root/usr/share/doc/git-doc';
const PY = '/work/pydocs/root/usr/share/doc/python3.11/html/_sources';
const QA = '/work/shared/eval/git-docs-qa';
const SYN: Record<string, string> = JSON.parse(process.env.SYN ?? '{}');
function expand(text: string): string {
  const extra: string[] = [];
  for (const w of text.toLowerCase().match(/[a-z]+/g) ?? []) if (SYN[w]) extra.push(SYN[w]);
  return extra.length ? `${text} ${extra.join(' ')}` : text;
}
type F = { id: string; name: string; bytes: Buffer };
function gitFiles(): F[] {
  const stubs = new Set(['git-remote-helpers.html', 'technical/api-index.html']);
  return readFileSync(join(QA, 'pages.txt'), 'utf8').split('\n').filter((p) => p && !stubs.has(p)).flatMap((p) => { try { return [{ id: p, name: p.replace(/\//g, '_').replace(/\.html$/, '.txt'), bytes: readFileSync(join(GIT, p.replace(/\.html$/, '.txt'))) }]; } catch { return []; } });
}
function pyFiles(): F[] {
  return (readdirSync(PY, { recursive: true }) as string[]).filter((p) => p.endsWith('.rst.txt')).sort().map((p) => ({ id: p, name: p.replace(/\//g, '_'), bytes: readFileSync(join(PY, p)) }));
}
const qs = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: string; question: string; expected_pages: string[]; key_facts?: string[] });
async function run(label: string, files: F[], questions: ReturnType<typeof qs>) {
  const rows: LexicalRow[] = [];
  for (const f of files) {
    let doc; try { doc = await extractDocument({ bytes: f.bytes, fileName: f.name, mimeType: 'text/plain' }); } catch { continue; }
    for (const r of fileIndexRecords({ id: f.id, name: f.name }, doc, { chunkSize: 500, overlap: 50 })) rows.push({ id: r.id, sourceId: r.sourceId, sourceType: r.sourceType, text: r.text, searchText: process.env.HB ? `${Array(Number(process.env.HB)).fill((r.metadata.headings ?? []).slice(Number(process.env.HS ?? 0)).join('\n')).join('\n')}\n${searchableText(r)}` : searchableText(r), metadata: r.metadata });
  }
  const index = new LexicalIndex(rows);
  const plain = process.env.RRF ? plainBm25(files.map((f) => ({ id: f.id, text: f.bytes.toString('utf8') }))) : undefined;
  let collection = lexicalCollection([index]);
  if (process.env.LSA) {
    const kept = new KeptCollections({ ...LATENT_SPACE, minimumDocuments: 100, weight: Number(process.env.LSA), candidates: Number(process.env.LC ?? 25) });
    kept.of('k', [index]);
    await kept.settled();
    collection = kept.of('k', [index]);
  }
  let h1 = 0, h5 = 0, h10 = 0, h100 = 0;
  const ranks: string[] = [];
  let facts = 0, cited5 = 0; const factMiss: string[] = [];
  for (const q of questions) {
    const hits = index.search(questionOf(expand(q.question)), collection, 300);
    const docs: string[] = [];
    for (const h of hits) if (!docs.includes(h.sourceId)) docs.push(h.sourceId);
    if (process.env.RRF) {
      const bm = plain!(q.question, 100);
      const k = Number(process.env.RRFK ?? 60), w = Number(process.env.RRF);
      const sc = new Map<string, number>();
      docs.slice(0, 100).forEach((d, i) => sc.set(d, (sc.get(d) ?? 0) + 1 / (k + i + 1)));
      bm.forEach((d, i) => sc.set(d, (sc.get(d) ?? 0) + w / (k + i + 1)));
      const fused = [...sc.entries()].sort((a, b) => b[1] - a[1]).map(([d]) => d);
      docs.length = 0; docs.push(...fused);
    }
    const rank = docs.findIndex((d) => q.expected_pages.includes(d));
    if (rank === 0) h1++; if (rank >= 0 && rank < 5) h5++; if (rank >= 0 && rank < 10) h10++; if (rank >= 0) h100++;
    ranks.push(`${q.id}:${rank < 0 ? '-' : rank + 1}`);
    const perDoc = new Map<string, number>();
    const collapsed = process.env.CAP ? hits.filter((h) => { const n = perDoc.get(h.sourceId) ?? 0; perDoc.set(h.sourceId, n + 1); return n < Number(process.env.CAP); }) : hits;
    const ranked = collapsed.slice(0, Number(process.env.RK ?? 100)).map((h) => toPassage(h, 'kb'));
    let top = process.env.NOALONG ? mergePassages([ranked], 5, 2) : withNextOfDocument(mergePassages([ranked], 5, 2), [ranked]);
    if (process.env.ALL) {
      const n = Number(process.env.ALL);
      top = top.map((p, i) => {
        if (i === 0 || i >= n) return p;
        let next: any;
        for (const o of ranked) { if (o.documentId !== p.documentId || top.some((k) => k.text === o.text)) continue; if (!next || o.score > next.score) next = o; }
        return next ? { ...p, alongside: { text: next.text, ...(next.headings ? { headings: next.headings } : {}), ...(next.opening ? { opening: next.opening } : {}) } } : p;
      });
    }
    if (process.env.AL2) {
      const n = Number(process.env.AL2);
      top = top.map((p, i) => {
        if (i >= n) return p;
        const more = ranked.filter((o) => o.documentId === p.documentId && !top.some((k) => k.text === o.text)).sort((a, b) => b.score - a.score).slice(0, Number(process.env.AL2K ?? 2));
        return more.length ? { ...p, alongside: { text: more.map((o) => o.text).join('\n\n'), ...(more[0]!.headings ? { headings: more[0]!.headings } : {}) } } : p;
      });
    }
    if (process.env.SLOT) {
      const second = ranked.find((o) => o.documentId === top[0]?.documentId && o.text !== top[0]?.text);
      if (second && top.length === 5 && second.score >= top[0]!.score * Number(process.env.SIBR ?? 0)) top = [top[0]!, second, ...top.slice(1, 4)];
    }
    if (process.env.SIB) {
      const n = Number(process.env.SIB);
      top = top.map((p, i) => {
        if (i >= n) return p;
        const second = ranked.find((o) => o.documentId === p.documentId && o.text !== p.text && !top.includes(o));
        return second && second.score >= p.score * Number(process.env.SIBR ?? 0) ? { ...p, following: `${p.following ?? ''}\n\n${second.text}` } : p;
      });
    }
    const relevant = relevantPassages({ question: q.question, history: [] }, top);
    if (process.env.TOP === q.id) console.log('NTOP', top.length, ranked.slice(0, 12).map((p) => p.documentId.slice(0, 25) + ':' + p.score.toFixed(4)).join(' '));
    if (process.env.TOP === q.id) for (const p of top) console.log('TOP', p.score.toFixed(4), p.documentId, termsFoundIn({ ...p, name: p.name ?? '' } as any, questionTermsOf({ question: q.question }).keys()).join(','), JSON.stringify(p.text.slice(0, 200)));
    const answer = extractAnswer({ question: q.question, history: [], passages: relevant });
    const cited = [...new Set(relevant.map((p) => p.documentId))];
    if (!answer.citedPassageIndexes.length) cited.length = 0;
    if (cited.slice(0, 5).some((d) => q.expected_pages.includes(d))) cited5++;
    const norm = (t: string) => t.normalize('NFKC').replace(/[\u2018\u2019]/g, "'").replace(/[\u2010-\u2015\u2212]/g, '-').replace(/-+/g, '-').replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1').replace(/[`*]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
    const kf = q.key_facts ?? [];
    const found = kf.filter((f) => norm(answer.text).includes(norm(f)));
    facts += kf.length ? found.length / kf.length : 0;
    if (found.length < kf.length) {
      const inPassages = kf.filter((f) => !found.includes(f) && relevant.some((p) => norm(p.text + ' ' + (p.following ?? '')).includes(norm(f))));
      const inPassageText = kf.filter((f) => !found.includes(f) && relevant.some((p) => norm(p.text).includes(norm(f))));
      factMiss.push(`${q.id}${cited.slice(0, 5).some((d) => q.expected_pages.includes(d)) ? '' : '(miss)'}[given:${inPassageText.join('|')};following:${inPassages.filter((f) => !inPassageText.includes(f)).join('|')}]`);
    }
    if (process.env.FR) {
      const out: string[] = [];
      for (const f of kf.filter((f) => !found.includes(f))) {
        const ofDoc = hits.filter((h) => q.expected_pages.includes(h.sourceId));
        const at = ofDoc.findIndex((h) => norm(h.text).includes(norm(f)));
        const atF = ofDoc.findIndex((h) => norm(h.text + ' ' + (h.metadata.following ?? '')).includes(norm(f)));
        out.push(`${f}@${at + 1}/${atF + 1}of${ofDoc.length}`);
      }
      if (out.length) console.log(q.id, out.join(' '));
    }
    if (process.env.RT === q.id) for (const p of relevant) console.log("RT", JSON.stringify(((p.opening ?? "") + p.text + (p.following ?? "")).slice(0, Number(process.env.RTN ?? 600)))); if (process.env.ANS === q.id) { for (const [i, p] of relevant.entries()) { console.log(`--- [${i + 1}] ${p.documentId} ${(p.headings ?? []).join(" > ")}\n${p.text}${process.env.FOLLOW ? `\n--- following\n${p.following ?? ""}` : ""}`); if (p.alongside) console.log(`--- alongside ${(p.alongside.headings ?? []).join(' > ')}\n${p.alongside.text}`); } console.log('=== ANSWER\n' + answer.text); if (process.env.CANDS) for (const c of ((EA as any).scoreCandidates)({ question: q.question, history: [], passages: relevant, model: 'x' } as any).sort((a, b) => b.score - a.score).slice(0, 12)) console.log(c.score.toFixed(3), c.unthresholded.toFixed(3), c.passageIndex + 1, `pos${c.sentence.position}/b${c.sentence.block}`, [...c.covered].join(','), JSON.stringify(c.sentence.text.slice(0, 120))); }
    if (process.env.DUMP) console.log(`##### ${q.id} ${q.question}\nexpected ${q.expected_pages.join(',')} facts ${kf.join('|')} found ${found.join('|')} cited ${cited.join(',')}\n${answer.text}\n`);
    if (process.env.SHOW === q.id) console.log(docs.slice(0, 10));
    if (process.env.SHOWP === q.id) for (const h of hits.slice(0, Number(process.env.NP ?? 8))) console.log(h.score.toFixed(4), h.sourceId, JSON.stringify((h.metadata.headings ?? []).join(' > ')), JSON.stringify(h.text.slice(0, 300)));
  }
  const n = questions.length;
  if (process.env.BMREF) { const bm = plainBm25(files.map((f) => ({ id: f.id, text: f.bytes.toString('utf8') }))); let b5 = 0; for (const q of questions) if (bm(q.question, 5).some((d) => q.expected_pages.includes(d))) b5++; console.log(`${label} plain BM25 hit@5 ${(b5 / questions.length).toFixed(3)}`); }
  console.log(`${label} docs ${files.length} chunks ${rows.length} hit@1 ${(h1 / n).toFixed(3)} hit@5 ${(h5 / n).toFixed(3)} hit@10 ${(h10 / n).toFixed(3)} any ${(h100 / n).toFixed(3)} cited@5 ${(cited5 / n).toFixed(3)} facts ${(facts / n).toFixed(3)}`);
  if (process.env.PER) console.log('fact misses', factMiss.join(' '));
  if (process.env.PER) console.log(ranks.join(' '));
}
for (const [k, v] of Object.entries(process.env)) {
  if (k === 'DS') LEXICAL_SCORING.documentK1.passagesPerStep = Number(v); if (k === 'DM') LEXICAL_SCORING.documentK1.mostTimes = Number(v);
  if (k === 'K1') LEXICAL_SCORING.bm25.k1 = Number(v); if (k === 'B') LEXICAL_SCORING.bm25.b = Number(v);
  if (k === 'PW') LEXICAL_SCORING.passageWeight = Number(v); if (k === 'DW') LEXICAL_SCORING.documentWeight = Number(v);
  if (k === 'NW') LEXICAL_SCORING.nameWeight = Number(v); if (k === 'XW') LEXICAL_SCORING.prefixWeight = Number(v);
}
if (process.env.ROOTS) {
  const files: F[] = [];
  for (const spec of process.env.ROOTS.split(';')) {
    const [prefix, root] = spec.split('=') as [string, string];
    for (const p of (readdirSync(root, { recursive: true }) as string[]).filter((p) => p.endsWith(process.env.EXT ?? '.txt')).sort()) files.push({ id: `${prefix}${p}`, name: `${prefix}${p}`.replace(/\//g, '_') + (p.endsWith('.txt') ? '' : '.txt'), bytes: readFileSync(join(root, p)) });
  }
  await run('corpus', files, qs(process.env.QFILE!));
  process.exit(0);
}
if (process.env.NOGIT !== '1') await run('git', gitFiles(), qs(join(QA, 'questions.jsonl')));
await run('python', pyFiles(), qs(process.env.PYQ ?? '/work/main/bench/doc-questions/python-docs.jsonl'));

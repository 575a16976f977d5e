/**
 * Answer benchmark over real documentation: how often the offline chat (lexical retrieval and the
 * extractive answerer) finds and cites the right document for a how-to question. Three documentation
 * sets that ship inside packages this project installs, so it runs offline on any clone: the module
 * READMEs of aws-cdk-lib, the Material UI docs (@mui/material/docs) and the React Router docs
 * (react-router/docs), with the questions in bench/doc-questions/. Each file goes through the
 * product's own code (extraction, chunking at the form's defaults, the lexical index, the merge of
 * the chat's top passages, the answerer), in process: no platform around it, so it takes seconds.
 * Writes bench/results/answers.json. See bench/README.md.
 *
 *   npm run bench:answers
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractAnswer } from '../functions/domain/answering/extractive-answerer';
import { extractDocument } from '../functions/domain/extraction/extract-document';
import { fileIndexRecords } from '../functions/domain/knowledge-bases/index-records';
import { mergePassages } from '../functions/domain/retrieval/merge-passages';
import { PER_INDEX_DEPTH, toPassage, type Passage } from '../functions/domain/retrieval/retrieve';
import { searchableText } from '../functions/ports/vectors';
import { LexicalIndex, lexicalCollection, questionOf, type LexicalRow } from '../local/vectors/lexical/lexical-index';
import { CHAT_LIMITS } from '../shared/rules/chat';
import { CHUNK_SIZE_RANGE, OVERLAP_RANGE } from '../shared/rules/chunking';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const RESULTS = join(HERE, 'results', 'answers.json');

interface DocumentFile {
  /** Path under the set's root without `.md`: what questions name as the right answer. */
  id: string;
  /** The file name a person would upload it under. */
  name: string;
  path: string;
}

interface DocumentationSet {
  name: string;
  root: string;
  files(root: string): DocumentFile[];
}

function markdownFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return entry.endsWith('.md') && !/^(CHANGELOG|LICENSE)/i.test(entry) ? [path] : [];
  });
}

const SETS: DocumentationSet[] = [
  {
    name: 'aws-cdk-lib',
    root: 'node_modules/aws-cdk-lib',
    // One README per module: uploaded as <module>.md, since every file is called README.md.
    files: (root) =>
      readdirSync(root)
        .filter((module) => existsSync(join(root, module, 'README.md')))
        .map((module) => ({ id: module, name: `${module}.md`, path: join(root, module, 'README.md') })),
  },
  {
    name: 'material-ui',
    root: 'node_modules/@mui/material/docs/material-ui',
    files: (root) => markdownFiles(root).map((path) => ({ id: relative(root, path).replace(/\.md$/, ''), name: basename(path), path })),
  },
  {
    name: 'react-router',
    root: 'node_modules/react-router/docs',
    files: (root) => markdownFiles(root).map((path) => ({ id: relative(root, path).replace(/\.md$/, ''), name: basename(path), path })),
  },
];

/** A question and the documents that answer it: ids, or their last path segments ("how-to/spa", "routing"). */
type Question = [question: string, answeredBy: string[]];

const answers = (id: string, answeredBy: string[]) => answeredBy.some((wanted) => id === wanted || id.endsWith(`/${wanted}`));

async function indexOf(files: DocumentFile[]): Promise<{ index: LexicalIndex; chunks: number }> {
  const rows: LexicalRow[] = [];
  for (const file of files) {
    const document = await extractDocument({ bytes: readFileSync(file.path), fileName: file.name, mimeType: 'text/markdown' });
    for (const record of fileIndexRecords({ id: file.id, name: file.name }, document, { chunkSize: CHUNK_SIZE_RANGE.default, overlap: OVERLAP_RANGE.default })) {
      rows.push({ ...record, searchText: searchableText(record) });
    }
  }
  return { index: new LexicalIndex(rows), chunks: rows.length };
}

/** The chat's passages for a question (send-message.ts): the top CHAT_LIMITS.passages, each index asked for PER_INDEX_DEPTH of them, each hit made a passage as retrieval makes it (retrieve.ts). */
function passagesFor(index: LexicalIndex, question: string): Passage[] {
  const hits = index.search(questionOf(question), lexicalCollection([index]), PER_INDEX_DEPTH(CHAT_LIMITS.passages));
  const ranked = hits.map((hit) => toPassage(hit, 'bench'));
  return mergePassages([ranked], CHAT_LIMITS.passages);
}

const results: Record<string, unknown> = {};
const totals = { questions: 0, retrievedFirst: 0, citedFirst: 0, citedAtAll: 0, nothingFound: 0 };
for (const set of SETS) {
  const root = join(ROOT, set.root);
  const questionsFile = join(HERE, 'doc-questions', `${set.name}.json`);
  if (!existsSync(root)) {
    console.log(`${set.name}: ${set.root} is not installed here (run npm install); left out.`);
    results[set.name] = { skipped: `${set.root} not installed` };
    continue;
  }
  const files = set.files(root);
  const { index, chunks } = await indexOf(files);
  const questions = JSON.parse(readFileSync(questionsFile, 'utf8')) as Question[];
  const details = questions.map(([question, answeredBy]) => {
    const passages = passagesFor(index, question);
    const reply = extractAnswer({ question, history: [], passages });
    const cited = reply.citedPassageIndexes.map((position) => passages[position]!.documentId);
    return {
      question,
      answeredBy,
      retrievedFirst: answers(passages[0]?.documentId ?? '', answeredBy),
      citedFirst: cited.length > 0 && answers(cited[0]!, answeredBy),
      citedAtAll: cited.some((id) => answers(id, answeredBy)),
      nothingFound: cited.length === 0,
      passages: passages.map((passage) => passage.documentId),
      cited,
      answer: reply.text,
    };
  });
  const count = (key: 'retrievedFirst' | 'citedFirst' | 'citedAtAll' | 'nothingFound') => details.filter((detail) => detail[key]).length;
  const summary = { documents: files.length, chunks, questions: details.length, retrievedFirst: count('retrievedFirst'), citedFirst: count('citedFirst'), citedAtAll: count('citedAtAll'), nothingFound: count('nothingFound') };
  for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += summary[key];
  results[set.name] = { ...summary, details };
  console.log(
    `${set.name}: ${summary.documents} documents, ${summary.chunks} chunks. Of ${summary.questions} questions: right document retrieved first ${summary.retrievedFirst}, cited first ${summary.citedFirst}, cited at all ${summary.citedAtAll}; nothing found ${summary.nothingFound}.`,
  );
  for (const detail of details.filter((detail) => !detail.citedFirst)) console.log(`   not cited first: ${detail.question} (wanted ${detail.answeredBy.join(' or ')}; cited ${detail.cited.join(', ') || 'nothing'})`);
}
const output = { ranAt: new Date().toISOString(), chunking: { chunkSize: CHUNK_SIZE_RANGE.default, overlap: OVERLAP_RANGE.default }, passages: CHAT_LIMITS.passages, totals, sets: results };
mkdirSync(dirname(RESULTS), { recursive: true });
writeFileSync(RESULTS, `${JSON.stringify(output, null, 2)}\n`);
console.log(`All: ${totals.questions} questions; retrieved first ${totals.retrievedFirst}, cited first ${totals.citedFirst}, cited at all ${totals.citedAtAll}, nothing found ${totals.nothingFound}. Written to ${relative(process.cwd(), RESULTS)}.`);

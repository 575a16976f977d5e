/**
 * Answer benchmark over real documentation, end to end: how often the chat cites the right page for
 * a developer's question, asked through the HTTP chat API of a fresh embedded platform
 * (chat-api-answers.ts), beside the chat's own retrieval and a plain whole-file BM25 over the same
 * files. Sets: three documentation sets that ship inside packages this project installs (the module
 * READMEs of aws-cdk-lib, the Material UI docs, the React Router docs; questions in
 * bench/doc-questions/), and Git's documentation with the 40 questions of ../shared/eval/git-docs-qa
 * when Debian's git-doc is unpacked (GIT_DOC_ROOT, default /usr/share/doc/git-doc), and the reST
 * sources of Python (60 questions, and 30 more asked later), pytest (40), Sphinx with Flask (40),
 * Celery (40), SQLAlchemy (40), setuptools with cryptography (40), click, Jinja, Werkzeug with
 * attrs (40) and pandas' guides (40) from Debian's -doc packages when they are (PYTHON_DOC_ROOT,
 * PYTEST_DOC_ROOT, SPHINX_DOC_ROOT, FLASK_DOC_ROOT, CELERY_DOC_ROOT, SQLALCHEMY_DOC_ROOT,
 * SETUPTOOLS_DOC_ROOT, CRYPTOGRAPHY_DOC_ROOT, CLICK_DOC_ROOT, JINJA2_DOC_ROOT, WERKZEUG_DOC_ROOT,
 * ATTRS_DOC_ROOT, PANDAS_DOC_ROOT), Tornado's (30, TORNADO_DOC_ROOT), Django 3.2's 538 pages from
 * its source tarball (40, DJANGO_DOCS_ROOT), and Fastify's Markdown docs (30) when unpacked
 * (FASTIFY_DOCS_ROOT).
 * Writes bench/results/answers.json. See bench/README.md.
 *
 *   npm run bench:answers
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CHAT_LIMITS } from '../shared/rules/chat';
import { CHUNK_SIZE_RANGE, OVERLAP_RANGE } from '../shared/rules/chunking';
import { readJsonLines, readQrels } from './beir-files';
import { askThroughChatApi, type ApiQuestion, type ApiSet, type ApiSetFile } from './chat-api-answers';
import { visibleText } from './plain-bm25';
import { abstractSentences } from './scifact-rationales';
import { SCIFACT, sciFactFile, type SciFactDocument } from './scifact-files';

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

const GIT_DOCS_QA = resolve(ROOT, '../shared/eval/git-docs-qa');
const GIT_DOC_ROOT = process.env.GIT_DOC_ROOT ?? '/usr/share/doc/git-doc';
/** The two pages of pages.txt that are "this document has moved" stubs, with no source (git-docs-qa README). */
const GIT_DOC_STUBS = new Set(['everyday.html', 'git-remote-helpers.html']);

/** Git's documentation as git-docs-qa says to upload it: the AsciiDoc .txt beside each page, named for the page. */
function gitDocsSet(): ApiSet | string {
  if (!existsSync(join(GIT_DOCS_QA, 'questions.jsonl'))) return `${relative(ROOT, GIT_DOCS_QA)} is not there`;
  if (!existsSync(join(GIT_DOC_ROOT, 'git-rebase.txt'))) return `no git-doc at ${GIT_DOC_ROOT} (apt-get download git-doc, dpkg-deb -x, then GIT_DOC_ROOT=<root>/usr/share/doc/git-doc)`;
  const pages = readFileSync(join(GIT_DOCS_QA, 'pages.txt'), 'utf8').split('\n').filter((page) => page && !GIT_DOC_STUBS.has(page));
  const files: ApiSetFile[] = pages.map((page) => ({ id: page, name: page.replace(/\//g, '_').replace(/\.html$/, '.txt'), bytes: readFileSync(join(GIT_DOC_ROOT, page.replace(/\.html$/, '.txt'))), mimeType: 'text/plain' }));
  return { name: 'git-docs', files, questions: keyFactQuestions(join(GIT_DOCS_QA, 'questions.jsonl')) };
}

/** A Sphinx project's reST sources as Debian's -doc package ships them, and the variable that points at them when unpacked elsewhere. */
interface SphinxSources {
  /** The package; its sources are under /usr/share/doc/<its directory>/html/_sources unless `under` says otherwise. */
  deb: string;
  variable: string;
  /** The package's directory under /usr/share/doc when it is not the package's name (python3.11-doc's is python3.11). */
  directory?: string;
  /** Put before each page's path in its id, when one set holds two projects ("flask/"). */
  prefix?: string;
  /** SQLAlchemy ships its `.rst` files under `rst/`, uploaded as `<page>.rst.txt` (the product takes reST as text); the others `.txt` under `html/_sources`. */
  rst?: boolean;
  /** Pages left out: pandas' 2,442 and astropy's 1,118 generated API pages hold a title and an autodoc directive each, no text. */
  exclude?: RegExp;
  /** How to get the sources when no -doc package ships them (Django's are in its source tarball's docs/). */
  obtain?: string;
}

const sourcesPath = (source: SphinxSources) => `/usr/share/doc/${source.directory ?? source.deb}/${source.rst ? 'rst' : 'html/_sources'}`;

/**
 * A set of Sphinx reST sources (every `.txt`, or `.rst`, under each root), each page named for its
 * path, with questions in git-docs-qa's format from doc-questions/: Python 3.11's 497 pages (issue
 * 17's first measurement uploaded them), pytest's 218, Sphinx's 93 with Flask's 73 in one knowledge
 * base, Celery's 218, SQLAlchemy 1.4's 170 (changelogs included), setuptools' 48 with
 * cryptography's 56, click's 23, Jinja's 13, Werkzeug's 39 and attrs' 15 together, Tornado's 97,
 * Django's 538, SymPy's 276 (reST and Markdown), astropy's 208 narrative pages, and kombu's, h5py's,
 * psycopg2's, Pygments', Requests', Babel's and Pint's 233 together. The
 * questions of all but Python were written by a reader of those pages who never saw the chat's
 * replies (bench/README.md says which were looked at since).
 */
function sphinxSourcesSet(name: string, sources: SphinxSources[]): ApiSet | string {
  const rooted = sources.map((source) => ({ ...source, root: process.env[source.variable] ?? sourcesPath(source) }));
  const missing = rooted.find((source) => !existsSync(source.root));
  if (missing) return `no ${missing.deb} sources at ${missing.root} (${missing.obtain ?? `apt-get download ${missing.deb}, dpkg-deb -x, then ${missing.variable}=<root>${sourcesPath(missing)}`})`;
  const files = rooted.flatMap((source) =>
    (readdirSync(source.root, { recursive: true }) as string[])
      .filter((page) => page.endsWith(source.rst ? '.rst' : '.txt') && !source.exclude?.test(page))
      .sort()
      .map((page): ApiSetFile => {
        const id = `${source.prefix ?? ''}${page}`;
        return { id, name: id.replace(/\//g, '_').replace(/(?<!\.txt)$/, '.txt'), bytes: readFileSync(join(source.root, page)), mimeType: 'text/plain' };
      }),
  );
  return { name, files, questions: keyFactQuestions(join(HERE, 'doc-questions', `${name}.jsonl`)) };
}

const SPHINX_SETS: Record<string, SphinxSources[]> = {
  'python-docs': [{ deb: 'python3.11-doc', directory: 'python3.11', variable: 'PYTHON_DOC_ROOT' }],
  'python-docs-2': [{ deb: 'python3.11-doc', directory: 'python3.11', variable: 'PYTHON_DOC_ROOT' }],
  'pytest-docs': [{ deb: 'python-pytest-doc', variable: 'PYTEST_DOC_ROOT' }],
  'sphinx-flask-docs': [
    { deb: 'sphinx-doc', variable: 'SPHINX_DOC_ROOT', prefix: 'sphinx/' },
    { deb: 'python-flask-doc', variable: 'FLASK_DOC_ROOT', prefix: 'flask/' },
  ],
  'celery-docs': [{ deb: 'python-celery-doc', variable: 'CELERY_DOC_ROOT' }],
  'sqlalchemy-docs': [{ deb: 'python-sqlalchemy-doc', variable: 'SQLALCHEMY_DOC_ROOT', rst: true }],
  'setuptools-cryptography-docs': [
    { deb: 'python-setuptools-doc', variable: 'SETUPTOOLS_DOC_ROOT', prefix: 'setuptools/' },
    { deb: 'python-cryptography-doc', variable: 'CRYPTOGRAPHY_DOC_ROOT', prefix: 'cryptography/' },
  ],
  'pandas-docs': [{ deb: 'python-pandas-doc', variable: 'PANDAS_DOC_ROOT', exclude: /^(?:reference\/api|_static)\// }],
  'tornado-docs': [{ deb: 'python-tornado-doc', variable: 'TORNADO_DOC_ROOT' }],
  'sympy-docs': [{ deb: 'python-sympy-doc', variable: 'SYMPY_DOC_ROOT' }],
  'astropy-docs': [{ deb: 'python-astropy-doc', variable: 'ASTROPY_DOC_ROOT', exclude: /^(?:api|_static)\// }],
  'libraries-docs': [
    { deb: 'python-kombu-doc', variable: 'KOMBU_DOC_ROOT', prefix: 'kombu/' },
    { deb: 'python-h5py-doc', variable: 'H5PY_DOC_ROOT', prefix: 'h5py/' },
    { deb: 'python-psycopg2-doc', variable: 'PSYCOPG2_DOC_ROOT', prefix: 'psycopg2/' },
    { deb: 'python-pygments-doc', variable: 'PYGMENTS_DOC_ROOT', prefix: 'pygments/' },
    { deb: 'python-requests-doc', variable: 'REQUESTS_DOC_ROOT', prefix: 'requests/' },
    { deb: 'python-babel-doc', variable: 'BABEL_DOC_ROOT', prefix: 'babel/' },
    { deb: 'python-pint-doc', variable: 'PINT_DOC_ROOT', prefix: 'pint/' },
  ],
  'django-docs': [
    {
      deb: 'python-django',
      variable: 'DJANGO_DOCS_ROOT',
      obtain: 'curl -O http://deb.debian.org/debian/pool/main/p/python-django/python-django_3.2.25.orig.tar.gz, tar -xzf it, then DJANGO_DOCS_ROOT=<dir>/Django-3.2.25/docs',
    },
  ],
  'pallets-attrs-docs': [
    { deb: 'python-click-doc', variable: 'CLICK_DOC_ROOT', prefix: 'click/' },
    { deb: 'python-jinja2-doc', variable: 'JINJA2_DOC_ROOT', prefix: 'jinja2/' },
    { deb: 'python-werkzeug-doc', variable: 'WERKZEUG_DOC_ROOT', prefix: 'werkzeug/' },
    { deb: 'python-attr-doc', variable: 'ATTRS_DOC_ROOT', prefix: 'attrs/' },
  ],
};

/** Markdown pages an npm package ships, when unpacked: the variable that points at them, how to get them, the id prefix when a set holds two packages. */
interface MarkdownSources {
  variable: string;
  /** A file that must be there. */
  marker: string;
  obtain: string;
  prefix?: string;
}

/** A set of Markdown pages uploaded as Markdown, each under its path (and its package's prefix), with questions in git-docs-qa's format. */
function markdownDocsSet(name: string, sources: MarkdownSources[]): ApiSet | string {
  const missing = sources.find((source) => !process.env[source.variable] || !existsSync(join(process.env[source.variable]!, source.marker)));
  if (missing) return `no ${name} pages (${missing.obtain}, then ${missing.variable}=<dir>)`;
  const files = sources.flatMap((source) => {
    const root = process.env[source.variable]!;
    return markdownFiles(root).map((path): ApiSetFile => {
      const id = `${source.prefix ?? ''}${relative(root, path)}`;
      return { id, name: id.replace(/\//g, '_'), bytes: readFileSync(path), mimeType: 'text/markdown' };
    });
  });
  return { name, files, questions: keyFactQuestions(join(HERE, 'doc-questions', `${name}.jsonl`)) };
}

/**
 * Markdown sets: Fastify 5.12.8's 41 pages (docs/), and undici 7.30.2's 45 (docs/docs/) with pino
 * 10.4.0's 15 (docs/) in one knowledge base, as their npm packages ship them.
 */
const MARKDOWN_SETS: Record<string, MarkdownSources[]> = {
  'fastify-docs': [{ variable: 'FASTIFY_DOCS_ROOT', marker: 'Reference/Server.md', obtain: 'npm pack fastify@5.12.8, tar -xzf, FASTIFY_DOCS_ROOT=<dir>/package/docs' }],
  'undici-pino-docs': [
    { variable: 'UNDICI_DOCS_ROOT', marker: 'api/Agent.md', obtain: 'npm pack undici@7.30.2, tar -xzf, UNDICI_DOCS_ROOT=<dir>/package/docs/docs', prefix: 'undici/' },
    { variable: 'PINO_DOCS_ROOT', marker: 'api.md', obtain: 'npm pack pino@10.4.0, tar -xzf, PINO_DOCS_ROOT=<dir>/package/docs', prefix: 'pino/' },
  ],
};

/**
 * Scrapy 2.8's documentation as its built HTML site (python-scrapy-doc ships no reST sources),
 * served on loopback and crawled from index.html as a website, three links deep: what a user who
 * adds a documentation site gets. Its 30 questions, by a reader who never saw a reply, name pages by
 * their path under html/. The plain BM25 reference reads the same pages' text, tags stripped.
 */
function scrapySiteSet(): ApiSet | string {
  const root = process.env.SCRAPY_DOC_ROOT ?? '/usr/share/doc/python-scrapy-doc/html';
  if (!existsSync(join(root, 'topics', 'settings.html'))) return `no Scrapy site at ${root} (apt-get download python-scrapy-doc, dpkg-deb -x, then SCRAPY_DOC_ROOT=<root>/usr/share/doc/python-scrapy-doc/html)`;
  const files = (readdirSync(root, { recursive: true }) as string[])
    .filter((page) => page.endsWith('.html') && !/^_(?:static|sources|images)\//.test(page))
    .sort()
    .map((page): ApiSetFile => ({ id: page, name: page, bytes: Buffer.from(visibleText(readFileSync(join(root, page), 'utf8'))), mimeType: 'text/plain' }));
  return { name: 'scrapy-site', files, questions: keyFactQuestions(join(HERE, 'doc-questions', 'scrapy-site.jsonl')), site: { root, start: 'index.html', depth: 3 } };
}

/**
 * Node.js 18's API reference as Debian's nodejs-doc ships it: built HTML pages, long references of
 * signatures, parameter lists and examples, served on loopback and crawled from index.html as a
 * website, two links deep (uploads take no HTML): 64 pages, all.html (every page in one) among
 * them, as a user who adds the documentation site gets them. Its 30 questions, by a reader who
 * never saw a reply, name pages by file name. The plain BM25 reference reads the same pages' text,
 * tags stripped.
 */
function nodejsApiSet(): ApiSet | string {
  const root = process.env.NODEJS_DOC_ROOT ?? '/usr/share/doc/nodejs/api';
  if (!existsSync(join(root, 'fs.html'))) return `no Node.js API pages at ${root} (apt-get download nodejs-doc, dpkg-deb -x, then NODEJS_DOC_ROOT=<root>/usr/share/doc/nodejs/api)`;
  const files = readdirSync(root)
    .filter((page) => page.endsWith('.html') && page !== 'index.html')
    .sort()
    .map((page): ApiSetFile => ({ id: page, name: page, bytes: Buffer.from(visibleText(readFileSync(join(root, page), 'utf8'))), mimeType: 'text/plain' }));
  return { name: 'nodejs-api', files, questions: keyFactQuestions(join(HERE, 'doc-questions', 'nodejs-api.jsonl')), site: { root, start: 'index.html', depth: 2 } };
}

/** Questions in git-docs-qa's format: one JSON object a line with id, question, expected_pages and key_facts. */
function keyFactQuestions(path: string): ApiQuestion[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { id: string; question: string; expected_pages: string[]; key_facts: string[] })
    .map((record): ApiQuestion => ({ id: record.id, question: record.question, expected: record.expected_pages, keyFacts: record.key_facts }));
}

function packageSet(set: DocumentationSet): ApiSet | string {
  const root = join(ROOT, set.root);
  if (!existsSync(root)) return `${set.root} is not installed here (run npm install)`;
  const files = set.files(root);
  const questions = JSON.parse(readFileSync(join(HERE, 'doc-questions', `${set.name}.json`), 'utf8')) as Question[];
  return {
    name: set.name,
    files: files.map((file) => ({ id: file.id, name: file.name, bytes: readFileSync(file.path), mimeType: 'text/markdown' })),
    questions: questions.map(([question, answeredBy], index) => ({ id: `${set.name}-${index + 1}`, question, expected: files.filter((file) => answers(file.id, answeredBy)).map((file) => file.id) })),
  };
}

interface SciFactClaim {
  _id: string;
  claim: string;
  cited_doc_ids: string[];
  evidence: Array<{ doc_id: string; label: string; sentences: number[] }>;
}

/**
 * SciFact's 5,183 abstracts uploaded as bench:retrieval uploads them, and the 300 claims of
 * claims_dev_evidence.jsonl, which are BEIR's test split (the same ids, text and relevant
 * documents as qrels/test.tsv), 188 of them with rationale sentences.
 */
function sciFactSet(): ApiSet | string {
  if (!existsSync(join(SCIFACT, 'claims_dev_evidence.jsonl'))) return `${relative(ROOT, SCIFACT)} is not there`;
  const corpus = readJsonLines<SciFactDocument>(join(SCIFACT, 'corpus.jsonl'));
  const abstracts = new Map(corpus.map((document) => [document._id, document.text]));
  const relevant = readQrels(join(SCIFACT, 'qrels', 'test.tsv'));
  const questions = readJsonLines<SciFactClaim>(join(SCIFACT, 'claims_dev_evidence.jsonl')).map((claim): ApiQuestion => {
    const rationales = claim.evidence.flatMap((evidence) => {
      const sentences = abstractSentences(abstracts.get(evidence.doc_id) ?? '');
      return evidence.sentences.flatMap((index) => (sentences[index] ? [sentences[index]] : []));
    });
    return { id: claim._id, question: claim.claim, expected: [...(relevant.get(claim._id)?.keys() ?? claim.cited_doc_ids)], ...(rationales.length ? { rationales: [...new Set(rationales)] } : {}) };
  });
  return { name: 'scifact', files: corpus.map((document) => ({ id: document._id, ...sciFactFile(document) })), questions };
}

/** git-docs-qa's own scorer over the chat's replies, so its figures are the set's, not ours. */
function officialGitDocsScore(details: Array<{ id: string; cited: string[]; answer: string }>): unknown {
  const resultsFile = join(HERE, 'results', 'git-docs-results.jsonl');
  writeFileSync(resultsFile, details.map((detail) => JSON.stringify({ id: detail.id, cited_pages: detail.cited, answer_text: detail.answer })).join('\n') + '\n');
  const run = spawnSync('python3', [join(GIT_DOCS_QA, 'score.py'), join(GIT_DOCS_QA, 'questions.jsonl'), resultsFile, '--json'], { encoding: 'utf8' });
  if (run.status !== 0) return { error: run.stderr || `python3 exited with ${run.status}` };
  return JSON.parse(run.stdout) as unknown;
}

/** `--set git-docs` (repeatable) asks only those sets: the quick loop while tuning; results are then written beside, not over, answers.json. */
const { values: args } = parseArgs({ options: { set: { type: 'string', multiple: true } } });
const sets: ApiSet[] = [];
const skipped: Record<string, string> = {};
// SciFact (5,183 abstracts, ten minutes) is asked only when named: `--set scifact`.
const candidates: Array<[name: string, make: () => ApiSet | string]> = [...SETS.map((set): [string, () => ApiSet | string] => [set.name, () => packageSet(set)]), ['git-docs', gitDocsSet], ...Object.entries(SPHINX_SETS).map(([name, sources]): [string, () => ApiSet | string] => [name, () => sphinxSourcesSet(name, sources)]), ...Object.entries(MARKDOWN_SETS).map(([name, sources]): [string, () => ApiSet | string] => [name, () => markdownDocsSet(name, sources)]), ['scrapy-site', scrapySiteSet], ['nodejs-api', nodejsApiSet], ['scifact', sciFactSet]];
for (const [name, make] of candidates) {
  if (args.set ? !args.set.includes(name) : name === 'scifact') continue;
  const candidate = make();
  if (typeof candidate === 'string') console.log(`Left out: ${candidate}.`);
  else sets.push(candidate);
}
for (const set of SETS) if (!sets.some((each) => each.name === set.name)) skipped[set.name] = 'not installed';
const chunking = { chunkSize: CHUNK_SIZE_RANGE.default, overlap: OVERLAP_RANGE.default };
const results = await askThroughChatApi(sets, chunking);
const summary: Record<string, unknown> = {};
for (const [name, result] of Object.entries(results)) {
  const { details, ...figures } = result;
  summary[name] = figures;
  console.log(
    `${name}: ${result.documents} documents, ${result.chunks} chunks, ${result.questions} questions. Cited hit@1 ${result.cited.hitAt1}, hit@5 ${result.cited.hitAt5}, MRR ${result.cited.mrr}` +
      `${result.cited.keyFactCoverage !== undefined ? `, key facts ${result.cited.keyFactCoverage}` : ''}` +
      `${result.cited.rationaleQuoted !== undefined ? `, rationale quoted ${result.cited.rationaleQuoted} of ${result.cited.questionsWithRationales}` : ''}; nothing found ${result.cited.nothingFound}. ` +
      `Retrieval hit@1 ${result.retrieval.hitAt1}, hit@5 ${result.retrieval.hitAt5}, recall@5 ${result.retrieval.recallAt5} (cited ${result.cited.recallAt5}), nDCG@10 ${result.retrieval.ndcgAt10}. Plain BM25 hit@1 ${result.plainBm25.hitAt1}, hit@5 ${result.plainBm25.hitAt5}. Round trip p50 ${result.roundTripMs.p50} ms, p95 ${result.roundTripMs.p95} ms.`,
  );
  for (const detail of details.filter((each) => !each.expected.includes(each.cited[0] ?? ''))) console.log(`   not cited first: ${detail.id} (wanted ${detail.expected.join(' or ')}; cited ${detail.cited.slice(0, 5).join(', ') || 'nothing'})`);
}
const gitDocs = results['git-docs'];
const output = {
  ranAt: new Date().toISOString(),
  path: 'POST /api/chat/messages/{app}/sessions/{session} with the application API token, a new session per question, on a fresh embedded platform (offline: lexical retrieval, extractive answerer)',
  chunking,
  passages: CHAT_LIMITS.passages,
  summary,
  ...(gitDocs ? { gitDocsOfficialScore: officialGitDocsScore(gitDocs.details), gitDocsTargets: { citedHitAt5: 0.75, aboveBm25Reference: 0.525 } } : {}),
  skipped,
  sets: results,
};
const written = args.set ? RESULTS.replace(/\.json$/, `.${args.set.join('+')}.json`) : RESULTS;
mkdirSync(dirname(written), { recursive: true });
writeFileSync(written, `${JSON.stringify(output, null, 2)}\n`);
console.log(`Written to ${relative(process.cwd(), written)}.`);

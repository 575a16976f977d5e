import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_RELEVANT } from '../../functions/domain/answering/answer-texts';
import { EXTRACTIVE_MODEL } from '../../functions/adapters/offline/extractive-answerer';
import { OrganizationRepository, type OrganizationRecord } from '../../functions/domain/organizations/organization-repository';
import { retrievePassages } from '../../functions/domain/retrieval/retrieve';
import { relevantPassages } from '../../functions/domain/answering/relevance';
import { CHAT_LIMITS } from '../../shared/rules/chat';
import { knowledgeFlows, subscribe, type Body, type KnowledgeFlows } from '../support/knowledge-flows';
import { removeDataDir, startTestPlatform } from '../support/local-platform-fixture';

/**
 * Retrieval quality on a small fixed corpus: five short documents on unrelated topics, uploaded and
 * indexed through the product path into two knowledge bases of one application, then asked one
 * question each through chat (§17.4), answered offline by the extractive answerer. Each answer must
 * cite exactly the document that holds the answer, with its knowledge base, and retrieval on its
 * own must rank that document first.
 */

interface Document {
  filename: string;
  text: string;
  /** Which of the two knowledge bases holds it. */
  shelf: 'policies' | 'operations';
}

const CORPUS: Document[] = [
  {
    filename: 'refund-policy.txt',
    shelf: 'policies',
    text: [
      'Refund policy.',
      'Customers can return unused products within 30 days of delivery for a full refund.',
      'Refunds are issued to the original payment method within five business days.',
    ].join('\n\n'),
  },
  {
    filename: 'parental-leave.txt',
    shelf: 'policies',
    text: [
      'Parental leave.',
      'Employees receive sixteen weeks of paid parental leave after the birth or adoption of a child.',
      'The leave can be split into two blocks within the first year.',
    ].join('\n\n'),
  },
  {
    filename: 'parking-rules.txt',
    shelf: 'policies',
    text: ['Parking rules.', 'Parking permits for cars are issued by the facilities team at the front desk.', 'Bicycles may be parked in the basement racks free of charge.'].join('\n\n'),
  },
  {
    filename: 'server-backups.txt',
    shelf: 'operations',
    text: ['Server backups.', 'Production databases are backed up every night at 2 am UTC.', 'Backups are retained for 35 days in a separate region.'].join('\n\n'),
  },
  {
    filename: 'kitchen-guide.txt',
    shelf: 'operations',
    text: ['Kitchen guide.', 'The espresso machine on the third floor must be descaled every Friday.', 'Oat milk is stocked in the left fridge next to the window.'].join('\n\n'),
  },
];

/** Each question, the document that answers it, and a phrase the answer must quote from it. */
const QUESTIONS: Array<{ question: string; filename: string; quote: string }> = [
  { question: 'How many days do customers have to return a product for a refund?', filename: 'refund-policy.txt', quote: 'within 30 days of delivery' },
  { question: 'How many weeks of paid parental leave do employees get?', filename: 'parental-leave.txt', quote: 'sixteen weeks of paid parental leave' },
  { question: 'Where can I park my bicycle?', filename: 'parking-rules.txt', quote: 'basement racks' },
  { question: 'How long are the database backups retained?', filename: 'server-backups.txt', quote: 'retained for 35 days' },
  { question: 'How often must the espresso machine be descaled?', filename: 'kitchen-guide.txt', quote: 'descaled every Friday' },
  { question: 'Where is the oat milk stocked?', filename: 'kitchen-guide.txt', quote: 'left fridge' },
];

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let api: KnowledgeFlows;
let adminToken: string;
let demo: OrganizationRecord;
const fileIds = new Map<string, string>();
const shelves = {} as Record<Document['shelf'], Body>;
let app: Body;

beforeAll(async () => {
  platform = await startTestPlatform({ trustProxy: true });
  api = knowledgeFlows(platform);
  adminToken = await api.login(platform.credentials.ADMIN.email, platform.credentials.ADMIN.password);
  demo = (await new OrganizationRepository(platform.ports.database).findByDomain('demo.example.com')) as OrganizationRecord;
  // Two knowledge bases: more than the free plan's one (§1.9).
  await subscribe(platform, demo.id, 'starter');
  for (const document of CORPUS) fileIds.set(document.filename, await api.uploadFile(adminToken, document.filename, document.text));
  for (const shelf of ['policies', 'operations'] as const) {
    const ids = CORPUS.filter((document) => document.shelf === shelf).map((document) => fileIds.get(document.filename) as string);
    shelves[shelf] = await api.readyKnowledgeBase(adminToken, `Company ${shelf}`, ids);
  }
  app = await api.createApplication(adminToken, { name: 'Company helper', llmModel: 'gpt-4', indexIds: [shelves.policies.id, shelves.operations.id] });
}, 240_000);

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

const shelfOf = (filename: string) => shelves[(CORPUS.find((document) => document.filename === filename) as Document).shelf];

describe('retrieval citations on a fixed corpus', () => {
  it('indexed every document into its knowledge base', () => {
    expect(shelves.policies).toMatchObject({ status: 'ready', document_count: 3 });
    expect(shelves.operations).toMatchObject({ status: 'ready', document_count: 2 });
  });

  for (const { question, filename, quote } of QUESTIONS) {
    it(`cites ${filename} for "${question}"`, async () => {
      const expectedId = fileIds.get(filename) as string;
      const passages = await retrievePassages(platform.ports, {
        organizationId: demo.id,
        knowledgeBases: [shelves.policies, shelves.operations].map((kb) => ({ id: kb.id, name: kb.name })),
        query: question,
        topK: CHAT_LIMITS.passages,
      });
      expect(passages[0], JSON.stringify(passages.map((passage) => passage.name))).toMatchObject({ documentId: expectedId, name: filename, knowledgeBaseId: shelfOf(filename).id });

      // A fresh session each time, so no earlier question lends its words to this one.
      const session = await api.newSession(app.id, adminToken);
      const sent = await api.ask(app.id, session.id, adminToken, question);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const reply = sent.body.messages[1];
      expect(reply.generator).toEqual({ kind: 'extractive', model: EXTRACTIVE_MODEL });
      expect(reply.text).toContain(quote);
      // The sources are the passages retrieval handed the answer that pass the relevance floor, in
      // retrieval's order (issue 17): the right document first, and the quote marked [1].
      expect(reply.sources[0]).toMatchObject({ documentId: expectedId, name: filename, knowledgeBaseId: shelfOf(filename).id, sourceType: 'file' });
      expect(reply.sources.map((source: Body) => source.documentId)).toEqual(relevantPassages({ question }, passages).map((passage) => passage.documentId));
      expect(reply.text.split('\n\n')[0]).toContain(quote);
      expect(reply.text.split('\n\n')[0]).toMatch(/\[1\]$/);
    });
  }

  it('cites nothing for a question no document answers', async () => {
    const session = await api.newSession(app.id, adminToken);
    const reply = (await api.ask(app.id, session.id, adminToken, 'What is the capital city of Peru?')).body.messages[1];
    expect(reply).toMatchObject({ text: NOTHING_RELEVANT, sources: [] });
  });
});

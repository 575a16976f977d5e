import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { DatabasePort } from '../../contracts/ports/database';
import type { ChatModelPort } from '../../contracts/ports/chat-model';
import { GenerationFailedError, GenerationTimeoutError } from './chat-errors';
import { ConversationLimitError, conversationCounterName } from './conversation-quota';
import { sendMessage, type SendRequest } from './send-message';
import { chatSessionRecord } from '../../../test/support/chat-records';
import { SessionFullError } from './session-repository';
import type { Json } from '../../../test/support/json';

/** A table that answers reads from `items` and records every transaction; nothing else is needed here. */
function fakeDatabase(items: Record<string, Record<string, unknown>> = {}) {
  const transactions: unknown[] = [];
  const stored: Record<string, unknown>[] = [];
  const client = {
    send: async (command: unknown) => {
      if (command instanceof GetCommand) return { Item: items[`${command.input.Key?.PK}|${command.input.Key?.SK}`] };
      if (command instanceof QueryCommand) return { Items: stored.filter((item) => item.PK === command.input.ExpressionAttributeValues?.[':pk']) };
      if (command instanceof TransactWriteCommand) {
        transactions.push(command.input.TransactItems);
        for (const item of command.input.TransactItems ?? []) if (item.Put) stored.push(item.Put.Item as Record<string, unknown>);
        return {};
      }
      throw new Error(`Unexpected command ${(command as object).constructor.name}`);
    },
  };
  return { database: { adapter: 'dynamodb-local', client, tableName: 't', ping: async () => undefined } as unknown as DatabasePort, transactions };
}

const session = chatSessionRecord;

function request(database: DatabasePort, chatModel: ChatModelPort, overrides: Partial<SendRequest> = {}): SendRequest {
  return {
    ports: { database, vectors: {} as never, embeddings: { adapter: 'none' } as never },
    chatModel,
    organization: { id: 'org_1', is_system_org: false },
    application: { id: 'app_1', llm_model: 'claude-3-sonnet' },
    session: session(),
    knowledgeBases: [],
    text: 'A question that is long enough to be cut when it becomes the name of its session',
    ...overrides,
  };
}

const model = (answer: ChatModelPort['answer']): ChatModelPort => ({ adapter: 'extractive', answer });

describe('sendMessage (§17.4)', () => {
  it("stores the question and the reply in one transaction with the session's first name and the conversation count", async () => {
    const { database, transactions } = fakeDatabase();
    const result = await sendMessage(request(database, model(async () => ({ text: 'Nothing here.', citedPassageIndexes: [], generator: { kind: 'extractive', model: 'm' } }))));
    expect(transactions).toHaveLength(1);
    const items = transactions[0] as Array<Json>;
    expect(items.map((item) => Object.keys(item)[0])).toEqual(['Update', 'Put', 'Put', 'Update']);
    expect(items[0]?.Update.ExpressionAttributeValues).toMatchObject({ ':name': 'A question that is long enough to be cut when it', ':count': 2, ':seen': 0 });
    expect(items[3]?.Update.ExpressionAttributeNames['#conversations']).toMatch(/^conversations_\d{4}-\d{2}-01T00:00:00\.000Z$/);
    expect(items[3]?.Update.ExpressionAttributeValues[':limit']).toBe(100);
    expect(result.session).toMatchObject({ is_new_session: false, message_count: 2, name: 'A question that is long enough to be cut when it' });
    expect(result.messages.map((message) => message.sender)).toEqual(['user', 'assistant']);
  });

  it('counts no conversation and keeps the name after the first exchange', async () => {
    const { database, transactions } = fakeDatabase();
    await sendMessage(request(database, model(async () => ({ text: 'ok', citedPassageIndexes: [], generator: { kind: 'llm', model: 'm' } })), { session: session({ message_count: 2, name: 'Kept' }) }));
    const items = transactions[0] as Array<Json>;
    expect(items).toHaveLength(3);
    expect(items[0]?.Update.ExpressionAttributeValues[':name']).toBe('Kept');
  });

  it('refuses a full session and a new conversation past the limit before doing any work', async () => {
    const { database, transactions } = fakeDatabase();
    const never = model(async () => {
      throw new Error('not called');
    });
    await expect(sendMessage(request(database, never, { session: session({ message_count: 399 }) }))).rejects.toBeInstanceOf(SessionFullError);
    const month = new Date();
    const periodStart = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1)).toISOString();
    const full = fakeDatabase({ 'ORG#org_1|COUNTERS': { [conversationCounterName(periodStart)]: 100 } });
    await expect(sendMessage(request(full.database, never))).rejects.toMatchObject({ constructor: ConversationLimitError, limit: 100, used: 100 });
    expect(transactions).toEqual([]);
    expect(full.transactions).toEqual([]);
  });

  it('stores nothing when the model fails or takes too long', async () => {
    const { database, transactions } = fakeDatabase();
    const failing = model(async () => {
      throw new Error('provider down');
    });
    await expect(sendMessage(request(database, failing))).rejects.toBeInstanceOf(GenerationFailedError);
    let aborted = false;
    const slow = model(
      (input) =>
        new Promise((_resolve, reject) => {
          input.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          });
        }),
    );
    await expect(sendMessage(request(database, slow, { generationTimeoutMs: 30 }))).rejects.toBeInstanceOf(GenerationTimeoutError);
    expect(aborted).toBe(true);
    const deaf = model(() => new Promise(() => undefined));
    await expect(sendMessage(request(database, deaf, { generationTimeoutMs: 30 }))).rejects.toBeInstanceOf(GenerationTimeoutError);
    expect(transactions).toEqual([]);
  });

  describe('sources: every passage the answer is made from, in retrieval order (issue 17)', () => {
    const hits = [
      { id: 'fil_1:0', sourceId: 'fil_1', sourceType: 'file', text: 'Hotels for business travel are paid up to 150 euros a night.', score: 0.9, metadata: { name: 'hotels.txt', chunkIndex: 0 } },
      { id: 'web_1:0', sourceId: 'web_1', sourceType: 'web', text: 'For business travel, trains are preferred to hotels near airports.', score: 0.85, metadata: { name: 'Travel page', chunkIndex: 0, url: 'https://intranet.example.com/travel' } },
      { id: 'fil_2:0', sourceId: 'fil_2', sourceType: 'file', text: 'The canteen opens at noon.', score: 0.84, metadata: { name: 'canteen.txt', chunkIndex: 0 } },
    ];
    const send = (answer: ChatModelPort['answer'], text: string) => {
      const { database } = fakeDatabase();
      const vectors = { supportsFullText: true, query: async () => hits };
      return sendMessage({
        ...request(database, model(answer)),
        text,
        ports: { database, vectors: vectors as never, embeddings: { adapter: 'none' } as never },
        knowledgeBases: [{ id: 'kb_1', name: 'Travel', active_index_version: 1 }],
      });
    };

    it('hands the answer step the passages above the relevance floor and lists them all as sources, the markers numbering into that list', async () => {
      const result = await send(async (input) => {
        expect(input.passages.map((each) => each.documentId)).toEqual(['fil_1', 'web_1']);
        return { text: 'Trains are preferred [2]. See [7].', citedPassageIndexes: [1], generator: { kind: 'llm', model: 'claude-3-sonnet' } };
      }, 'How much are hotels paid for business travel?');
      const assistant = result.messages[1];
      expect(assistant?.text).toBe('Trains are preferred [2]. See.');
      expect(assistant?.sources).toEqual([
        { documentId: 'fil_1', name: 'hotels.txt', knowledgeBaseId: 'kb_1', snippet: 'Hotels for business travel are paid up to 150 euros a night.', score: 0.9, sourceType: 'file', url: null },
        { documentId: 'web_1', name: 'Travel page', knowledgeBaseId: 'kb_1', snippet: 'For business travel, trains are preferred to hotels near airports.', score: 0.85, sourceType: 'web', url: 'https://intranet.example.com/travel' },
      ]);
      expect(assistant?.generator).toEqual({ kind: 'llm', model: 'claude-3-sonnet' });
    });

    it('hands over no passage and lists no source when none passes the floor', async () => {
      const result = await send(async (input) => {
        expect(input.passages).toEqual([]);
        return { text: "I couldn't find anything relevant to your question in this application's knowledge bases.", citedPassageIndexes: [], generator: { kind: 'llm', model: 'm' } };
      }, 'Which vaccines does the clinic offer to pilgrims?');
      expect(result.messages[1]?.sources).toEqual([]);
    });

    it('lists no source when the reply says nothing relevant was found', async () => {
      const result = await send(
        async () => ({ text: "I couldn't find anything relevant to your question in this application's knowledge bases.", citedPassageIndexes: [], generator: { kind: 'llm', model: 'm' } }),
        'How much are hotels paid for business travel?',
      );
      expect(result.messages[1]?.sources).toEqual([]);
    });
  });
});

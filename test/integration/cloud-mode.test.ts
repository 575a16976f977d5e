import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getPorts } from '../../functions/contracts/ports/ports';
import { DEFAULT_SEED_EMAILS, type SeedCredentials } from '../../local/seed/seed-credentials';
import { seedPlatform } from '../../local/seed/seed-platform';
import { apiGateway, type ApiGateway } from '../support/aws-emulators/api-gateway';
import { startCloudRehearsal, type CloudRehearsal } from '../support/aws-emulators/cloud-rehearsal';
import { drainUntil, sqsEventSource, type EventSourceMapping, type SqsHandler } from '../support/aws-emulators/sqs-event-source';
import type { Json } from '../support/json';
import { subscribe } from '../support/subscriptions';

/**
 * The cloud deployment rehearsed on this machine (issue 22 point 7, docs/deployment.md "Rehearsal
 * against emulators"): the deployed handlers with their AWS adapters, composed by functions/platform
 * from the environment the stack sets, against DynamoDB Local, s3rver, sqslite's queues,
 * cognito-local and aws-ses-v2-local, with local fakes of KMS, Bedrock and S3 Vectors in their API
 * shapes. Requests go through the gateway's JWT authorizer to the family Lambdas; queue messages
 * reach the workers as Lambda's SQS event source mapping hands them over.
 */

type Body = Json;

const PASSWORD = 'Rehearse-the-Cloud-1';
const CREDENTIALS = Object.fromEntries(Object.entries(DEFAULT_SEED_EMAILS).map(([role, email]) => [role, { email, password: PASSWORD }])) as SeedCredentials;
const FACT = 'Rehearsal travellers must file expense claims within 21 days of returning.';
const HANDBOOK = [
  'Travel handbook of the rehearsal company.',
  FACT,
  'Receipts are scanned and attached to the claim in the expenses tool.',
  'Flights longer than six hours may be booked in premium economy.',
].join('\n\n');

let rehearsal: CloudRehearsal;
let gateway: ApiGateway;
let indexingWorker: SqsHandler;
let indexing: EventSourceMapping;
let chatEvents: EventSourceMapping;
/** Bodies the indexing worker was handed: the S3 notification and our own envelopes. */
const indexingBodies: string[] = [];
const state: { adminToken?: string; fileId?: string; knowledgeBaseId?: string } = {};

async function call(method: string, path: string, token?: string, body?: unknown) {
  return gateway.call<Body>(method, path, { token, body });
}

async function login(email: string, password: string): Promise<string> {
  const answer = await call('POST', '/api/auth/login', undefined, { email, password });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token as string;
}

beforeAll(async () => {
  rehearsal = await startCloudRehearsal({ dynamoDbEndpoint: inject('sharedDynamoDbEndpoint'), name: `rehearsal-${Date.now().toString(36)}` });
  gateway = apiGateway({
    issuer: rehearsal.cognito.issuer,
    audience: [rehearsal.cognito.clientId],
    jwksUrl: `${rehearsal.cognito.endpoint}/${rehearsal.cognito.userPoolId}/.well-known/jwks.json`,
    originSecret: rehearsal.originSecret,
  });
  // Imported once the environment is set, as a Lambda starts with its environment in place.
  indexingWorker = (await import('../../functions/workers/indexing/handler')).handler as SqsHandler;
  const chatEventsWorker = (await import('../../functions/workers/chat-events/handler')).handler as SqsHandler;
  indexing = sqsEventSource({
    sqsEndpoint: rehearsal.sqs.endpoint,
    queueUrl: rehearsal.queueUrls.indexing,
    functionName: 'groundwork-indexing',
    handler: (event: SQSEvent, context: Context): Promise<SQSBatchResponse | void> => {
      indexingBodies.push(...event.Records.map((record) => record.body));
      return indexingWorker(event, context);
    },
  });
  chatEvents = sqsEventSource({ sqsEndpoint: rehearsal.sqs.endpoint, queueUrl: rehearsal.queueUrls.chatEvents, functionName: 'groundwork-chat-events', handler: chatEventsWorker });
  // The install seed through the cloud ports: its accounts are made in cognito-local by the Cognito adapter.
  const seeded = await seedPlatform(getPorts(), { credentials: CREDENTIALS, passwordFromEnvironment: {}, findAccountSub: async () => undefined });
  // API access (the application's API token below) comes with a paid plan, as billing would give it.
  await subscribe({ ports: getPorts() }, seeded.demoOrganization.id, 'professional');
}, 120_000);

afterAll(async () => {
  await rehearsal?.stop();
});

describe('cloud mode against AWS emulators', () => {
  it('signs the system administrator in through §4.1 with Cognito, and the gateway authorizer and the function both verify the token', async () => {
    const token = await login(CREDENTIALS.SYSTEM_ADMIN.email, PASSWORD);
    const profile = await call('GET', '/api/profile', token);
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    expect(profile.body.user).toMatchObject({ email: CREDENTIALS.SYSTEM_ADMIN.email, role: 'system_admin', is_system_org: true });

    const wrong = await call('POST', '/api/auth/login', undefined, { email: CREDENTIALS.SYSTEM_ADMIN.email, password: 'Not-the-password-9' });
    expect(wrong.status).toBe(401);
    // A token whose signature is not the pool's never reaches the function.
    const [header, payload] = token.split('.');
    const forged = await call('GET', '/api/profile', `${header}.${payload}.${Buffer.from('forged').toString('base64url')}`);
    expect(forged).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('ingests an upload: presigned PUT to S3, ObjectCreated through SQS to the indexing worker', async () => {
    state.adminToken = await login(CREDENTIALS.ADMIN.email, PASSWORD);
    const size = Buffer.byteLength(HANDBOOK);
    const ticket = await call('POST', '/api/data-sources/upload-url', state.adminToken, { filename: 'travel-handbook.txt', size });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const uploadUrl = new URL(ticket.body.uploadUrl as string);
    expect(uploadUrl.pathname).toMatch(new RegExp(`^/${rehearsal.names.dataBucket}/org/`));
    const put = await fetch(uploadUrl, { method: 'PUT', headers: ticket.body.headers as Record<string, string>, body: HANDBOOK });
    expect(put.status, await put.text()).toBe(200);
    const complete = await call('POST', '/api/data-sources/upload-complete', state.adminToken, {
      dataSourceId: ticket.body.dataSourceId,
      objectName: ticket.body.objectName,
      size,
      mimeType: (ticket.body.headers as Record<string, string>)['Content-Type'],
    });
    expect(complete.status, JSON.stringify(complete.body)).toBe(200);
    state.fileId = ticket.body.dataSourceId as string;

    const status = async () => (await call('GET', `/api/data-sources/${state.fileId}`, state.adminToken)).body.status;
    await drainUntil([indexing], async () => (await status()) === 'active');
    // S3 notifies every object created under org/ (the stack's filter); the uploaded file's went to the queue.
    expect(rehearsal.forwardedNotifications.some((body) => body.includes(`/files/${state.fileId}/`))).toBe(true);
    // The worker was handed S3's own notification body, not a message the API queued.
    expect(indexingBodies.some((body) => (JSON.parse(body) as { Records?: Array<{ eventName: string }> }).Records?.[0]?.eventName === 'ObjectCreated:Put')).toBe(true);
    expect(indexing.failures).toEqual([]);
  });

  it('deploys a knowledge base: kb.index through SQS, embeddings from Bedrock, vectors into S3 Vectors', async () => {
    const created = await call('POST', '/api/knowledge-bases', state.adminToken, { name: 'Travel', source_type: 'files', embedding_model: 'text-embedding-ada-002', chunk_size: 200, overlap: 20, data_source_ids: [state.fileId] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    state.knowledgeBaseId = created.body.id as string;
    const deployed = await call('POST', `/api/knowledge-bases/${state.knowledgeBaseId}/deploy`, state.adminToken, {});
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(202);
    const status = async () => (await call('GET', `/api/knowledge-bases/${state.knowledgeBaseId}`, state.adminToken)).body.status;
    await drainUntil([indexing], async () => (await status()) === 'ready');
    expect(indexing.failures).toEqual([]);

    const indexes = [...rehearsal.vectors.indexes(rehearsal.names.vectorBucket).values()];
    const vectors = indexes.flatMap((index) => [...index.vectors.values()]);
    expect(indexes.map((index) => index.dimension)).toContain(1024);
    expect(vectors.length).toBeGreaterThan(0);
    expect(vectors.every((vector) => vector.metadata.sourceId === state.fileId)).toBe(true);
    expect(vectors.map((vector) => vector.metadata.text).join(' ')).toContain('21 days');
    expect(rehearsal.bedrock.calls.some((entry) => entry.operation === 'invoke' && entry.modelId === 'amazon.titan-embed-text-v2:0')).toBe(true);
  });

  it('answers a chat from Bedrock with citations that lead to the uploaded document', async () => {
    const application = await call('POST', '/api/rag', state.adminToken, {
      name: 'Travel desk',
      llmModel: 'claude-3-sonnet',
      indexIds: [state.knowledgeBaseId],
      integrations: [{ type: 'api', enabled: true, settings: { rateLimit: 100 } }],
    });
    expect(application.status, JSON.stringify(application.body)).toBe(201);
    const appId = application.body.id as string;
    // The application's API token is sealed with KMS and unsealed for its admin.
    const apiToken = ((application.body.integrations as Body[])[0]?.settings as Body).token as string;
    expect(apiToken).toEqual(expect.any(String));
    expect(rehearsal.kms.calls).toEqual(expect.arrayContaining(['Encrypt', 'Decrypt']));
    const keyed = await gateway.call<Body>('POST', `/api/chat/sessions/${appId}`, { headers: { 'x-api-key': apiToken, 'x-user-id': 'rehearsal-visitor' }, body: {} });
    expect(keyed.status, JSON.stringify(keyed.body)).toBe(201);

    const session = await call('POST', `/api/chat/sessions/${appId}`, state.adminToken, {});
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const sessionId = (session.body.session as Body).id as string;

    const sent = await call('POST', `/api/chat/messages/${appId}/sessions/${sessionId}`, state.adminToken, { message: { text: 'Within how many days must expense claims be filed after returning?', sender: 'user' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const assistant = (sent.body.messages as Body[])[1] as Body;
    expect(assistant.generator).toMatchObject({ kind: 'llm' });
    expect(assistant.text).toContain('21 days');
    expect(assistant.text).toMatch(/\[1\]$/);
    expect(assistant.sources).toEqual([expect.objectContaining({ documentId: state.fileId, name: 'travel-handbook.txt', knowledgeBaseId: state.knowledgeBaseId, sourceType: 'file' })]);
    // The passage the reply cites is the one Bedrock was given as [1].
    const converse = rehearsal.bedrock.calls.filter((entry) => entry.operation === 'converse').at(-1);
    expect(JSON.stringify(converse?.body)).toContain(FACT);

    // The chat's events reach their worker through SQS as well.
    await drainUntil([chatEvents], async () => true);
    expect(chatEvents.failures).toEqual([]);
  });

  it('mails an invitation through SES, with the link to the web origin', async () => {
    const email = 'newcomer@demo.example.com';
    const invited = await call('POST', '/api/users/invite', state.adminToken, { email, fullName: 'New Comer', role: 'user' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const mail = (await rehearsal.ses.mails()).find((entry) => entry.destination.to.includes(email));
    expect(mail, 'no invitation in the SES store').toBeDefined();
    expect(mail?.from).toBe('Groundwork <no-reply@rehearsal.example.com>');
    const link = /https:\/\/\S+/.exec(mail?.body.text ?? '')?.[0] ?? '';
    expect(link.startsWith(`${rehearsal.webOrigin}/accept-invitation?token=`), mail?.body.text).toBe(true);
  });

  it('keeps only the failed record of a batch on the queue (partial batch failure)', async () => {
    const sqs = new SQSClient({});
    const queueUrl = rehearsal.queueUrls.indexing;
    // S3's test event (sent once when a notification is configured) carries no object: a success with nothing to do.
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ Service: 'Amazon S3', Event: 's3:TestEvent' }) }));
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'not a queue message' }));
    const mapping = sqsEventSource({ sqsEndpoint: rehearsal.sqs.endpoint, queueUrl, functionName: 'groundwork-indexing', handler: indexingWorker });
    const round = await mapping.poll();
    expect(round.delivered).toHaveLength(2);
    expect(round.failed.map((record) => record.body)).toEqual(['not a queue message']);
    const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }));
    expect(Attributes?.ApproximateNumberOfMessages).toBe('1');
    sqs.destroy();
  });
});

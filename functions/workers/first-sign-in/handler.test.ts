import { fileURLToPath } from 'node:url';
import { HeadObjectCommand, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, type TestDatabase } from '../../../test/support/identity/test-environment';
import { FileRepository } from '../../domain/files/file-repository';
import { FolderRepository } from '../../domain/folders/folder-repository';
import { GroupRepository } from '../../domain/groups/group-repository';
import { KnowledgeBaseRepository } from '../../domain/knowledge-bases/knowledge-base-repository';
import { DEMO_CONTENT } from '../../domain/seed/demo-content';
import { OrganizationRepository } from '../../domain/organizations/organization-repository';
import { readSeedMarker } from '../../domain/seed/seed-marker-store';
import { UserRepository } from '../../domain/users/user-repository';
import type { IdentityPort } from '../../contracts/ports/identity';
import type { Ports } from '../../contracts/ports/ports';
import type { QueueMessage, QueueName } from '../../contracts/ports/queue';
import { FIRST_SIGN_IN_RESOURCE_ID, onEvent } from './handler';

/**
 * The first sign-in custom resource against a real table (DynamoDB Local): the ports it uses are
 * the database, the objects (storage markers, mocked S3) and the identity's inviteAccount.
 */
let db: TestDatabase;
const invited: { email: string; fullName: string }[] = [];
const s3 = new S3Client({ region: 'eu-west-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
const s3Mock = mockClient(s3);

const identity = {
  adapter: 'cognito',
  async inviteAccount(account: { email: string; fullName: string }) {
    invited.push(account);
    return { sub: `sub-${invited.length}` };
  },
} as unknown as IdentityPort;

let ports: Ports;

/** What the S3 mock holds: the product's upload path heads the objects it put. */
const objects = new Map<string, { size: number; type: string | undefined }>();
const queued: { queue: QueueName; message: QueueMessage }[] = [];
const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const event = (RequestType: 'Create' | 'Update' | 'Delete', AdminEmail: unknown, PhysicalResourceId?: string, DemoContent?: string) =>
  ({
    RequestType,
    ServiceToken: 'arn:aws:lambda:eu-west-1:123456789012:function:provider',
    ResponseURL: 'https://example.com',
    StackId: 'stack',
    RequestId: 'request',
    LogicalResourceId: 'FirstSignIn',
    ResourceType: 'Custom::GroundworkFirstSignIn',
    ResourceProperties: { ServiceToken: 'x', AdminEmail, ...(DemoContent ? { DemoContent } : {}) },
    ...(PhysicalResourceId ? { PhysicalResourceId, OldResourceProperties: { ServiceToken: 'x', AdminEmail } } : {}),
  }) as unknown as CloudFormationCustomResourceEvent;

beforeAll(async () => {
  db = await startTestDatabase();
  s3Mock.on(HeadObjectCommand).callsFake((input: { Key: string }) => {
    const object = objects.get(input.Key);
    if (!object) throw new NotFound({ message: 'Not Found', $metadata: {} });
    return { ContentLength: object.size, ContentType: object.type };
  });
  s3Mock.on(PutObjectCommand).callsFake((input: { Key: string; Body?: unknown; ContentType?: string }) => {
    const body = input.Body;
    objects.set(input.Key, { size: typeof body === 'string' ? Buffer.byteLength(body) : (body as Uint8Array | undefined)?.length ?? 0, type: input.ContentType });
    return {};
  });
  const queue = { adapter: 'sqs', send: async (name: QueueName, message: QueueMessage) => void queued.push({ queue: name, message }), ping: async () => undefined };
  ports = { database: db.database, objects: { adapter: 's3', client: s3, bucket: 'groundwork-data', presignPut: async () => 'https://example.com/upload' }, identity, queue } as unknown as Ports;
}, 90_000);

afterAll(async () => {
  await db?.stop();
});

async function systemOrganizations() {
  return (await new OrganizationRepository(db.database).listAll()).items.filter((organization) => organization.is_system_org);
}

describe('first sign-in custom resource', () => {
  it('on Create makes the system organization and its system administrator, whose password Cognito mails', async () => {
    const answer = await onEvent(event('Create', ' Root@Example.COM '), ports);
    expect(answer.PhysicalResourceId).toBe(FIRST_SIGN_IN_RESOURCE_ID);
    expect(answer.Data?.AdminCreated).toBe('true');

    expect(invited).toEqual([{ email: 'root@example.com', fullName: 'System Administrator' }]);
    const [system, ...others] = await systemOrganizations();
    expect(others).toEqual([]);
    expect(system).toMatchObject({ name: 'Groundwork', domain: 'example.com', is_system_org: true });
    expect(answer.Data?.SystemOrganizationId).toBe(system!.id);
    expect(await readSeedMarker(db.database)).toMatchObject({ systemOrganizationId: system!.id });

    const admin = await new UserRepository(db.database).findByEmail('root@example.com');
    expect(admin).toMatchObject({ organization_id: system!.id, role: 'system_admin', subject: 'sub-1', auth_providers: ['password'] });
    const groups = new GroupRepository(db.database);
    const adminGroup = await groups.findAdminGroup(system!.id);
    expect(await groups.memberIds(system!.id, adminGroup!.id)).toEqual([admin!.id]);
    // Its storage namespaces are provisioned, as for any organization (§6.2).
    expect(s3Mock.commandCalls(PutObjectCommand).length).toBeGreaterThan(0);
  });

  it('on an Update changes nothing that exists: no second organization, no second mail, the admin as they left it', async () => {
    const users = new UserRepository(db.database);
    const admin = (await users.findByEmail('root@example.com'))!;
    const renamed = await users.update(admin, { full_name: 'Rosa Root' });
    const before = await systemOrganizations();

    const answer = await onEvent(event('Update', 'root@example.com', FIRST_SIGN_IN_RESOURCE_ID), ports);
    expect(answer).toEqual({ PhysicalResourceId: FIRST_SIGN_IN_RESOURCE_ID, Data: { SystemOrganizationId: before[0]!.id, AdminCreated: 'false' } });
    expect(invited).toHaveLength(1);
    expect(await systemOrganizations()).toEqual(before);
    expect(await users.findByEmail('root@example.com')).toEqual(renamed);
  });

  it('on an Update naming another email adds that system administrator to the same organization', async () => {
    const [system] = await systemOrganizations();
    await onEvent(event('Update', 'second@example.com', FIRST_SIGN_IN_RESOURCE_ID), ports);
    expect(invited.map((account) => account.email)).toEqual(['root@example.com', 'second@example.com']);
    expect(await systemOrganizations()).toHaveLength(1);
    expect(await new UserRepository(db.database).findByEmail('second@example.com')).toMatchObject({ organization_id: system!.id, role: 'system_admin' });
  });

  it('on Delete removes nothing', async () => {
    const before = await systemOrganizations();
    await expect(onEvent(event('Delete', 'root@example.com', FIRST_SIGN_IN_RESOURCE_ID), ports)).resolves.toEqual({ PhysicalResourceId: FIRST_SIGN_IN_RESOURCE_ID });
    expect(await systemOrganizations()).toEqual(before);
    expect(await new UserRepository(db.database).findByEmail('root@example.com')).toBeDefined();
  });

  it('fails the deploy with a clear reason for a missing or malformed email, or a provider that cannot mail', async () => {
    await expect(onEvent(event('Create', ''), ports)).rejects.toThrow(/groundwork:adminEmail must be an email address/);
    await expect(onEvent(event('Create', 'root.example.com'), ports)).rejects.toThrow(/must be an email address/);
    const embedded = { ...ports, identity: { adapter: 'embedded' } as unknown as IdentityPort };
    await expect(onEvent(event('Create', 'root@example.com'), embedded)).rejects.toThrow(/cannot mail a first password/);
    expect(invited).toHaveLength(2);
  });

  it('with DemoContent uploads the documentation through the product path and builds its knowledge base, and never fails the deploy waiting', async () => {
    const [system] = await systemOrganizations();
    const answer = await onEvent(event('Update', 'root@example.com', FIRST_SIGN_IN_RESOURCE_ID, 'true'), ports, { documentsRoot: REPOSITORY_ROOT, demoTimeoutMs: 0, demoPollMs: 1 });
    // Nothing ingests here, so the knowledge base never gets ready: the deploy goes on without it.
    expect(answer.Data).toMatchObject({ SystemOrganizationId: system!.id, AdminCreated: 'false', DemoContent: 'not finished' });
    expect(invited).toHaveLength(2);

    const tree = await new FolderRepository(db.database).tree(system!.id);
    const [folder] = tree.childrenOf(tree.root.id).filter((item) => item.name === DEMO_CONTENT.folderName);
    const { files } = await new FileRepository(db.database).listFolder(system!.id, folder!.id);
    expect(files.map((file) => file.name)).toContain('README.md');
    expect(files.map((file) => file.name)).toContain('deployment.md');
    expect(files.every((file) => file.metadata.upload_completed_at !== undefined)).toBe(true);
    expect(queued.filter((entry) => entry.queue === 'indexing')).toHaveLength(files.length);
    const knowledgeBases = (await new KnowledgeBaseRepository(db.database).list(system!.id)).items.filter((item) => item.name === DEMO_CONTENT.knowledgeBaseName);
    expect(knowledgeBases).toHaveLength(1);

    // Again (another update): nothing twice.
    await onEvent(event('Update', 'root@example.com', FIRST_SIGN_IN_RESOURCE_ID, 'true'), ports, { documentsRoot: REPOSITORY_ROOT, demoTimeoutMs: 0, demoPollMs: 1 });
    expect((await new FileRepository(db.database).listFolder(system!.id, folder!.id)).files).toHaveLength(files.length);
    expect((await new KnowledgeBaseRepository(db.database).list(system!.id)).items.filter((item) => item.name === DEMO_CONTENT.knowledgeBaseName)).toHaveLength(1);
  });

  it('answers a demo content it could not make, without failing the deploy', async () => {
    const answer = await onEvent(event('Update', 'root@example.com', FIRST_SIGN_IN_RESOURCE_ID, 'true'), ports, { documentsRoot: '/nonexistent', demoTimeoutMs: 0 });
    expect(answer.Data?.DemoContent).toBe('not finished');
  });
});

import { HeadObjectCommand, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, type TestDatabase } from '../../../test/support/identity/test-environment';
import { GroupRepository } from '../../domain/groups/group-repository';
import { OrganizationRepository } from '../../domain/organizations/organization-repository';
import { readSeedMarker } from '../../domain/seed/seed-marker-store';
import { UserRepository } from '../../domain/users/user-repository';
import type { IdentityPort } from '../../contracts/ports/identity';
import type { Ports } from '../../contracts/ports/ports';
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

const event = (RequestType: 'Create' | 'Update' | 'Delete', AdminEmail: unknown, PhysicalResourceId?: string) =>
  ({
    RequestType,
    ServiceToken: 'arn:aws:lambda:eu-west-1:123456789012:function:provider',
    ResponseURL: 'https://example.com',
    StackId: 'stack',
    RequestId: 'request',
    LogicalResourceId: 'FirstSignIn',
    ResourceType: 'Custom::GroundworkFirstSignIn',
    ResourceProperties: { ServiceToken: 'x', AdminEmail },
    ...(PhysicalResourceId ? { PhysicalResourceId, OldResourceProperties: { ServiceToken: 'x', AdminEmail } } : {}),
  }) as unknown as CloudFormationCustomResourceEvent;

beforeAll(async () => {
  db = await startTestDatabase();
  s3Mock.on(HeadObjectCommand).rejects(new NotFound({ message: 'Not Found', $metadata: {} }));
  s3Mock.on(PutObjectCommand).resolves({});
  ports = { database: db.database, objects: { adapter: 's3', client: s3, bucket: 'groundwork-data' }, identity } as unknown as Ports;
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
});

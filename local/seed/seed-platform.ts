import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { provisionCloudResources } from '../../functions/domain/cloud-resources/provisioning';
import { ensureRootFolder } from '../../functions/domain/folders/root-folder';
import { ADMIN_GROUP_NAME, GroupRepository } from '../../functions/domain/groups/group-repository';
import { OrganizationRepository, type OrganizationRecord } from '../../functions/domain/organizations/organization-repository';
import { UserRepository, type UserRecord } from '../../functions/domain/users/user-repository';
import type { Ports } from '../../functions/contracts/ports/ports';
import { SEED_ROLE_OF, SEED_ROLES, type SeedCredentials, type SeedRole } from './seed-credentials';

const SEED_MARKER = { PK: 'SEED', SK: 'SEED' };

interface SeedMarker {
  systemOrganizationId: string;
  demoOrganizationId: string;
}

export interface SeedOptions {
  credentials: SeedCredentials;
  /** Roles whose password came from GROUNDWORK_SEED_<ROLE>_PASSWORD. */
  passwordFromEnvironment: Partial<Record<SeedRole, boolean>>;
  /** Finds an existing provider account, so a seed interrupted between its steps can resume. */
  findAccountSub(email: string): Promise<string | undefined>;
}

const domainOf = (email: string) => email.slice(email.indexOf('@') + 1);

/**
 * First-run seed, idempotent: the system organization with its system admin, and a demo company
 * with an admin, a user and a rag_user, and its Administrators group. Every step checks what is
 * already there, so running it on every start changes nothing once done.
 */
export interface SeedResult {
  systemOrganization: OrganizationRecord;
  demoOrganization: OrganizationRecord;
  users: Record<SeedRole, UserRecord>;
}

export async function seedPlatform(ports: Ports, options: SeedOptions): Promise<SeedResult> {
  const { database } = ports;
  const organizations = new OrganizationRepository(database);
  const { Item } = await database.client.send(new GetCommand({ TableName: database.tableName, Key: SEED_MARKER }));
  let marker = Item as SeedMarker | undefined;

  const systemOrganization =
    (marker && (await organizations.get(marker.systemOrganizationId))) ??
    (await organizations.create({ name: 'Groundwork', domain: domainOf(options.credentials.SYSTEM_ADMIN.email), type: 'business', is_system_org: true }));
  const demoOrganization =
    (marker && (await organizations.get(marker.demoOrganizationId))) ??
    (await organizations.create({ name: 'Demo Company', domain: domainOf(options.credentials.ADMIN.email), type: 'business', is_system_org: false }));
  if (!marker) {
    marker = { systemOrganizationId: systemOrganization.id, demoOrganizationId: demoOrganization.id };
    await database.client.send(new PutCommand({ TableName: database.tableName, Item: { ...SEED_MARKER, entity: 'seedMarker', ...marker } }));
  }

  const groups = new GroupRepository(database);
  const adminGroup =
    (await groups.findAdminGroup(demoOrganization.id)) ??
    (await groups.create({ organization_id: demoOrganization.id, name: ADMIN_GROUP_NAME, description: 'Every admin of the organization', is_admin_group: true }));
  const systemAdminGroup =
    (await groups.findAdminGroup(systemOrganization.id)) ??
    (await groups.create({ organization_id: systemOrganization.id, name: ADMIN_GROUP_NAME, description: 'Every admin of the organization', is_admin_group: true }));

  const users = {} as Record<SeedRole, UserRecord>;
  for (const role of SEED_ROLES) {
    const organization = role === 'SYSTEM_ADMIN' ? systemOrganization : demoOrganization;
    const user = await ensureSeedUser(ports, options, role, organization);
    users[role] = user;
    if (role === 'ADMIN') await groups.addMember(demoOrganization.id, adminGroup.id, user.id);
    if (role === 'SYSTEM_ADMIN') await groups.addMember(systemOrganization.id, systemAdminGroup.id, user.id);
  }
  // Idempotent: creates whatever part of each storage namespace is missing, so seeded organizations start ready.
  for (const organization of [systemOrganization, demoOrganization]) await provisionCloudResources(ports, organization.id);
  for (const organization of [systemOrganization, demoOrganization]) await ensureRootFolder(database, organization.id);
  return { systemOrganization, demoOrganization, users };
}

async function ensureSeedUser(ports: Ports, options: SeedOptions, role: SeedRole, organization: OrganizationRecord) {
  const users = new UserRepository(ports.database);
  const { email, password } = options.credentials[role];
  const existing = await users.findByEmail(email);
  if (existing) {
    // A password given in the environment is the operator's word: it wins over one set earlier.
    if (options.passwordFromEnvironment[role] && existing.subject) await ports.identity.setPassword(existing.subject, password);
    return existing;
  }
  const sub =
    (await options.findAccountSub(email)) ??
    (await ports.identity.createAccount({ email, password, fullName: SEED_NAMES[role] })).sub;
  return users.create({
    organization_id: organization.id,
    email,
    full_name: SEED_NAMES[role],
    role: SEED_ROLE_OF[role],
    auth_providers: ['password'],
    subject: sub,
  });
}

const SEED_NAMES: Record<SeedRole, string> = {
  SYSTEM_ADMIN: 'System Administrator',
  ADMIN: 'Avery Admin',
  USER: 'Uma User',
  RAG_USER: 'Riley Chat',
};

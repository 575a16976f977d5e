import { provisionCloudResources } from '../cloud-resources/provisioning';
import { ensureRootFolder } from '../folders/root-folder';
import { ADMIN_GROUP_NAME, GroupRepository, type GroupRecord } from '../groups/group-repository';
import { OrganizationRepository, type OrganizationRecord } from '../organizations/organization-repository';
import { UserRepository, type UserRecord } from '../users/user-repository';
import type { Ports } from '../../contracts/ports/ports';
import { readSeedMarker, writeSeedMarker } from './seed-marker-store';
import { SEED_NAMES, SEED_ROLE_OF, SEED_ROLES, type SeedRole } from './seed-roles';

/**
 * How the seed gets its users' provider accounts. Locally the seed sets generated or given
 * passwords; in the cloud Cognito mails the first system administrator a temporary one.
 */
export interface SeedAccounts {
  /** The provider subject for a seed user not in the table yet: an existing account's, or a new one's. */
  accountFor(role: SeedRole, account: { email: string; fullName: string }): Promise<string>;
  /** Called for a seed user already in the table (locally, a password given in the environment wins). */
  existing?(role: SeedRole, user: UserRecord): Promise<void>;
}

export interface SeedResult {
  systemOrganization: OrganizationRecord;
  demoOrganization: OrganizationRecord;
  users: Record<SeedRole, UserRecord>;
}

export interface SystemSeedResult {
  systemOrganization: OrganizationRecord;
  systemAdmin: UserRecord;
  /** Whether this run created the system administrator (false: found, left as it was). */
  createdAdmin: boolean;
}

const domainOf = (email: string) => email.slice(email.indexOf('@') + 1);

function createOrganization(organizations: OrganizationRepository, kind: 'system' | 'demo', email: string): Promise<OrganizationRecord> {
  return kind === 'system'
    ? organizations.create({ name: 'Groundwork', domain: domainOf(email), type: 'business', is_system_org: true })
    : organizations.create({ name: 'Demo Company', domain: domainOf(email), type: 'business', is_system_org: false });
}

async function ensureAdminGroup(groups: GroupRepository, organizationId: string): Promise<GroupRecord> {
  return (
    (await groups.findAdminGroup(organizationId)) ??
    (await groups.create({ organization_id: organizationId, name: ADMIN_GROUP_NAME, description: 'Every admin of the organization', is_admin_group: true }))
  );
}

async function ensureSeedUser(ports: Ports, accounts: SeedAccounts, role: SeedRole, email: string, organization: OrganizationRecord): Promise<{ user: UserRecord; created: boolean }> {
  const users = new UserRepository(ports.database);
  const existing = await users.findByEmail(email);
  if (existing) {
    await accounts.existing?.(role, existing);
    return { user: existing, created: false };
  }
  const fullName = SEED_NAMES[role];
  const subject = await accounts.accountFor(role, { email, fullName });
  const user = await users.create({ organization_id: organization.id, email, full_name: fullName, role: SEED_ROLE_OF[role], auth_providers: ['password'], subject });
  return { user, created: true };
}

/** Idempotent: creates whatever part of each storage namespace is missing, so seeded organizations start ready. */
async function readyOrganizations(ports: Ports, organizations: OrganizationRecord[]): Promise<void> {
  for (const organization of organizations) await provisionCloudResources(ports, organization.id);
  for (const organization of organizations) await ensureRootFolder(ports.database, organization.id);
}

/**
 * The install seed of contract §6 ("the system organization is seeded at install with the first
 * system_admin"), as the cloud's first sign-in runs it: the system organization, its Administrators
 * group and the system administrator. Every step checks what is already there, so a second run
 * changes nothing; an administrator found by email is left exactly as it is.
 */
export async function seedSystemOrganization(ports: Ports, adminEmail: string, accounts: SeedAccounts): Promise<SystemSeedResult> {
  const email = adminEmail.trim().toLowerCase();
  const organizations = new OrganizationRepository(ports.database);
  const marker = await readSeedMarker(ports.database);
  let systemOrganization = marker && (await organizations.get(marker.systemOrganizationId));
  if (!systemOrganization) {
    systemOrganization = await createOrganization(organizations, 'system', email);
    await writeSeedMarker(ports.database, { ...marker, systemOrganizationId: systemOrganization.id });
  }
  const groups = new GroupRepository(ports.database);
  const adminGroup = await ensureAdminGroup(groups, systemOrganization.id);
  const { user: systemAdmin, created } = await ensureSeedUser(ports, accounts, 'SYSTEM_ADMIN', email, systemOrganization);
  if (created) await groups.addMember(systemOrganization.id, adminGroup.id, systemAdmin.id);
  await readyOrganizations(ports, [systemOrganization]);
  return { systemOrganization, systemAdmin, createdAdmin: created };
}

/**
 * The local first-run seed (`npm start`), idempotent: the system organization with its system
 * admin, and a demo company with an admin, a user and a rag_user, and its Administrators group.
 * Every step checks what is already there, so running it on every start changes nothing once done.
 */
export async function seedPlatform(ports: Ports, emails: Record<SeedRole, string>, accounts: SeedAccounts): Promise<SeedResult> {
  const { database } = ports;
  const organizations = new OrganizationRepository(database);
  let marker = await readSeedMarker(database);

  const systemOrganization = (marker && (await organizations.get(marker.systemOrganizationId))) ?? (await createOrganization(organizations, 'system', emails.SYSTEM_ADMIN));
  const demoOrganization =
    (marker?.demoOrganizationId !== undefined && (await organizations.get(marker.demoOrganizationId))) || (await createOrganization(organizations, 'demo', emails.ADMIN));
  if (marker?.systemOrganizationId !== systemOrganization.id || marker.demoOrganizationId !== demoOrganization.id) {
    marker = { systemOrganizationId: systemOrganization.id, demoOrganizationId: demoOrganization.id };
    await writeSeedMarker(database, marker);
  }

  const groups = new GroupRepository(database);
  const adminGroup = await ensureAdminGroup(groups, demoOrganization.id);
  const systemAdminGroup = await ensureAdminGroup(groups, systemOrganization.id);

  const users = {} as Record<SeedRole, UserRecord>;
  for (const role of SEED_ROLES) {
    const organization = role === 'SYSTEM_ADMIN' ? systemOrganization : demoOrganization;
    const { user } = await ensureSeedUser(ports, accounts, role, emails[role], organization);
    users[role] = user;
    if (role === 'ADMIN') await groups.addMember(demoOrganization.id, adminGroup.id, user.id);
    if (role === 'SYSTEM_ADMIN') await groups.addMember(systemOrganization.id, systemAdminGroup.id, user.id);
  }
  await readyOrganizations(ports, [systemOrganization, demoOrganization]);
  return { systemOrganization, demoOrganization, users };
}

import { randomFillSync } from 'node:crypto';
import { ulid } from 'ulid';

/**
 * Key builders of the single table (docs/data-model.md). Every tenant-owned item lives in its
 * organization's partition, so a path id can only ever be looked up inside the caller's organization.
 */
export const keys = {
  organization: (organizationId: string) => ({ PK: `ORG#${organizationId}`, SK: 'ORG' }),
  organizationListing: (createdAt: string, organizationId: string) => ({ GSI1PK: 'ORGS', GSI1SK: `${createdAt}#${organizationId}` }),
  domainClaim: (domain: string) => ({ PK: `DOMAIN#${domain.toLowerCase()}`, SK: 'DOMAIN' }),
  user: (organizationId: string, userId: string) => ({ PK: `ORG#${organizationId}`, SK: `USER#${userId}` }),
  emailClaim: (email: string) => ({ PK: `EMAIL#${email.toLowerCase()}`, SK: 'EMAIL' }),
  subjectLink: (subject: string) => ({ PK: `SUBJECT#${subject}`, SK: 'SUBJECT' }),
  group: (organizationId: string, groupId: string) => ({ PK: `ORG#${organizationId}`, SK: `GROUP#${groupId}` }),
  groupMember: (organizationId: string, groupId: string, userId: string) => ({
    PK: `ORG#${organizationId}`,
    SK: `MEMBER#${groupId}#${userId}`,
  }),
  userGroup: (organizationId: string, userId: string, groupId: string) => ({
    PK: `ORG#${organizationId}`,
    SK: `USERGROUP#${userId}#${groupId}`,
  }),
  revokedToken: (jti: string) => ({ PK: `JTI#${jti}`, SK: 'JTI' }),
} as const;

/**
 * The organization's counters item (contract §1.9; docs/data-model.md "Organization counters"):
 * storage, objects, knowledge bases, data sources, indexed pages and conversations per period.
 */
export const countersKey = (organizationId: string) => ({ PK: keys.organization(organizationId).PK, SK: 'COUNTERS' });

/** The organization's subscription item (docs/data-model.md "Subscription"). */
export const subscriptionKey = (organizationId: string) => ({ PK: keys.organization(organizationId).PK, SK: 'SUBSCRIPTION' });

export const SK_PREFIX = {
  user: 'USER#',
  group: 'GROUP#',
  groupMembers: (groupId: string) => `MEMBER#${groupId}#`,
  userGroups: (userId: string) => `USERGROUP#${userId}#`,
} as const;

/** The secure random bytes ids draw from, filled a block at a time. */
const randomPool = new Uint8Array(4096);
let randomTaken = randomPool.length;

/**
 * ulid's random source: the same CSPRNG bytes its default draws, but from a pool. Its default
 * calls crypto.getRandomValues once per character, sixteen calls per id, which showed up in the
 * chat's CPU profile (three ids per send).
 */
function pooledRandom(): number {
  if (randomTaken === randomPool.length) {
    randomFillSync(randomPool);
    randomTaken = 0;
  }
  return randomPool[randomTaken++]! / 256;
}

/** The readable kind prefix of each id (contract §1.6). */
export type IdKind = 'org' | 'usr' | 'grp' | 'fld' | 'fil' | 'kb' | 'app' | 'ses' | 'msg' | 'sub' | 'web' | 'api';

/** Opaque, time-ordered ids with a readable kind prefix (contract §1.6: ≤ 64 characters). */
export function newId(kind: IdKind): string {
  return `${kind}_${ulid(undefined, pooledRandom).toLowerCase()}`;
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** Strips the table's key attributes from an item before it leaves the repository. */
export function withoutKeys<T extends Record<string, unknown>>(item: T): Omit<T, 'PK' | 'SK' | 'GSI1PK' | 'GSI1SK' | 'GSI2PK' | 'GSI2SK' | 'ttl'> {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, GSI2PK: _g2, GSI2SK: _g2s, ttl: _ttl, ...rest } = item;
  return rest;
}

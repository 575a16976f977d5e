import type { RouteDefinition } from '../../../shared/api/route-table';
import { hostileNumber, hostileString, hostileValue, RAW_NUMBER_TEXTS } from './hostile-values';
import type { Random } from './random';

/** Who sends a fuzzed request. */
export type FuzzCaller = 'SYSTEM_ADMIN' | 'ADMIN' | 'USER' | 'RAG_USER' | 'NONE' | 'API_KEY';
export const FUZZ_CALLERS: readonly FuzzCaller[] = ['SYSTEM_ADMIN', 'ADMIN', 'USER', 'RAG_USER', 'NONE', 'API_KEY'];

export interface FuzzRequest {
  route: RouteDefinition;
  caller: FuzzCaller;
  method: string;
  path: string;
  /** A JSON text, or anything else sent as it is. */
  body?: string;
  contentType?: string;
  headers: Record<string, string>;
}

/**
 * Ids the fuzzer may put in paths and bodies: real ones of the callers' organization and of another
 * organization, and invented ones. Never the callers' own accounts or organizations where a write
 * could lock the run out (the test passes those only where they are safe).
 */
export interface IdPool {
  /** Ids by kind: users, groups, folders, files, knowledgeBases, applications, sessions, organizations. */
  real: Record<string, string[]>;
  /** Ids of another organization's items. */
  foreign: string[];
}

/** Field names the contract's bodies use, with a plausible value each, so fuzzing also gets past the first check. */
const PLAUSIBLE: Record<string, (random: Random, ids: IdPool) => unknown> = {
  name: (random) => `Fuzz ${random.int(1e9)}`,
  description: () => 'fuzzed',
  email: (random) => `fuzz${random.int(1e9)}@demo.example.com`,
  fullName: () => 'Fuzz Person',
  full_name: () => 'Fuzz Person',
  role: (random) => random.pick(['user', 'admin', 'rag_user', 'system_admin', 'ADMIN']),
  status: (random) => random.pick(['active', 'inactive', 'suspended']),
  password: () => 'Fuzz-passw0rd!',
  currentPassword: () => 'not-the-password',
  newPassword: () => 'Fuzz-passw0rd!',
  confirmPassword: () => 'Fuzz-passw0rd!',
  temporaryPassword: (random) => random.pick(['../../../etc/passwd', 'Fuzz-passw0rd!', 'short']),
  userId: (random, ids) => pickId(random, ids, 'users'),
  groupIds: (random, ids) => [pickId(random, ids, 'groups')],
  group_ids: (random, ids) => [pickId(random, ids, 'groups')],
  folderId: (random, ids) => pickId(random, ids, 'folders'),
  parent_id: (random, ids) => pickId(random, ids, 'folders'),
  sourceId: (random, ids) => pickId(random, ids, random.chance(0.5) ? 'files' : 'folders'),
  dataSourceId: (random, ids) => pickId(random, ids, 'files'),
  data_source_ids: (random, ids) => [pickId(random, ids, 'files')],
  objectName: (random) => `org/x/files/${random.int(1e6)}/a.txt`,
  filename: (random) => random.pick(['a.txt', 'b.pdf', 'c.exe', 'd.docx', '../e.txt']),
  size: (random) => random.pick([1, 10, 52_428_801, 0]),
  mimeType: () => 'text/plain',
  indexIds: (random, ids) => [pickId(random, ids, 'knowledgeBases')],
  index_ids: (random, ids) => [pickId(random, ids, 'knowledgeBases')],
  llmModel: (random) => random.pick(['gpt-4', 'claude-3-sonnet', 'unknown-model']),
  source_type: (random) => random.pick(['files', 'web', 'api']),
  embedding_model: () => 'text-embedding-ada-002',
  chunk_size: (random) => random.pick([100, 200, 2000, 99]),
  overlap: (random) => random.pick([0, 20, 500]),
  enabled: (random) => random.pick([true, false]),
  message: (random) => ({ text: random.pick(['Hello?', 'What is the hotel limit?']), sender: 'user' }),
  history: () => [{ text: 'earlier', sender: 'user' }],
  metadata: (random) => ({ topic: random.pick(['travel', 1, 1e308]) }),
  integrations: (random) => [{ type: random.pick(['api', 'messaging']), enabled: random.pick([true, false]), settings: {} }],
  allowedOrigins: () => ['https://example.com'],
  rateLimit: (random) => random.pick([1, 100, 10_001]),
  token: (random) => random.pick(['rag_abc', 'eyJhbGciOi.fake.token']),
  refreshToken: () => 'fuzz-refresh',
  endpoint: (random) => random.pick(['https://s3.example.com', 'http://127.0.0.1:1', 'not a url']),
  bucket: () => 'fuzz-bucket',
  accessKey: () => 'AKIAFUZZ',
  secretKey: () => 'secret',
  domain: (random) => `fuzz${random.int(1e9)}.example.com`,
  organizationName: (random) => `Fuzz Org ${random.int(1e9)}`,
  adminEmail: (random) => `admin${random.int(1e9)}@fuzz${random.int(1e9)}.example.com`,
  adminFullName: () => 'Fuzz Admin',
  apiTokensEnabled: (random) => random.pick([true, false]),
  passwordPolicy: () => ({ minLength: 8 }),
  planId: (random) => random.pick(['free', 'starter', 'enterprise', 'nope']),
  paymentMethodId: () => 'pm_fuzz',
  url: () => 'https://example.com',
  termsAccepted: () => true,
  text: () => 'fuzz text',
  subject: () => 'Fuzz subject',
  priority: () => 'high',
  fileIds: () => ['drive-file'],
  channels: () => ['general'],
};
const FIELD_NAMES = Object.keys(PLAUSIBLE);

function pickId(random: Random, ids: IdPool, kind: string): string {
  const real = ids.real[kind] ?? [];
  if (real.length > 0 && random.chance(0.5)) return random.pick(real);
  if (ids.foreign.length > 0 && random.chance(0.3)) return random.pick(ids.foreign);
  return hostileId(random);
}

/** Ids that name nothing: long, odd characters, key separators, traversal. */
export function hostileId(random: Random): string {
  return random.pick([
    () => `usr_${random.int(1e9)}`,
    () => 'x'.repeat(random.pick([64, 65, 1025, 2049, 3000])),
    () => '字'.repeat(random.pick([30, 700])),
    // A bare '..' segment is resolved away by any URL parser, client side, so it names another route.
    () => '..%',
    () => '../../etc/passwd',
    () => 'a#b',
    () => `ORG#${random.int(1e6)}`,
    () => ' ',
    () => '\u202e' + 'id',
    () => '%',
    () => '0',
    () => '-1',
    () => 'null',
  ])();
}

/** A path segment as a client could send it, including percent-encodings that decode to no valid text. */
function pathSegment(random: Random, ids: IdPool, parameter: string): string {
  const kindOf: Record<string, string> = { id: random.pick(['users', 'groups', 'folders', 'files', 'knowledgeBases', 'organizations']), userId: 'users', appId: 'applications', sessionId: 'sessions' };
  const roll = random.int(10);
  if (roll < 4) return encodeURIComponent(pickId(random, ids, kindOf[parameter] ?? 'users'));
  if (roll < 6 && ids.foreign.length > 0) return encodeURIComponent(random.pick(ids.foreign));
  if (roll < 7) return random.pick(['%FF%FE', '%ED%A0%80', '%00', '..%2F..%2Fetc%2Fpasswd', '%E2%80%AE', '%25', '%C0%AF']);
  return encodeURIComponent(hostileId(random));
}

export function fuzzPath(random: Random, route: RouteDefinition, ids: IdPool): string {
  return route.path.replace(/\{(\w+)\}/g, (_, parameter: string) => pathSegment(random, ids, parameter));
}

/** Bodies a route accepts, or nearly: one field is then made hostile, so the fuzzing reaches past validation. */
const BASE_BODIES: Record<string, (random: Random, ids: IdPool) => Record<string, unknown>> = {
  'auth.resetPasswordAdmin': (random, ids) => ({ userId: pickId(random, ids, 'users'), temporaryPassword: 'Fuzz-passw0rd!' }),
  'auth.changePassword': () => ({ currentPassword: 'not-the-password', newPassword: 'Fuzz-passw0rd!' }),
  'profile.update': () => ({ fullName: 'Fuzz Person' }),
  'organizations.create': (random) => ({ name: `Fuzz Org ${random.int(1e9)}`, domain: `fuzz${random.int(1e9)}.example.com`, adminEmail: `a${random.int(1e9)}@x${random.int(1e9)}.example.com`, adminFullName: 'Fuzz Admin', adminPassword: 'Fuzz-passw0rd!' }),
  'organizations.update': () => ({ name: 'Fuzz Org renamed' }),
  'organizations.systemInviteUser': (random) => ({ email: `fuzz${random.int(1e9)}@example.com`, fullName: 'Fuzz Person', role: 'user' }),
  'organizations.putSecuritySettings': () => ({ passwordPolicy: { minLength: 10 } }),
  'organizations.validateSecuritySettings': () => ({ passwordPolicy: { minLength: 10 } }),
  'organizations.putAuthSettings': () => ({ allowSelfSignup: false }),
  'users.invite': (random, ids) => ({ email: `fuzz${random.int(1e9)}@demo.example.com`, fullName: 'Fuzz Person', role: 'user', groupIds: [pickId(random, ids, 'groups')] }),
  'users.update': (random, ids) => ({ fullName: 'Fuzz Person', groupIds: [pickId(random, ids, 'groups')] }),
  'groups.create': (random) => ({ name: `Fuzz group ${random.int(1e9)}`, description: 'fuzzed' }),
  'groups.update': (random) => ({ name: `Fuzz group ${random.int(1e9)}` }),
  'data-sources.rename': (random) => ({ name: `renamed-${random.int(1e9)}.txt` }),
  'data-sources.uploadUrl': (random, ids) => ({ filename: `f${random.int(1e9)}.txt`, size: 10, folderId: pickId(random, ids, 'folders') }),
  'data-sources.uploadComplete': (random, ids) => ({ dataSourceId: pickId(random, ids, 'files') }),
  'data-sources.move': (random, ids) => ({ sourceId: pickId(random, ids, 'files'), folderId: pickId(random, ids, 'folders') }),
  'folders.create': (random, ids) => ({ name: `Fuzz folder ${random.int(1e9)}`, parent_id: pickId(random, ids, 'folders') }),
  'folders.rename': (random) => ({ name: `Fuzz folder ${random.int(1e9)}` }),
  'folders.move': (random, ids) => ({ sourceId: pickId(random, ids, 'folders'), folderId: pickId(random, ids, 'folders') }),
  'storage-credentials.put': () => ({ endpoint: 'https://s3.example.com', bucket: 'fuzz-bucket', accessKey: 'AKIAFUZZ', secretKey: 'secret' }),
  'storage-credentials.test': () => ({ endpoint: 'http://127.0.0.1:1', bucket: 'fuzz-bucket', accessKey: 'AKIAFUZZ', secretKey: 'secret' }),
  'knowledge-bases.create': (random, ids) => ({ name: `Fuzz KB ${random.int(1e9)}`, source_type: 'files', embedding_model: 'text-embedding-ada-002', chunk_size: 200, overlap: 20, data_source_ids: [pickId(random, ids, 'files')] }),
  'knowledge-bases.update': (random) => ({ name: `Fuzz KB ${random.int(1e9)}`, description: 'fuzzed' }),
  'knowledge-bases.putGroups': (random, ids) => ({ groupIds: [pickId(random, ids, 'groups')] }),
  'rag.create': (random, ids) => ({ name: `Fuzz app ${random.int(1e9)}`, llmModel: 'gpt-4', indexIds: [pickId(random, ids, 'knowledgeBases')] }),
  'rag.update': (random) => ({ name: `Fuzz app ${random.int(1e9)}` }),
  'rag.setEnabled': (random) => ({ enabled: random.chance(0.7) }),
  'rag.putGroups': (random, ids) => ({ groupIds: [pickId(random, ids, 'groups')] }),
  'rag.notify': () => ({ message: 'fuzz' }),
  'chat.createSession': () => ({ name: 'Fuzz chat', metadata: { topic: 'travel' } }),
  'chat.sendMessage': () => ({ message: { text: 'What is the hotel limit?', sender: 'user' } }),
};

/** A body for a route: plausible fields with hostile values, missing and extra fields, or no object at all. */
export function fuzzBody(random: Random, ids: IdPool, routeId = ''): { body?: string; contentType?: string } {
  const base = BASE_BODIES[routeId];
  if (base && random.chance(0.5)) {
    const body = base(random, ids);
    const fields = Object.keys(body);
    const target = random.chance(0.8) && fields.length > 0 ? random.pick(fields) : random.pick(FIELD_NAMES);
    if (random.chance(0.85)) body[target] = random.pick([hostileString, hostileNumber, hostileValue])(random);
    else delete body[target];
    return { body: JSON.stringify(body), contentType: 'application/json' };
  }
  const roll = random.int(20);
  if (roll === 0) return {};
  if (roll === 1) return { body: random.pick(['{', '{"a":', 'nul', '[1,]', "{'a':1}", '\u0000']), contentType: 'application/json' };
  if (roll === 2) return { body: 'name=fuzz', contentType: random.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) };
  if (roll === 3) return { body: JSON.stringify(random.pick([[], [{}], 'text', 42, true, null, [1, 2, 3]])), contentType: 'application/json' };
  if (roll === 4) {
    const field = random.pick(FIELD_NAMES);
    return { body: `{"${field}": ${random.pick(RAW_NUMBER_TEXTS)}}`, contentType: 'application/json' };
  }
  const body: Record<string, unknown> = {};
  for (const field of random.some(FIELD_NAMES, random.int(8) + 1)) {
    const style = random.int(10);
    body[field] = style < 5 ? PLAUSIBLE[field]!(random, ids) : style < 7 ? hostileString(random) : style < 8 ? hostileNumber(random) : hostileValue(random);
  }
  if (random.chance(0.2)) body[hostileString(random).slice(0, 100)] = hostileValue(random);
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

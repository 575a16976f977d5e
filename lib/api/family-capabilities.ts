import type { Family } from '../../shared/api/route-table';

/**
 * Permissions beyond the baseline (table, data bucket, indexing queue) that a family's function
 * needs. Kept as data so the least-privilege decisions can be read and reviewed in one place.
 */
export type Capability =
  /** Cognito admin actions: the API creates and manages the users. */
  | 'user-administration'
  /** Read-only probes of the health check (§3.1): the user pool and the chat-events queue. */
  | 'health-probes'
  /** Bedrock InvokeModel: answers and query embeddings (§17.4). */
  | 'model-invocation'
  /** Send to the chat-events queue: the Slack receiver hands work to the answer worker (§18.1). */
  | 'chat-events'
  /** Read the data bucket's encryption and versioning: the live cloud-resources check (§6.11). */
  | 'storage-inspection'
  /** The knowledge bases' vector indexes: retrieval (§17.4) and index clean-up (§15.6). */
  | 'vector-index'
  /** Encrypt and decrypt stored third-party secrets with the product's KMS key. */
  | 'secrets'
  /** SES SendEmail: invitation emails (§7.4, §6.7) and support mail (§19.2-§19.4). */
  | 'mail'
  /** The Stripe secret key, when payments are enabled: billing itself, and health reports the mode (§3.1). */
  | 'stripe';

export const FAMILY_CAPABILITIES: Readonly<Partial<Record<Family, readonly Capability[]>>> = {
  meta: ['health-probes', 'stripe'],
  auth: ['user-administration'],
  profile: ['user-administration'],
  organizations: ['user-administration', 'mail', 'storage-inspection'],
  users: ['user-administration', 'mail'],
  chat: ['model-invocation', 'vector-index', 'secrets'],
  rag: ['secrets'],
  'storage-credentials': ['secrets'],
  // API-source secrets are sealed on save and opened for the server-side test (§14.7).
  'api-sources': ['secrets'],
  'data-sources': ['secrets'],
  // A sync seals the user's Drive token into each drive.import message, for that item only (§12.2).
  drive: ['secrets'],
  'knowledge-bases': ['vector-index'],
  integrations: ['chat-events', 'secrets'],
  billing: ['stripe'],
  // New tickets are mailed to the support mailbox, responses to the ticket's creator.
  support: ['mail'],
};

export function capabilitiesOf(family: Family): readonly Capability[] {
  return FAMILY_CAPABILITIES[family] ?? [];
}

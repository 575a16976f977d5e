import type { Context } from 'aws-lambda';
import type { Family } from '../../shared/api/route-table';
import type { ApiEvent, ApiResult } from '../../functions/http/api-types';

type FamilyHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

/**
 * The same handler modules the CDK stack bundles, one per family, loaded on first use as a Lambda
 * cold start would load them.
 */
const LOADERS: Record<Family, () => Promise<{ handler: unknown }>> = {
  meta: () => import('../../functions/api/meta/handler'),
  auth: () => import('../../functions/api/auth/handler'),
  profile: () => import('../../functions/api/profile/handler'),
  organizations: () => import('../../functions/api/organizations/handler'),
  users: () => import('../../functions/api/users/handler'),
  groups: () => import('../../functions/api/groups/handler'),
  'data-sources': () => import('../../functions/api/data-sources/handler'),
  folders: () => import('../../functions/api/folders/handler'),
  'storage-credentials': () => import('../../functions/api/storage-credentials/handler'),
  drive: () => import('../../functions/api/drive/handler'),
  'web-sources': () => import('../../functions/api/web-sources/handler'),
  'api-sources': () => import('../../functions/api/api-sources/handler'),
  'knowledge-bases': () => import('../../functions/api/knowledge-bases/handler'),
  rag: () => import('../../functions/api/rag/handler'),
  chat: () => import('../../functions/api/chat/handler'),
  integrations: () => import('../../functions/api/integrations/handler'),
  support: () => import('../../functions/api/support/handler'),
  billing: () => import('../../functions/api/billing/handler'),
  usage: () => import('../../functions/api/usage/handler'),
  dashboard: () => import('../../functions/api/dashboard/handler'),
};

const loaded = new Map<Family, FamilyHandler>();

export async function familyHandler(family: Family): Promise<FamilyHandler> {
  const cached = loaded.get(family);
  if (cached) return cached;
  const module = await LOADERS[family]();
  const handler = module.handler as FamilyHandler;
  loaded.set(family, handler);
  return handler;
}

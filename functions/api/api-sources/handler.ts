import { createFamilyHandler } from '../../http/family-handler';
import { createApiSourceRoute, deleteApiSourceRoute, getApiSource, getApiSourceUsage, listApiSources, testApiSourceRoute, updateApiSourceRoute } from './api-source-routes';

/** API sources (contract §14): admin only, from the route table; deploys call them through the `kb.index` worker. */
export const handler = createFamilyHandler('api-sources', {
  'api-sources.list': listApiSources,
  'api-sources.get': getApiSource,
  'api-sources.usage': getApiSourceUsage,
  'api-sources.create': createApiSourceRoute,
  'api-sources.update': updateApiSourceRoute,
  'api-sources.delete': deleteApiSourceRoute,
  'api-sources.test': testApiSourceRoute,
});

import { createFamilyHandler } from '../../http/family-handler';
import { createWebSourceRoute, deleteWebSourceRoute, getWebSource, getWebSourceUsage, listWebSources, syncWebSourceRoute, updateWebSourceRoute } from './web-source-routes';

/** Web sources (contract §13): admin only, from the route table; the crawl itself is the `web.crawl` worker's. */
export const handler = createFamilyHandler('web-sources', {
  'web-sources.list': listWebSources,
  'web-sources.get': getWebSource,
  'web-sources.usage': getWebSourceUsage,
  'web-sources.create': createWebSourceRoute,
  'web-sources.update': updateWebSourceRoute,
  'web-sources.delete': deleteWebSourceRoute,
  'web-sources.sync': syncWebSourceRoute,
});

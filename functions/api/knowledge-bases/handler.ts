import { createFamilyHandler } from '../../http/family-handler';
import { getKnowledgeBaseGroupsRoute, putKnowledgeBaseGroupsRoute } from './group-routes';
import { getKnowledgeBase, getKnowledgeBaseUsage, listKnowledgeBases } from './read-routes';
import { createKnowledgeBaseRoute, deleteKnowledgeBaseRoute, deployKnowledgeBaseRoute, updateKnowledgeBaseRoute } from './write-routes';

/** Knowledge bases (contract §15). The role gate comes from the route table; group access (§1.3) lives in the routes. */
export const handler = createFamilyHandler('knowledge-bases', {
  'knowledge-bases.list': listKnowledgeBases,
  'knowledge-bases.get': getKnowledgeBase,
  'knowledge-bases.usage': getKnowledgeBaseUsage,
  'knowledge-bases.create': createKnowledgeBaseRoute,
  'knowledge-bases.update': updateKnowledgeBaseRoute,
  'knowledge-bases.delete': deleteKnowledgeBaseRoute,
  'knowledge-bases.deploy': deployKnowledgeBaseRoute,
  'knowledge-bases.getGroups': getKnowledgeBaseGroupsRoute,
  'knowledge-bases.putGroups': putKnowledgeBaseGroupsRoute,
});

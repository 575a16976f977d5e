import { grantedGroupsRequestSchema } from '../../../shared/api/schemas/users';
import { loadKnowledgeBase } from '../../domain/knowledge-bases/knowledge-base-lifecycle';
import { knowledgeBaseGroups, setKnowledgeBaseGroups } from '../../domain/knowledge-bases/knowledge-base-groups';
import { KNOWLEDGE_BASE_MESSAGES } from '../../domain/knowledge-bases/knowledge-base-messages';
import { implement, requireCaller } from '../../http/api-types';
import { getPorts } from '../../contracts/ports/ports';
import { idParams } from './knowledge-base-viewer';

/** §15.8. */
export const getKnowledgeBaseGroupsRoute = implement({
  params: idParams,
  async handle(request) {
    const caller = requireCaller(request);
    return { status: 200, body: { groups: await knowledgeBaseGroups(getPorts(), caller.organization.id, request.params.id) } };
  },
});

/** §15.9: `groupIds`, or the documents' `group_ids`. */
export const putKnowledgeBaseGroupsRoute = implement({
  params: idParams,
  // The knowledge base is found before the body is judged.
  body: grantedGroupsRequestSchema,
  deferBody: true,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    await loadKnowledgeBase(ports, caller.organization.id, request.params.id);
    const { groupIds } = await request.validBody();
    const groups = await setKnowledgeBaseGroups(ports, caller.organization.id, request.params.id, groupIds);
    return { status: 200, body: { groups, message: KNOWLEDGE_BASE_MESSAGES.groupsUpdated } };
  },
});

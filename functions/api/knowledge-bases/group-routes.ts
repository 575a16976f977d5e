import { knowledgeBaseGroups, setKnowledgeBaseGroups } from '../../domain/knowledge-bases/knowledge-base-groups';
import { KNOWLEDGE_BASE_MESSAGES } from '../../domain/knowledge-bases/knowledge-base-messages';
import { implement, requireCaller } from '../../http/api-types';
import { getPorts } from '../../contracts/ports/ports';
import { idParams, type AnyQuery, type IdParams } from './knowledge-base-viewer';

/** §15.8. */
export const getKnowledgeBaseGroupsRoute = implement({
  params: idParams,
  async handle(request) {
    const caller = requireCaller(request);
    return { status: 200, body: { groups: await knowledgeBaseGroups(getPorts(), caller.organization.id, request.params.id) } };
  },
});

/** §15.9: `groupIds`, or the documents' `group_ids`. */
export const putKnowledgeBaseGroupsRoute = implement<unknown, AnyQuery, IdParams>({
  params: idParams,
  async handle(request) {
    const caller = requireCaller(request);
    const groups = await setKnowledgeBaseGroups(getPorts(), caller.organization.id, request.params.id, request.body);
    return { status: 200, body: { groups, message: KNOWLEDGE_BASE_MESSAGES.groupsUpdated } };
  },
});

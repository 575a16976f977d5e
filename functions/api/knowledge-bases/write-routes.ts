import { deployKnowledgeBase } from '../../domain/knowledge-bases/deploy-knowledge-base';
import { toKnowledgeBaseEntity } from '../../domain/knowledge-bases/knowledge-base-entity';
import { createKnowledgeBase, deleteKnowledgeBase, updateKnowledgeBase } from '../../domain/knowledge-bases/knowledge-base-lifecycle';
import { KNOWLEDGE_BASE_MESSAGES } from '../../domain/knowledge-bases/knowledge-base-messages';
import { implement, requireCaller } from '../../http/api-types';
import { getPorts } from '../../contracts/ports/ports';
import { idParams, type AnyQuery, type IdParams } from './knowledge-base-viewer';

/** §15.4. The body is validated by the domain, which reports every problem in the contract's order. */
export const createKnowledgeBaseRoute = implement<unknown>({
  async handle(request) {
    const caller = requireCaller(request);
    const record = await createKnowledgeBase(getPorts(), caller.organization, caller.user, request.body);
    return { status: 201, body: toKnowledgeBaseEntity(record) };
  },
});

/** §15.5. */
export const updateKnowledgeBaseRoute = implement<unknown, AnyQuery, IdParams>({
  params: idParams,
  async handle(request) {
    const caller = requireCaller(request);
    const record = await updateKnowledgeBase(getPorts(), caller.organization.id, request.params.id, request.body);
    return { status: 200, body: toKnowledgeBaseEntity(record) };
  },
});

/** §15.6. */
export const deleteKnowledgeBaseRoute = implement({
  params: idParams,
  async handle(request) {
    const caller = requireCaller(request);
    await deleteKnowledgeBase(getPorts(), caller.organization.id, request.params.id);
    return { status: 204 };
  },
});

/** §15.7: 202, the indexing runs on the queue. */
export const deployKnowledgeBaseRoute = implement({
  params: idParams,
  async handle(request) {
    const caller = requireCaller(request);
    const record = await deployKnowledgeBase(getPorts(), caller.organization.id, request.params.id, caller.user.id);
    return { status: 202, body: { message: KNOWLEDGE_BASE_MESSAGES.deploymentInitiated, knowledgeBase: toKnowledgeBaseEntity(record) } };
  },
});

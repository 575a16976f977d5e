import {
  createKnowledgeBaseRequestSchema,
  updateKnowledgeBaseRequestSchema,
  type KnowledgeBaseChanges,
  type KnowledgeBaseFields,
} from '../../../shared/api/schemas/knowledge-bases';
import { deployKnowledgeBase } from '../../domain/knowledge-bases/deploy-knowledge-base';
import { toKnowledgeBaseEntity } from '../../domain/knowledge-bases/knowledge-base-entity';
import { createKnowledgeBase, deleteKnowledgeBase, sourceLookup, updateKnowledgeBase } from '../../domain/knowledge-bases/knowledge-base-lifecycle';
import { KNOWLEDGE_BASE_MESSAGES } from '../../domain/knowledge-bases/knowledge-base-messages';
import type { KnowledgeBaseRecord } from '../../domain/knowledge-bases/knowledge-base-record';
import { implement, requireCaller } from '../../http/api-types';
import { parseOrThrowAsync } from '../../http/validation';
import { getPorts } from '../../contracts/ports/ports';
import { idParams, type AnyQuery, type IdParams } from './knowledge-base-viewer';

/** §15.4. Every problem of the body is reported in the contract's order; ids must name sources of the organization. */
export const createKnowledgeBaseRoute = implement<KnowledgeBaseFields>({
  body: ({ caller }) => createKnowledgeBaseRequestSchema({ existingSources: sourceLookup(getPorts(), requireCaller({ caller }).organization.id) }),
  async handle(request) {
    const caller = requireCaller(request);
    const record = await createKnowledgeBase(getPorts(), caller.organization, caller.user, request.body);
    return { status: 201, body: toKnowledgeBaseEntity(record) };
  },
});

/**
 * §15.5. The knowledge base is found (404) before the body is judged against it. A round that
 * finds it changed underneath judges the body again, against what it now reads.
 */
export const updateKnowledgeBaseRoute = implement<KnowledgeBaseChanges, AnyQuery, IdParams>({
  params: idParams,
  body: () => updateKnowledgeBaseRequestSchema(),
  deferBody: true,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const existingSources = sourceLookup(ports, caller.organization.id);
    let judged = false;
    const changesOf = (stored: KnowledgeBaseRecord) => {
      const schema = updateKnowledgeBaseRequestSchema({ stored, existingSources });
      if (judged) return parseOrThrowAsync(schema, request.body ?? {});
      judged = true;
      return request.validBody(schema);
    };
    const record = await updateKnowledgeBase(ports, caller.organization.id, request.params.id, changesOf);
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

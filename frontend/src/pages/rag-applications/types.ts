import type { Application, ApplicationKnowledgeBase, ApplicationList as SharedApplicationList } from '../../../../shared/api/schemas/applications';
import type { KnowledgeBaseList as SharedKnowledgeBaseList } from '../../../../shared/api/schemas/knowledge-bases';

/**
 * The RAG application screens' view of the contract (§2 Application, §16), from the shared schemas
 * the server's views are typed with.
 */
export type {
  AccessCheck,
  ApiIntegrationSettings,
  ApplicationKnowledgeBase,
  ApplicationStatus,
  Integration as ApplicationIntegration,
  SlackIntegrationSettings,
} from '../../../../shared/api/schemas/applications';
/** Contract §16.8 / §16.9. */
export type { GroupRef } from '../../../../shared/api/schemas/knowledge-bases';

/**
 * §2 Application without its author, which these screens never show; left out so the pages' test
 * data need not invent one. Every field kept has the server's type.
 */
export type RagApplication = Omit<Application, 'created_by' | 'created_by_name'>;

/** Contract §16.1. */
export type ApplicationList = Omit<SharedApplicationList, 'applications'> & { applications: RagApplication[] };

/** A knowledge base as the picker lists it (contract §2 KnowledgeBase, reduced as an application lists it). */
export type KnowledgeBaseOption = ApplicationKnowledgeBase;

/** Contract §15.1, the fields the picker reads. */
export type KnowledgeBaseList = Omit<SharedKnowledgeBaseList, 'knowledgeBases'> & { knowledgeBases: KnowledgeBaseOption[] };

import type { ValidationDetail } from '../../../shared/api/errors';
import { MAX_APPLICATION_KNOWLEDGE_BASES } from '../../../shared/rules/application-form';
import { isLlmModel, type LlmModel } from '../../../shared/rules/chat';
import { FIELD_MESSAGES } from '../../../shared/rules/fields';
import { validationError } from '../../contracts/contract-error';
import type { DatabasePort } from '../../contracts/ports/database';
import { knowledgeBasesById } from '../knowledge-bases/knowledge-bases-by-id-store';
import { APPLICATION_MESSAGES as M } from './application-messages';
import type { ApplicationRecord } from './application-record';
import { parseIntegrations, type IntegrationInput } from './integration-input';

export const MAX_INDEX_IDS = MAX_APPLICATION_KNOWLEDGE_BASES;

export interface ApplicationInput {
  name?: string;
  description?: string;
  llmModel?: LlmModel;
  indexIds?: string[];
  integrations?: IntegrationInput[];
}

type Raw = Record<string, unknown>;

function parseName(body: Raw, required: boolean, details: ValidationDetail[], input: ApplicationInput): void {
  if (body.name === undefined && !required) return;
  if (typeof body.name !== 'string' || body.name.trim() === '') return void details.push({ field: 'name', message: FIELD_MESSAGES.nameRequired });
  const name = body.name.trim();
  if (name.length > 255) return void details.push({ field: 'name', message: FIELD_MESSAGES.nameTooLong });
  input.name = name;
}

function parseDescription(body: Raw, details: ValidationDetail[], input: ApplicationInput): void {
  if (body.description === undefined) return;
  if (body.description === null) return void (input.description = '');
  if (typeof body.description !== 'string') return void details.push({ field: 'description', message: FIELD_MESSAGES.descriptionTooLong });
  if (body.description.length > 1000) return void details.push({ field: 'description', message: FIELD_MESSAGES.descriptionTooLong });
  input.description = body.description.trim();
}

function parseLlmModel(body: Raw, required: boolean, details: ValidationDetail[], input: ApplicationInput): void {
  // The documents' snake_case name is accepted too; the contract's wins when both are sent.
  const value = body.llmModel ?? body.llm_model;
  if (value === undefined && !required) return;
  if (value === undefined || value === null || value === '') return void details.push({ field: 'llmModel', message: M.llmModelRequired });
  if (!isLlmModel(value)) return void details.push({ field: 'llmModel', message: M.llmModelInvalid });
  input.llmModel = value;
}

/** Ids newly added must be `ready`; ids kept may be in any status (§16.5). */
async function parseIndexIds(database: DatabasePort, organizationId: string, body: Raw, stored: ApplicationRecord | undefined, details: ValidationDetail[], input: ApplicationInput): Promise<void> {
  const value = body.indexIds ?? body.index_ids;
  if (value === undefined && stored) return;
  if (!Array.isArray(value) || value.length === 0) return void details.push({ field: 'indexIds', message: M.indexIdsRequired });
  const ids = [...new Set(value.map((id) => (typeof id === 'string' ? id.trim() : String(id))))];
  if (ids.length > MAX_INDEX_IDS) return void details.push({ field: 'indexIds', message: M.indexIdsTooMany });
  const found = await knowledgeBasesById(database, organizationId, ids.filter(Boolean));
  const kept = new Set(stored?.index_ids ?? []);
  let valid = true;
  for (const id of ids) {
    const knowledgeBase = found.get(id);
    if (!knowledgeBase) {
      details.push({ field: 'indexIds', message: M.invalidKnowledgeBase(id) });
      valid = false;
    } else if (!kept.has(id) && knowledgeBase.status !== 'ready') {
      details.push({ field: 'indexIds', message: M.knowledgeBaseNotReady(knowledgeBase.name) });
      valid = false;
    }
  }
  if (valid) input.indexIds = ids;
}

/**
 * The create (§16.4) and update (§16.5) bodies, every problem collected in the contract's field
 * order. On update (`stored` given) omitted fields stay as they are (§1.1 PUT semantics).
 */
export async function parseApplicationInput(database: DatabasePort, organizationId: string, raw: unknown, stored?: ApplicationRecord): Promise<ApplicationInput> {
  const body = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Raw;
  const details: ValidationDetail[] = [];
  const input: ApplicationInput = {};
  const creating = stored === undefined;
  parseName(body, creating, details, input);
  parseDescription(body, details, input);
  parseLlmModel(body, creating, details, input);
  await parseIndexIds(database, organizationId, body, stored, details, input);
  const integrations = parseIntegrations(body.integrations, stored?.integrations ?? [], details);
  if (integrations !== undefined) input.integrations = integrations;
  if (details.length > 0) throw validationError(details);
  return input;
}

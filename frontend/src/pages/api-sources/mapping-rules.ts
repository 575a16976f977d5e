import { API_LIMITS, API_SOURCE_MESSAGES, readApiSourceConfiguration } from '../../../../shared/api/schemas/api-sources';

/**
 * Spec 02 §5 "API source form", mapping rules: an empty source path, an empty or badly formed
 * target, duplicate targets, judged by the server's own reader of contract §14 (one row at a time,
 * so every row is judged even where two share a source path). The form lists the messages once
 * each under 'Please fix the following issues:' and blocks Submit while any exist.
 */

export const MAPPING_MESSAGES = {
  heading: 'Please fix the following issues:',
  sourceEmpty: API_SOURCE_MESSAGES.sourcePathEmpty,
  targetEmpty: API_SOURCE_MESSAGES.targetEmpty,
  targetInvalid: API_SOURCE_MESSAGES.targetInvalid,
  duplicate: API_SOURCE_MESSAGES.duplicateTargets,
} as const;

/** Contract §14: at most 100 mappings; a target is at most 64 characters. */
export const MAPPING_LIMIT = API_LIMITS.mappings;
export const TARGET_MAX_LENGTH = API_LIMITS.targetName;

export interface MappingRow {
  source: string;
  target: string;
}

const isMappingField = (field: string) => field === 'response.parsing.mapping' || field.startsWith('response.parsing.mapping.');

/** The messages for a set of mapping rows, each once, in the order first met. */
export function mappingProblems(rows: readonly MappingRow[]): string[] {
  const problems = new Set<string>();
  const seen = new Set<string>();
  if (rows.length > MAPPING_LIMIT) problems.add(API_SOURCE_MESSAGES.tooManyMappings);
  for (const row of rows) {
    const source = row.source.trim();
    const target = row.target.trim();
    const mapping = { [source]: target };
    for (const problem of readApiSourceConfiguration({ response: { parsing: { mapping } } }, true).problems) if (isMappingField(problem.field)) problems.add(problem.message);
    if (target !== '') {
      if (seen.has(target)) problems.add(MAPPING_MESSAGES.duplicate);
      seen.add(target);
    }
  }
  return [...problems];
}

/** Spec 02 §5: adding a mapping row needs both values non-blank. */
export const canAddMapping = (draft: MappingRow) => draft.source.trim() !== '' && draft.target.trim() !== '';
/** Spec 02 §5: adding a header needs a non-blank key. */
export const canAddHeader = (key: string) => key.trim() !== '';

/** The mapping object of contract §14 (source path → target field), from the rows in their order. */
export function mappingObject(rows: readonly MappingRow[]): Record<string, string> {
  return Object.fromEntries(rows.map((row) => [row.source.trim(), row.target.trim()]));
}

/** Rows from a stored mapping; anything that is not a map of strings reads as none. */
export function mappingRows(mapping: unknown): MappingRow[] {
  if (!mapping || typeof mapping !== 'object' || Array.isArray(mapping)) return [];
  return Object.entries(mapping as Record<string, unknown>)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([source, target]) => ({ source, target }));
}

/**
 * Spec 02 §5 "API source form", mapping rules, with contract §14's texts: an empty source path, an
 * empty or badly formed target, duplicate targets. The form lists the messages once each under
 * 'Please fix the following issues:' and blocks Submit while any exist.
 */

export const MAPPING_MESSAGES = {
  heading: 'Please fix the following issues:',
  sourceEmpty: 'Source path cannot be empty',
  targetEmpty: 'Target field name cannot be empty',
  targetInvalid: (name: string) => `Invalid field name format: ${name}. Use letters, numbers, and underscores only, starting with a letter.`,
  duplicate: 'Duplicate mapped field names are not allowed',
} as const;

/** Contract §14: at most 100 mappings; a target matches this and is at most 64 characters. */
export const MAPPING_LIMIT = 100;
export const TARGET_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
export const TARGET_MAX_LENGTH = 64;

export interface MappingRow {
  source: string;
  target: string;
}

/** The messages for a set of mapping rows, each once, in the order first met. */
export function mappingProblems(rows: readonly MappingRow[]): string[] {
  const problems = new Set<string>();
  const seen = new Set<string>();
  for (const row of rows) {
    const source = row.source.trim();
    const target = row.target.trim();
    if (source === '') problems.add(MAPPING_MESSAGES.sourceEmpty);
    if (target === '') problems.add(MAPPING_MESSAGES.targetEmpty);
    else if (!TARGET_PATTERN.test(target) || target.length > TARGET_MAX_LENGTH) problems.add(MAPPING_MESSAGES.targetInvalid(target));
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

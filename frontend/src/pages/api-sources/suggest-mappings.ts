import { MAPPING_LIMIT } from './mapping-rules';
import { childPath, selectRecords } from './response-paths';

/**
 * Spec 02 'Suggest from Response': mappings read off a tested response. The records are found the way
 * the parsing settings say (response-paths.ts); when no array path is set and the response is an
 * object, the first array of objects in it is taken as the records and suggested as the array path.
 * Each field with a value (a scalar or a list of scalars) becomes one mapping, nested objects by their
 * dotted path; its target is the path as a valid field name (`author.name` → `author_name`).
 */

export interface SuggestedMappings {
  /** Set when the records were found by looking for them: the array path to use. */
  arrayPath?: string;
  mappings: Array<{ source: string; target: string }>;
}

/** How deep nested objects are followed for fields, and where records are looked for. */
const FIELD_DEPTH = 3;
const SEARCH_DEPTH = 4;
/** Records sampled for field names: later records may carry fields the first lacks. */
const SAMPLED_RECORDS = 20;
const TARGET_LENGTH = 64;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** The path of the first array of objects, breadth first, so the shallowest list of records wins. */
export function findRecordArray(data: unknown): string | undefined {
  let level: Array<{ path: string; value: unknown }> = [{ path: '', value: data }];
  for (let depth = 0; depth <= SEARCH_DEPTH && level.length > 0; depth += 1) {
    const next: typeof level = [];
    for (const { path, value } of level) {
      if (Array.isArray(value) && value.some(isObject)) return path;
      if (isObject(value)) for (const [key, child] of Object.entries(value)) next.push({ path: childPath(path, key), value: child });
    }
    level = next;
  }
  return undefined;
}

/** The paths of a record's fields, in the order they first appear. */
function fieldPaths(record: unknown, into: Set<string>, prefix = '', depth = 0): void {
  if (!isObject(record)) return;
  for (const [key, value] of Object.entries(record)) {
    const path = childPath(prefix, key);
    if (isScalar(value) || (Array.isArray(value) && value.every(isScalar))) into.add(path);
    else if (isObject(value) && depth + 1 < FIELD_DEPTH) fieldPaths(value, into, path, depth + 1);
  }
}

/** A path as a field name of the contract's form: a letter, then letters, digits and underscores, at most 64. */
export function targetNameOf(path: string): string {
  const words = path
    .replace(/\[\d+\]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const name = /^[A-Za-z]/.test(words) ? words : `field_${words}`.replace(/_+$/, '');
  return name.slice(0, TARGET_LENGTH).replace(/_+$/, '') || 'field';
}

/** Suggestions for the parsed response; `parsing` is the form's current settings. */
export function suggestMappings(data: unknown, parsing: { type?: string; path?: string; array_path?: string }): SuggestedMappings {
  let arrayPath: string | undefined;
  let { records, arrayPathProblem } = selectRecords(data, parsing);
  // One object without an array path: it may be an envelope around the records ({ data: { items: [...] } }).
  if (!parsing.array_path?.trim() && !arrayPathProblem && records.length === 1 && isObject(records[0]) && !Array.isArray(data)) {
    const found = findRecordArray(records[0]);
    if (found) {
      arrayPath = found;
      ({ records, arrayPathProblem } = selectRecords(data, { ...parsing, array_path: found }));
    }
  }
  if (arrayPathProblem) return { mappings: [] };

  const paths = new Set<string>();
  for (const record of records.slice(0, SAMPLED_RECORDS)) fieldPaths(record, paths);

  const taken = new Set<string>();
  const mappings: SuggestedMappings['mappings'] = [];
  for (const source of paths) {
    if (mappings.length >= MAPPING_LIMIT) break;
    const base = targetNameOf(source);
    let target = base;
    for (let n = 2; taken.has(target.toLowerCase()); n += 1) target = `${base.slice(0, TARGET_LENGTH - String(n).length - 1)}_${n}`;
    taken.add(target.toLowerCase());
    mappings.push({ source, target });
  }
  return { arrayPath, mappings };
}

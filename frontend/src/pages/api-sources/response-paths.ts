import { parseRecordPath, type PathStep } from '../../../../shared/rules/api-source-paths';

/**
 * Paths into an API response as spec 02 and contract §14 write them: dots between names and `[index]`
 * for array items (`data.items[0].title`). The response tree builds them, a mapping preview and the
 * array path read with them; lookups fail with the spec's two texts (§5 "API source form").
 */

export const PATH_MESSAGES = {
  invalid: 'Invalid path',
  notFound: 'Not found in response',
} as const;

/** Spec 02 §5: a mapping preview is cut at 50 characters. */
export const PREVIEW_LENGTH = 50;

export type { PathStep };

/** The steps of a path, or undefined when it is not one: the server's grammar (shared/rules/api-source-paths.ts). */
export const parsePath = (path: string): PathStep[] | undefined => parseRecordPath(path);

/** A name as a path segment joins with a dot; an array item as `[index]`. */
export function childPath(parent: string, step: PathStep): string {
  if (typeof step === 'number') return `${parent}[${step}]`;
  return parent === '' ? step : `${parent}.${step}`;
}

export type PathLookup = { found: true; value: unknown } | { found: false; error: string };

/** The value a path names in the data; an empty path names the whole of it. */
export function lookupPath(data: unknown, path: string): PathLookup {
  const steps = parsePath(path);
  if (!steps) return { found: false, error: PATH_MESSAGES.invalid };
  let current: unknown = data;
  for (const step of steps) {
    if (typeof step === 'number') {
      if (!Array.isArray(current) || step >= current.length) return { found: false, error: PATH_MESSAGES.notFound };
      current = current[step];
    } else {
      if (current === null || typeof current !== 'object' || Array.isArray(current) || !Object.hasOwn(current, step)) return { found: false, error: PATH_MESSAGES.notFound };
      current = (current as Record<string, unknown>)[step];
    }
  }
  return { found: true, value: current };
}

/** A value as one short line: strings as they are, the rest as JSON, cut at 50 characters. */
export function previewValue(value: unknown, length = PREVIEW_LENGTH): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (value === undefined) text = 'undefined';
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

export interface RecordSelection {
  /** The records each mapping reads from. */
  records: unknown[];
  /** Set when the array path does not lead to an array (spec 02 §4: the test counts as failed). */
  arrayPathProblem?: string;
}

/**
 * The records of a parsed response as the parsing settings pick them, as the server does
 * (functions/domain/api-sources/api-records.ts): `path` narrows the response first, `array_path`
 * then names the array of records inside it; without an array path an array is the records and
 * anything else is one record. An XML element that occurs once is no array after parsing: at the
 * array path it is a list of one. Text is one record, `{ text }`.
 */
export function selectRecords(data: unknown, parsing: { type?: string; path?: string; array_path?: string }): RecordSelection {
  if (parsing.type === 'text') return { records: [{ text: data }] };
  let root = data;
  if (parsing.path?.trim()) {
    const narrowed = lookupPath(data, parsing.path);
    root = narrowed.found ? narrowed.value : undefined;
  }
  if (parsing.array_path?.trim()) {
    const array = lookupPath(root, parsing.array_path);
    if (array.found && Array.isArray(array.value)) return { records: array.value };
    if (array.found && parsing.type === 'xml' && array.value !== null && typeof array.value === 'object') return { records: [array.value] };
    return { records: [], arrayPathProblem: array.found ? 'not an array' : `${array.error}: ${parsing.array_path.trim()}` };
  }
  return { records: Array.isArray(root) ? root : root === undefined || root === null ? [] : [root] };
}

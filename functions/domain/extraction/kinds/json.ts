import type { ExtractedDocument } from '../extracted-document';
import { assembleDocument } from '../document-assembly';
import { EXTRACTION_MESSAGES, ExtractionError } from '../extraction-error';
import { decodeText } from '../text-decoding';

/** Deeper paths are cut to their last segments: a path longer than a line helps no reader. */
const MAX_PATH_SEGMENTS = 32;

/**
 * JSON becomes one `path: value` line per scalar (`address.city: New York`, `hobbies[0]: reading`),
 * so every value keeps the keys that give it meaning even when retrieval shows one line alone. The
 * elements of a top-level array (records) are separated by a blank line. Nulls and empty strings
 * carry nothing and are left out. A file of one JSON value per line (JSON Lines) is read as an array.
 * The walk uses its own stack, so nesting depth cannot overflow the call stack.
 */
export function extractJson(bytes: Uint8Array): ExtractedDocument {
  const { text, encoding } = decodeText(bytes);
  if (!text.trim()) throw new ExtractionError('empty', EXTRACTION_MESSAGES.empty);
  const value = parseJsonOrLines(text);
  const records = Array.isArray(value) ? value.map((item, index) => ({ item, path: [`[${index}]`] })) : [{ item: value, path: [] }];
  const blocks = records.map(({ item, path }) => flatten(item, path)).filter(Boolean);
  if (blocks.length === 0) throw new ExtractionError('empty', EXTRACTION_MESSAGES.empty);
  return assembleDocument('json', [{ text: blocks.join('\n\n') }], { encoding });
}

function parseJsonOrLines(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    const lines = text.split(/\r?\n/).filter((line) => line.trim());
    if (lines.length > 1) {
      try {
        return lines.map((line) => JSON.parse(line) as unknown);
      } catch {
        // Not JSON Lines either: the whole-document error is the one that explains the file.
      }
    }
    throw new ExtractionError('malformed', EXTRACTION_MESSAGES.malformed, { cause });
  }
}

function flatten(root: unknown, rootPath: string[]): string {
  const lines: string[] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: rootPath }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) stack.push({ value: value[index], path: [...path.slice(-MAX_PATH_SEGMENTS), `[${index}]`] });
      continue;
    }
    if (typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index]!;
        stack.push({ value: child, path: [...path.slice(-MAX_PATH_SEGMENTS), key] });
      }
      continue;
    }
    const label = formatPath(path);
    lines.push(label ? `${label}: ${String(value)}` : String(value));
  }
  return lines.join('\n');
}

function formatPath(path: string[]): string {
  return path.reduce((label, segment) => (segment.startsWith('[') || !label ? label + segment : `${label}.${segment}`), '');
}

import { fencedSegments } from '../../../shared/markdown/code-fences';

/** `[1]`, `[2, 3]`, `[1][4]`: the markers a reply cites passages with, 1-based. Never inside fenced code, where `[1]` is an index. */
const MARKER = /\[(\d+(?:\s*,\s*\d+)*)\]/g;
const SPACED_MARKER = new RegExp(`([ \\t]*)${MARKER.source}`, 'g');

/** The reply with `edit` applied to its prose only: fenced code is quoted exactly, indentation and brackets included. */
function editProse(text: string, edit: (prose: string) => string): string {
  return fencedSegments(text)
    .map((segment) => (segment.code ? segment.lines.join('\n') : edit(segment.lines.join('\n'))))
    .join('\n');
}

const proseOf = (text: string) =>
  fencedSegments(text)
    .filter((segment) => !segment.code)
    .map((segment) => segment.lines.join('\n'))
    .join('\n');

/** Indexes (0-based) of the passages a reply cites, in order of first citation; markers past the passages are ignored. */
export function citedIndexes(text: string, passageCount: number): number[] {
  const cited: number[] = [];
  for (const match of proseOf(text).matchAll(MARKER)) {
    for (const part of (match[1] ?? '').split(',')) {
      const index = Number(part.trim()) - 1;
      if (Number.isInteger(index) && index >= 0 && index < passageCount && !cited.includes(index)) cited.push(index);
    }
  }
  return cited;
}

/**
 * Rewrites a reply's markers from passage numbers to the numbers of its sources list (the cited
 * passages in order of first citation), so `[n]` in the text is the n-th entry of `sources`.
 * Markers naming no cited passage are dropped.
 */
export function renumberMarkers(text: string, cited: readonly number[]): string {
  // A dropped marker takes the space before it along ("C [9]." → "C."), and nothing else: the
  // prose's own spacing ("the :func:`repr`", aligned columns) is the source's and stays.
  return editProse(text, (prose) =>
    prose.replace(SPACED_MARKER, (_whole, space: string, list: string) => {
      const numbers = list
        .split(',')
        .map((part) => cited.indexOf(Number(part.trim()) - 1) + 1)
        .filter((position, at, all) => position > 0 && all.indexOf(position) === at);
      return numbers.length > 0 ? `${space}[${numbers.join(', ')}]` : '';
    }),
  ).trim();
}

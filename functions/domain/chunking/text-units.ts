/**
 * Cuts a text into units no longer than a limit, preferring the largest structure that fits:
 * paragraphs (blank lines), then sentences, then lines, then words. Only a word longer than the
 * limit is cut inside, first where Intl.Segmenter sees word boundaries (scripts written without
 * spaces), then at the limit itself. Lengths are JavaScript string lengths (UTF-16 code units).
 *
 * Units are half-open ranges into the original text with no whitespace at either end, so the
 * chunker can slice the original text: nothing is rewritten and every offset stays exact.
 */
export interface TextRange {
  start: number;
  end: number;
}

type Splitter = (text: string, range: TextRange) => TextRange[];

const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

/** The range with the whitespace at both ends removed; undefined when nothing but whitespace. */
export function trimRange(text: string, range: TextRange): TextRange | undefined {
  let { start, end } = range;
  while (start < end && isSpace(text[start])) start++;
  while (end > start && isSpace(text[end - 1])) end--;
  return start < end ? { start, end } : undefined;
}

function between(text: string, range: TextRange, separator: RegExp): TextRange[] {
  const pieces: TextRange[] = [];
  const pattern = new RegExp(separator.source, 'g');
  pattern.lastIndex = range.start;
  let from = range.start;
  for (let match = pattern.exec(text); match && match.index < range.end; match = pattern.exec(text)) {
    if (match[0].length === 0) {
      pattern.lastIndex++;
      continue;
    }
    pieces.push({ start: from, end: Math.min(match.index, range.end) });
    from = Math.min(match.index + match[0].length, range.end);
  }
  pieces.push({ start: from, end: range.end });
  return pieces;
}

function segments(segmenter: Intl.Segmenter, text: string, range: TextRange): TextRange[] {
  const pieces: TextRange[] = [];
  for (const { index, segment } of segmenter.segment(text.slice(range.start, range.end))) {
    pieces.push({ start: range.start + index, end: range.start + index + segment.length });
  }
  return pieces;
}

function hardCut(limit: number): Splitter {
  return (text, range) => {
    const pieces: TextRange[] = [];
    for (let start = range.start; start < range.end; ) {
      let end = Math.min(start + limit, range.end);
      // Never leave half of a surrogate pair (an emoji, a rare CJK character) on either side.
      if (end < range.end && /[\uD800-\uDBFF]/.test(text[end - 1] ?? '') && end - 1 > start) end--;
      pieces.push({ start, end });
      start = end;
    }
    return pieces;
  };
}

const paragraphs: Splitter = (text, range) => between(text, range, /\n[^\S\n]*\n\s*/);
const sentences: Splitter = (text, range) => segments(sentenceSegmenter, text, range);
const lines: Splitter = (text, range) => between(text, range, /\n/);
const words: Splitter = (text, range) => between(text, range, /\s+/);
const segmenterWords: Splitter = (text, range) => segments(wordSegmenter, text, range);

/** Whitespace-free units of at most `limit` characters, in order, covering every non-space character. */
export function splitIntoUnits(text: string, limit: number, range: TextRange = { start: 0, end: text.length }): TextRange[] {
  const levels: Splitter[] = [paragraphs, sentences, lines, words, segmenterWords, hardCut(limit)];
  const units: TextRange[] = [];
  const visit = (piece: TextRange, level: number) => {
    const trimmed = trimRange(text, piece);
    if (!trimmed) return;
    if (trimmed.end - trimmed.start <= limit) {
      units.push(trimmed);
      return;
    }
    for (let next = level; next < levels.length; next++) {
      const parts = levels[next]!(text, trimmed).flatMap((part) => trimRange(text, part) ?? []);
      if (parts.length > 1) {
        for (const part of parts) visit(part, next + 1);
        return;
      }
    }
    units.push(trimmed);
  };
  visit(range, 0);
  return units;
}

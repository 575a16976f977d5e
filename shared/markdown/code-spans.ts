/** Splits a line into text and inline code spans: the spans are at the odd indexes. */
const CODE_SPANS = /(`[^`\n]+`)/;

/** A line with `change` made to its text outside inline code spans (`` `a|b` ``), which stay as written. */
export function outsideCodeSpans(line: string, change: (text: string) => string): string {
  return line
    .split(CODE_SPANS)
    .map((part, index) => (index % 2 === 1 ? part : change(part)))
    .join('');
}

/** A line's text without its inline code spans. */
export function withoutCodeSpans(line: string): string {
  return line
    .split(CODE_SPANS)
    .filter((_, index) => index % 2 === 0)
    .join('');
}

/**
 * Fenced code blocks as CommonMark defines them: a line of three or more backticks or tildes
 * (indented at most 3 spaces, an info string such as `ts` after it) opens a block, and a line of
 * at least as many of the same character, and nothing else, closes it. Without a closing line the
 * block runs to the end of the text.
 */
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;

export interface Fence {
  /** The fence's characters, e.g. "```". */
  marker: string;
  /** What follows the marker on the opening line (the language), trimmed. */
  info: string;
}

/** The fence a line opens, if it opens one. A backtick fence's info string may not hold a backtick. */
export function fenceOpenedBy(line: string): Fence | undefined {
  const match = FENCE_OPEN.exec(line);
  if (!match) return undefined;
  const marker = match[1]!;
  const info = match[2]!.trim();
  if (marker.startsWith('`') && info.includes('`')) return undefined;
  return { marker, info };
}

export function closesFence(line: string, fence: Fence): boolean {
  const trimmed = line.replace(/^ {0,3}/, '').trimEnd();
  return trimmed.length >= fence.marker.length && trimmed === fence.marker[0]!.repeat(trimmed.length);
}

/** A run of lines that is either all inside one fenced block (fences included) or all outside. */
export interface TextSegment {
  code: boolean;
  lines: string[];
}

/**
 * The text's lines in runs of prose and of fenced code. `startsInside`: the text begins inside a
 * block whose opening line is not part of it (a chunk cut from the middle of one), so everything
 * up to the first closing fence is code.
 */
export function fencedSegments(text: string, options: { startsInside?: boolean } = {}): TextSegment[] {
  const segments: TextSegment[] = [];
  let fence: Fence | undefined = options.startsInside ? { marker: '`'.repeat(3), info: '' } : undefined;
  let insideUnopened = options.startsInside === true;
  const push = (code: boolean, line: string) => {
    const last = segments[segments.length - 1];
    if (last && last.code === code) last.lines.push(line);
    else segments.push({ code, lines: [line] });
  };
  for (const line of text.split('\n')) {
    if (fence) {
      // A block entered mid-way closes at the first bare fence of either kind.
      const closes = insideUnopened ? fenceOpenedBy(line)?.info === '' : closesFence(line, fence);
      push(true, line);
      if (closes) {
        fence = undefined;
        insideUnopened = false;
        // The next code block is a new segment, even right after this one.
        segments.push({ code: false, lines: [] });
      }
      continue;
    }
    const opened = fenceOpenedBy(line);
    if (opened) {
      fence = opened;
      segments.push({ code: true, lines: [line] });
      continue;
    }
    push(false, line);
  }
  return segments.filter((segment) => segment.lines.length > 0);
}

/** A code segment's code without its fence lines, and the language its opening fence names. */
export function codeOf(segment: TextSegment): { language: string; code: string } {
  const [opening = '', ...rest] = segment.lines;
  const fence = fenceOpenedBy(opening);
  if (!fence) return { language: '', code: segment.lines.join('\n') };
  const closed = rest.length > 0 && closesFence(rest[rest.length - 1]!, fence);
  return { language: fence.info, code: (closed ? rest.slice(0, -1) : rest).join('\n') };
}

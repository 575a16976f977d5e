import { fenceOpenedBy } from '../../../shared/markdown/code-fences';
import { markupAsMarkdown } from '../chunking/markup-text';
import { questionWords } from '../text-analysis/analyzers';
import { wordSpans } from '../text-analysis/tokenizer';

export const SNIPPET_MAX_CHARS = 300;
/** Context kept before the first matching word of the window. */
const LEAD_CHARS = 40;
const ELLIPSIS = '…';

/**
 * The start of a word a match needs, so "danced" finds "dancing" and "storms" finds "storm" in any
 * language, without a stemmer for each (the text-analysis stemmer is English only).
 */
const MATCH_PREFIX = 5;

interface Hit {
  at: number;
  term: number;
}

/** Where the text's words start that begin with a query word's first MATCH_PREFIX letters, accents and case folded on both sides. */
function hitsOf(text: string, terms: string[]): Hit[] {
  const prefixes = terms.map((term) => term.slice(0, MATCH_PREFIX));
  const hits: Hit[] = [];
  for (const { word, start } of wordSpans(text)) {
    prefixes.forEach((prefix, term) => {
      if (word.startsWith(prefix)) hits.push({ at: start, term });
    });
  }
  return hits;
}

/**
 * At most `max` characters of a chunk for a citation: the window that holds the most distinct
 * query words (the earliest such), cut at word boundaries, with an ellipsis where text was left
 * out. Whitespace is collapsed, since a snippet is shown inline, and code fences (```sh) are left
 * out: inline they are noise, while the code between them still reads.
 */
export function snippetFor(chunk: string, query: string, max = SNIPPET_MAX_CHARS): string {
  // reST roles and AsciiDoc links as the text a reader sees; inline code without its backticks,
  // which a snippet shown as plain text would print.
  const text = markupAsMarkdown(chunk)
    .split('\n')
    .filter((line) => !fenceOpenedBy(line))
    .join('\n')
    .replace(/`([^`\n]+)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const hits = hitsOf(text, questionWords(query));

  let start = 0;
  let best = 0;
  for (const hit of hits) {
    const from = Math.max(0, hit.at - LEAD_CHARS);
    const distinct = new Set(hits.filter((other) => other.at >= from && other.at < from + max - 2).map((other) => other.term)).size;
    if (distinct > best) {
      best = distinct;
      start = from;
    }
  }
  // A window near the end still uses all the room it has.
  return cutWindow(text, Math.min(start, Math.max(0, text.length - (max - ELLIPSIS.length))), max);
}

function cutWindow(text: string, from: number, max: number): string {
  let start = from;
  // Begin at a word: skip the rest of one cut in half.
  if (start > 0 && /\S/.test(text[start - 1] as string)) {
    const space = text.indexOf(' ', start);
    start = space === -1 ? start : space + 1;
  }
  const lead = start > 0 ? ELLIPSIS : '';
  // Room for the lead and, when the text goes on, a trailing ellipsis.
  let end = Math.min(text.length, start + max - lead.length);
  if (end < text.length) {
    end = start + max - lead.length - ELLIPSIS.length;
    const space = text.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  const body = text.slice(start, end).trim();
  return `${lead}${body}${end < text.length ? ELLIPSIS : ''}`;
}

import { isBlank } from './markup-lines';

/** Admonitions ("Note:", "Warning:") and version notes: their labels, for reST's and MyST's directives and AsciiDoc's attributes, and AsciiDoc's admonition blocks. */

/** What each admonition reads as, by reST directive or (lower-cased) AsciiDoc attribute. */
export const ADMONITIONS: Record<string, string> = { note: 'Note', warning: 'Warning', tip: 'Tip', important: 'Important', caution: 'Caution', danger: 'Danger', attention: 'Attention', hint: 'Hint', seealso: 'See also', impl_detail: 'CPython implementation detail', info: 'Info' };

/** What each version note directive (reST's, MyST's) reads as, before its version. */
export const VERSIONS: Record<string, string> = { versionadded: 'New in version', versionchanged: 'Changed in version', deprecated: 'Deprecated since version', 'deprecated-removed': 'Deprecated since version' };

/**
 * A version note as one sentence: "New in version 0.7: The formatters now also accept…". Its
 * content's lines are one paragraph, read on with spaces; joined like the version to them, each
 * line break became a colon ("which will override: the `encoding` option").
 */
export function versionNote(name: string, version: string, content: string[]): string {
  const text = content.map((line) => line.trim()).filter(Boolean).join(' ');
  return `${VERSIONS[name]} ${[version.trim(), text].filter(Boolean).join(': ')}`.replace(/\s+/g, ' ').replace(/([^.])$/, '$1.');
}

/**
 * AsciiDoc's admonition block attribute ("[NOTE]"): on a line of its own over its paragraph or an
 * example block ("===="), or leading the paragraph's first line; the text after it, if any.
 */
export const ADMONITION = /^(\s*)\[(NOTE|TIP|WARNING|IMPORTANT|CAUTION)\](?:\s+(\S.*?))?\s*$/;

/**
 * AsciiDoc's admonition paragraphs and blocks ("[NOTE]" over a paragraph, or over one between
 * "====" lines) as reST's notes read: "Note: " before the paragraph, the attribute and delimiters
 * gone. Left as they were, "[NOTE]" ran into the sentence before it.
 */
export function asciidocAdmonitions(lines: string[]): string[] {
  if (!lines.some((line) => ADMONITION.test(line))) return lines;
  const out: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const admonition = ADMONITION.exec(lines[index]!);
    // Written on the paragraph's own first line too ("[NOTE] 'git rerere' relies on…").
    if (admonition?.[3] !== undefined) {
      out.push(`${admonition[1]}${ADMONITIONS[admonition[2]!.toLowerCase()]}: ${admonition[3]}`);
      continue;
    }
    const kind = admonition?.[2];
    const next = lines[index + 1];
    if (kind === undefined || next === undefined || isBlank(next)) {
      out.push(lines[index]!);
      continue;
    }
    const delimited = /^={4,}\s*$/.test(next.trim());
    const first = delimited ? index + 2 : index + 1;
    if (first >= lines.length || isBlank(lines[first])) {
      out.push(lines[index]!);
      continue;
    }
    const indent = /^\s*/.exec(lines[first]!)![0];
    out.push(`${indent}${ADMONITIONS[kind.toLowerCase()]}: ${lines[first]!.trimStart()}`);
    let at = first + 1;
    if (delimited) {
      while (at < lines.length && lines[at]!.trim() !== next.trim()) out.push(lines[at++]!);
      at++;
    }
    index = at - 1;
  }
  return out;
}

import { inlineMarkup, LINKGIT } from './inline-markup';
import { isBlank, splitFirstParagraph } from './markup-lines';

/** Definition lists' terms: plain text's (a reference page saved as text), and how a term is shown before its description. */

/**
 * A line that names an option, a setting or a variable alone, as a definition list's term reads once
 * its markup is gone (a page's `<dt>` saved as text): "--autostash", "-m parent-number",
 * "--force-with-lease=<refname>", "rebase.autoStash", "includeIf.<condition>.path",
 * "GIT_TRACE_CURL", "<pathspec>…". A Markdown bullet ("- item") has a space after its dash.
 */
const PLAIN_TERM = /^(?:--?[\w[<][^\s]*(?: [<\w][\w<>.-]*)?|[a-z][\w-]*(?:\.[\w<>*-]+)+|[A-Z][A-Z0-9]*_[A-Z0-9_]+|<[\w-]+>(?:…|\.\.\.)?)$/;

/** Whether a line, trimmed, is a term standing alone (PLAIN_TERM). */
export const isPlainTerm = (line: string) => PLAIN_TERM.test(line.trim());

/** A paragraph's first line that reads as a description: words, not another term, a heading or code. */
export const describes = (line: string) => /^[`"'(]?[A-Za-z]/.test(line) && !isPlainTerm(line) && !/^#|^\s*(?:`{3,}|~{3,})/.test(line) && line.split(/\s+/).length >= 3;

/**
 * Plain text's definition lists (reference pages saved as text: each term on a line of its own, the
 * description in the paragraph after them) written as markup-text writes AsciiDoc's: the terms, a
 * colon, the description's first paragraph, so that a quote of it names what it describes
 * ("`-u`, `--include-untracked`: When used with the push and save commands, all untracked files…")
 * instead of starting "When used with…" under no name.
 */
export function plainDefinitions(text: string): string {
  const lines = text.split('\n');
  if (!lines.some(isPlainTerm)) return text;
  const out: string[] = [];
  let inFence: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const trimmed = lines[index]!.trim();
    // Markdown's fenced code is kept as written: "--save-dev" there is code, not a term.
    const fence = /^(`{3,}|~{3,})/.exec(trimmed)?.[1];
    if (fence && (inFence === undefined || (fence[0] === inFence[0] && fence.length >= inFence.length))) inFence = inFence === undefined ? fence : undefined;
    if (fence || inFence !== undefined || !isPlainTerm(trimmed) || (index > 0 && !isBlank(lines[index - 1]) && !isPlainTerm(lines[index - 1]!))) {
      out.push(lines[index]!);
      continue;
    }
    // The terms: this line and the term lines after it, blank lines between them allowed.
    const terms = [trimmed];
    let at = index + 1;
    for (;;) {
      let next = at;
      while (next < lines.length && isBlank(lines[next])) next++;
      if (next < lines.length && isPlainTerm(lines[next]!)) {
        terms.push(lines[next]!.trim());
        at = next + 1;
      } else {
        at = next;
        break;
      }
    }
    const { first } = splitFirstParagraph(lines.slice(at));
    if (first.length === 0 || !describes(first[0]!.trim())) {
      out.push(lines[index]!);
      continue;
    }
    out.push(`${shownTerms(terms)}: ${first.map((each) => each.trim()).join(' ')}`);
    index = at + first.length - 1;
  }
  return out.join('\n');
}

/**
 * A definition's terms as its description's lead reads them. A term without spaces is an option, a
 * setting or a name, and one that starts with a dash or holds a placeholder is an option with its
 * argument ("-j <n>", "<base> <rev1> <rev2>"): code, so `<n>` in it is no tag.
 */
export function shownTerms(terms: readonly string[]): string {
  // A term escaped at its start ("\--::", AsciiDoc's way to keep "--" from becoming a dash) is shown as written unescaped.
  // A term that is a page's link ("linkgit:git-init[1]::") is shown as the page's name, "git-init(1)".
  return terms
    .map((term) => term.replace(LINKGIT, '$1($2)'))
    .map((each) => (!each.includes('`') && (!/\s/.test(each) || /^\\?-|<[\w.-]+>/.test(each)) ? `\`${each.replace(/^\\(?=\W)/, '')}\`` : inlineMarkup(each)))
    .join(', ');
}

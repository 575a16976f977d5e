import { ADMONITIONS, VERSIONS, versionNote } from './admonitions';
import { CODE_DIRECTIVES, codeLanguage, SILENT_DIRECTIVES, TITLED_DIRECTIVES } from './directive-kinds';
import { withoutDoctestFlags } from './doctest-flags';
import { roleAsMarkdown } from './inline-markup';
import { isBlank } from './markup-lines';

/**
 * MyST, the Markdown that Sphinx projects write beside reST (attrs, SymPy): its roles, targets and
 * directive fences as the page shows them, in plain Markdown; and Docusaurus' admonitions (":::tip"). Read as plain Markdown, a note's
 * fence ("```{note}") made its prose a code block and "{class}`attrs.Foo`" leaked into answers.
 */

/** A directive's opening fence: "```{note}", "````{code-block} python", ":::{warning}". */
const DIRECTIVE_OPEN = /^(\s*)(`{3,}|:{3,})\{([\w:-]+)\}[ \t]*(.*)$/;
/** Docusaurus' admonitions, MyST's colon fences without braces: ":::tip Use the CLI", ":::note[Title]". */
const DOCUSAURUS_OPEN = /^(\s*)(:{3,})(note|tip|info|caution|danger|warning|important)(?:\[([^\]\n]*)\]|[ \t]+(\S.*?))?[ \t]*$/i;
/**
 * A role: {class}`attrs.Foo`, {py:func}`evolve <attrs.evolve>`. Its name starts with a letter and
 * nothing of a word comes before it: "`x_{i-1}`, `x_{i}`" (reST's default role, a subscript) holds
 * no role "{i-1}".
 */
const ROLE = /(?<![\w`\\])\{(?:[A-Za-z][\w-]*:)?([A-Za-z][\w-]*)\}`([^`\n]+)`/g;
/** A target line: "(init)=". */
const TARGET = /^\s*\([\w.:-]+\)=\s*$/;
/** A plain Markdown code fence, kept as written. */
const CODE_FENCE = /^\s*(`{3,}|~{3,})/;

export function mystAsMarkdown(text: string): string {
  if (!/\{[\w:-]+\}`|^\s*(?:`{3,}|:{3,})\{|^\s*\([\w.:-]+\)=\s*$|^\s*:{3,}\s*$|^\s*:{3,}[a-z]/im.test(text)) return text;
  return markdownOf(text.split('\n')).join('\n');
}

function closes(line: string, marker: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= marker.length && trimmed === marker[0]!.repeat(trimmed.length);
}

/**
 * The fence a chunk begins inside of, cut from the one before it: its fence lines do not pair up
 * (directives' openings aside) and the first is bare, as a closing fence is.
 */
function openAtStart(lines: readonly string[]): string | undefined {
  const opened = lines.filter((line) => DIRECTIVE_OPEN.test(line)).length;
  const plain = lines.filter((line) => !DIRECTIVE_OPEN.test(line) && CODE_FENCE.test(line));
  const first = plain[0]?.trim();
  return (plain.length - opened) % 2 === 1 && first !== undefined && /^(`{3,}|~{3,})$/.test(first) ? first : undefined;
}

function markdownOf(lines: readonly string[]): string[] {
  const out: string[] = [];
  let fence = openAtStart(lines);
  // Whether the fence names its language: a bare one may as well close a block the chunk's start cut
  // off, with prose after it, so roles are read in it (code that writes a role is rare).
  let named = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (fence !== undefined) {
      out.push(named ? line : line.replace(ROLE, (_whole, name: string, content: string) => roleAsMarkdown(name, content)));
      if (closes(line, fence)) fence = undefined;
      continue;
    }
    const opened = directiveOpenedBy(line);
    if (opened) {
      let end = index + 1;
      while (end < lines.length && !closes(lines[end]!, opened.marker)) end++;
      out.push(...directive(opened.name, opened.argument, withoutOptions(lines.slice(index + 1, end))));
      index = end;
      continue;
    }
    const plain = CODE_FENCE.exec(line);
    if (plain) {
      fence = plain[1]!;
      named = line.trim().length > fence.length;
      out.push(line);
      continue;
    }
    // A target, or the closing colons of a directive a chunk's start cut off.
    if (TARGET.test(line) || /^\s*:{3,}\s*$/.test(line)) continue;
    out.push(line.replace(ROLE, (_whole, name: string, content: string) => roleAsMarkdown(name, content)));
  }
  return out;
}

/** The directive a line opens, MyST's or Docusaurus': its fence's marker, its name (without a domain) and its argument. */
function directiveOpenedBy(line: string): { marker: string; name: string; argument: string } | undefined {
  const myst = DIRECTIVE_OPEN.exec(line);
  if (myst) return { marker: myst[2]!, name: myst[3]!.replace(/^[\w-]+:/, ''), argument: myst[4]!.trim() };
  const docusaurus = DOCUSAURUS_OPEN.exec(line);
  return docusaurus ? { marker: docusaurus[2]!, name: docusaurus[3]!.toLowerCase(), argument: (docusaurus[4] ?? docusaurus[5] ?? '').trim() } : undefined;
}

/** A directive's content without its options (":caption: x" lines, or a "---" block of them). */
function withoutOptions(body: readonly string[]): string[] {
  let at = 0;
  if (body[0]?.trim() === '---') {
    const end = body.indexOf('---', 1);
    if (end > 0) at = end + 1;
  }
  while (at < body.length && /^\s*:[\w-]+:/.test(body[at]!)) at++;
  const content = body.slice(at);
  while (content.length > 0 && isBlank(content[0])) content.shift();
  while (content.length > 0 && isBlank(content.at(-1))) content.pop();
  return content;
}

function directive(name: string, argument: string, content: string[]): string[] {
  if (SILENT_DIRECTIVES.has(name)) return [];
  if (CODE_DIRECTIVES.has(name)) return content.length > 0 ? ['```' + codeLanguage(name, argument), ...withoutDoctestFlags(content), '```'] : [];
  const read = markdownOf(content);
  const label = ADMONITIONS[name];
  if (label !== undefined) {
    // The note's first paragraph reads on from its label, as reST's notes do; a list or code under it stands apart.
    const first = read[0];
    if (argument === '' && first !== undefined && !isBlank(first) && !CODE_FENCE.test(first) && !/^\s*(?:[-*+]|\d+[.)])\s/.test(first)) return ['', `${label}: ${first.trim()}`, ...read.slice(1), ''];
    return ['', `${label}:${argument ? ` ${argument}` : ''}`, ...read, ''];
  }
  if (VERSIONS[name]) return ['', versionNote(name, argument, read), ''];
  // A titled block (admonition, topic, sidebar, tab) or an object's description: its argument heads its content.
  return ['', ...(argument ? [`### ${TITLED_DIRECTIVES.has(name) ? argument : `\`${argument}\``}`, ''] : []), ...read, ''];
}

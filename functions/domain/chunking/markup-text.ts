import { fenceOpenedBy } from '../../../shared/markdown/code-fences';
import { ADMONITION, ADMONITIONS, asciidocAdmonitions, VERSIONS, versionNote } from './admonitions';
import { withoutDoctestFlags } from './doctest-flags';
import { CODE_DIRECTIVES, codeLanguage, SILENT_DIRECTIVES, TITLED_DIRECTIVES, TRANSPARENT_DIRECTIVES } from './directive-kinds';
import { gridTableAt, isGridBorder } from './grid-tables';
import { HAS_INFO_FIELD, infoField } from './info-fields';
import { HAS_ROLE, inlineMarkup, WRAPPED_INLINE_LITERAL, WRAPPED_NAMED_REFERENCE, WRAPPED_REST_LINK, WRAPPED_ROLE } from './inline-markup';
import { indentedBlock, indentOf, isBlank, splitFirstParagraph, trimBlank } from './markup-lines';
import { mystAsMarkdown } from './myst-markup';
import { plainDefinitions, shownTerms } from './plain-definitions';

/**
 * reStructuredText and AsciiDoc as the Markdown the answerer and the chat UI read. Documentation is
 * often uploaded as .txt in one of those (Python's reST, Git's AsciiDoc), and read raw it leaks
 * `:func:` roles, `::` and `----` delimiters into answers, and its literal blocks, flattened into
 * sentences, lose their line breaks. Only constructs that cannot be ordinary prose are rewritten:
 * a plain text or Markdown chunk comes back unchanged.
 */

/** A footnote's text: ".. [#] While …". */
const FOOTNOTE = /^(\s*)\.\.\s+\[(?:#[\w-]*|\d+|\*)\]\s+(.*)$/;

/**
 * Whether a text is reStructuredText: it has a directive (".. note::") or a role (":func:`zip`",
 * also in brackets or quotes: "(:exc:`~werkzeug.exceptions.NotFound`)").
 * AsciiDoc writes a definition's term as "Set::" over a blank line and an indented description,
 * which in reST would be a paragraph introducing a literal block; only reST's is read as one. And
 * only reST writes a definition list's term alone over its indented definition (isRestTerm).
 */
export function readsAsRestructuredText(text: string): boolean {
  return /^[ \t]*\.\.[ \t]+[\w:-]+::/m.test(text) || /(?:^|[\s("'[]):[\w:-]+:`[^`\n]+`/m.test(text);
}

/** Directives that describe an object of an API (Sphinx's Python, C and standard domains), named by their argument. */
const OBJECT_DIRECTIVES = new Set('function method class attribute data exception decorator decoratormethod classmethod staticmethod abstractmethod coroutinefunction coroutinemethod property opcode envvar option cmdoption describe object macro member type var'.split(' '));

/** The object a directive line describes (".. function:: zip(*iterables)" → zip, ".. c:function:: …"); undefined for any other line. */
export function describedObject(line: string, module?: string): string | undefined {
  const directive = directiveOf(line);
  const name = directive && OBJECT_DIRECTIVES.has(directive.kind) ? objectName(directive.argument) : undefined;
  // Sphinx shows a module's own functions and classes by their full name ("tomllib.load"), a method by its class's.
  return name !== undefined && module !== undefined && indentOf(line) === 0 && MODULE_LEVEL.has(directive!.kind) && !name.includes('.') ? `${module}.${name}` : name;
}

/** A directive line's kind, without its domain (".. py:method:: emit(record)" → method), and its argument. */
function directiveOf(line: string): { kind: string; argument: string } | undefined {
  const directive = DIRECTIVE.exec(line.trim());
  return directive ? { kind: directive[1]!.replace(/^\w+:/, ''), argument: directive[2]! } : undefined;
}

/** Directives of a class's members, and of the classes that have them. */
const MEMBER_KINDS = new Set('method attribute classmethod staticmethod abstractmethod coroutinemethod decoratormethod property'.split(' '));
const CLASS_KINDS: ReadonlySet<string> = new Set('class exception'.split(' '));
/**
 * Not Sphinx's: the chunker's way to say, in a chunk's opening, which class the indented member
 * descriptions of a chunk that starts inside a class belong to (chunk-opening.ts). Shows nothing.
 */
export const CURRENT_CLASS = 'currentclass';

/** The kind of a member description directive line (".. method:: emit(record)" → method); undefined for any other line. */
export function memberKind(line: string): string | undefined {
  const kind = directiveOf(line)?.kind;
  return kind !== undefined && MEMBER_KINDS.has(kind) ? kind : undefined;
}

/** The class a directive line describes (".. class:: logging.handlers.WatchedFileHandler(filename)" → WatchedFileHandler); undefined for any other line. */
export function describedClass(line: string): string | undefined {
  const directive = directiveOf(line);
  return directive && CLASS_KINDS.has(directive.kind) ? objectName(directive.argument)?.split('.').at(-1) : undefined;
}

/** Directives of the objects at a module's top level, shown with the module's name. */
const MODULE_LEVEL = new Set('function class exception data decorator coroutinefunction'.split(' '));

/** `.. module:: tomllib`, `.. currentmodule:: concurrent.futures`: the objects after it are that module's. */
const MODULE_DIRECTIVE = /^\.\.\s+(?:py:)?(?:module|currentmodule)::\s*(\S*)\s*$/;

/** The module a line declares the objects after it belong to: its name, null for "None", undefined for any other line. */
export function declaredModule(line: string): string | null | undefined {
  const named = MODULE_DIRECTIVE.exec(line.trim())?.[1];
  if (named === undefined) return undefined;
  return named === '' || named === 'None' ? null : named;
}

/**
 * The name an object description's signature gives: the identifier before its parameters
 * ("lru_cache(user_function)" → lru_cache, "PyObject* PyList_New(Py_ssize_t len)" → PyList_New),
 * else its first word ("KeyError", "-X"); undefined when it has none.
 */
function objectName(signature: string): string | undefined {
  const called = /([\w.]+)\s*\(/.exec(signature)?.[1];
  return called ?? /^[-\w.]+/.exec(signature.trim())?.[0];
}

/** A line of one repeated punctuation character: a reST title's underline or overline. */
const ADORNMENT = /^([=\-~^"'*+#<>_:.])\1{2,}\s*$/;
/**
 * A title's underline of backticks (Flask's "URL Building" over twelve): reST allows it, and read
 * as a Markdown fence it made code of the rest of the passage, its roles left raw in answers
 * (":func:`~flask.url_for`"). Only in reST, and only as long as the title: in Markdown, or short,
 * it is a fence.
 */
const isBacktickUnderline = (line: string, title: string, restructured: () => boolean) => /^`{4,}\s*$/.test(line) && line.trim().length >= title.length && restructured();
/** AsciiDoc delimited blocks: listing (----), literal (....), passthrough. */
export const DELIMITED = /^(-{4,}|\.{4,})\s*$/;

/**
 * The delimiter line `index` opens an AsciiDoc delimited block with: a delimiter at a paragraph's
 * start (after a blank line, a block attribute, a "+" or a sentence ending in ":"); undefined when
 * it opens none (one right under a line of text underlines a title or closes a block).
 */
export function opensDelimitedBlock(lines: readonly string[], index: number): string | undefined {
  const delimiter = DELIMITED.exec(lines[index]!)?.[1];
  if (delimiter === undefined) return undefined;
  const previous = index > 0 ? lines[index - 1]!.trim() : '';
  return index === 0 || previous === '' || previous === '+' || /^\[.*\]$/.test(previous) || previous.endsWith(':') ? delimiter : undefined;
}
/** AsciiDoc's quotation, ``Interactive mode'', hard wrapping or not: shown in double quotes ("Interactive mode"). */
const ASCIIDOC_QUOTE = /(?<![`\w])``(?=[^`'\s])([^`'\n]*(?:\n[ \t]*[^`'\n]+)*?)''(?![`'\w])/g;
/** An AsciiDoc anchor before the text it names, on its line ("[[def_shallow_repository]]shallow repository::"). */
const ASCIIDOC_ANCHOR = /^\[\[[\w.:-]+(?:,[^\]\n]*)?\]\](?=\S)/gm;
/** AsciiDoc's quotations in double quotes and its anchors before text gone, as the page shows them. */
const asciidocQuotesAndAnchors = (text: string) => text.replace(ASCIIDOC_QUOTE, (_whole, quoted: string) => `"${quoted.replace(/\s+/g, ' ')}"`).replace(ASCIIDOC_ANCHOR, '');
/** An AsciiDoc one-line title: "== Options". */
export const ASCIIDOC_TITLE = /^(={1,5})\s+(\S.*)$/;
/** A code directive's line (CODE_DIRECTIVES): its name and argument. */
export const CODE_DIRECTIVE = new RegExp(`^\\.\\.\\s+(${[...CODE_DIRECTIVES].join('|')})::\\s*(\\S*)\\s*$`);
/**
 * An IPython block's lines as the page shows them: without its pseudo-decorators ("@savefig
 * plot.png" shows the figure instead), nor the line after "@suppress", which runs unseen.
 */
function shownIpython(body: readonly string[]): string[] {
  const shown: string[] = [];
  for (let index = 0; index < body.length; index++) {
    const decorator = /^\s*@(savefig|suppress|verbatim|doctest|okexcept|okwarning)\b/.exec(body[index]!)?.[1];
    if (decorator === 'suppress') index++;
    else if (decorator === undefined) shown.push(body[index]!);
  }
  return shown;
}

const DIRECTIVE = /^\.\.\s+([\w:-]+)::\s*(.*)$/;
/**
 * AsciiDoc block attributes and anchors ([verse], [[anchor]], [NOTE], :attr: value), and reST
 * targets (also anonymous ones in short: "__ `performing raw queries`_"), substitution definitions and comments.
 */
const NOISE = /^(?:\[\[[^\]]*\]\]|\[[\w ,="'-]*\]|\.\.\s+_[^:]+:.*|__ \S.*|\.\.\s+\|[^|]+\|\s+[\w-]+::.*|\.\.\s*$|\+)\s*$/;
/** AsciiDoc preprocessor lines (include::x.txt[], ifdef::attr[], endif::[]), which show nothing. */
const PREPROCESSOR = /^(?:include|ifdef|ifndef|ifeval|endif)::\S*\[.*\]$/;
/** An AsciiDoc definition-list term ("--autostash::", "core.editor::"), which reST never writes alone on a line. */
const TERM = /^(\S.*?)::\s*$/;


/** The term a definition-list line defines ("--autostash::" → "--autostash"): at the margin, a few words, no sentence's end, no reST directive (".. note::"). */
export function definitionTerm(line: string): string | undefined {
  if (/^\.\.\s/.test(line)) return undefined;
  const term = TERM.exec(line)?.[1];
  return term !== undefined && indentOf(line) === 0 && term.split(/\s+/).length <= 8 && !/[.!?]$/.test(term) ? term.trim() : undefined;
}

const fence = (language: string, body: string[]) => ['', `\`\`\`${language}`, ...withoutDoctestFlags(body), '```', ''];

/** Whether the next text from `from` on is a section title naming `name` (over its underline, or between an overline and an underline). */
function titledNext(lines: readonly string[], from: number, name: string): boolean {
  let at = from;
  while (at < lines.length && isBlank(lines[at])) at++;
  if (at < lines.length && ADORNMENT.test(lines[at]!)) at++;
  const title = lines[at];
  return name !== '' && title !== undefined && isUnderline(lines[at + 1] ?? '', title) && title.replace(/`/g, '').includes(name);
}

/** A line of one repeated adornment character under a non-blank line about as long: a title's underline. */
function isUnderline(line: string, above: string | undefined): boolean {
  return ADORNMENT.test(line) && !isBlank(above) && !ADORNMENT.test(above!) && line.trim().length >= above!.trim().length - 1 && above!.trim().length <= 120;
}

/** Whether a text has reST or AsciiDoc structure worth rewriting (a cheap test first: most chunks do not). */
function hasMarkup(lines: string[], restructured: () => boolean): boolean {
  // Markdown fences say the text is Markdown, whose own rules the answerer already reads; a row of
  // tildes under a title is reST's or AsciiDoc's underline, no fence, and so is one indented as code
  // is (a traceback's "~~~~^^^^" markers inside a reST code block).
  const titled = (line: string, above: string | undefined) => isUnderline(line, above) || (!isBlank(above) && isBacktickUnderline(line, above!.trim(), restructured));
  if (lines.some((line, index) => fenceOpenedBy(line) !== undefined && !titled(line, lines[index - 1]))) return false;
  // A lone "+" joins AsciiDoc blocks; left in, it would read as a heading between them.
  // A directive indented in a list item or a note ("  .. code-block:: ipython") counts too: a chunk cut inside one has no other.
  return lines.some((line, index) => /::\s*$|^\.\.\s|^[ \t]+\.\.\s+[\w:-]+::|^\s*>>>\s|^\[\[[\w.:-]+\]\]\s*$|\{(?:asterisk|caret|tilde|litdd|startsb|endsb|vbar)\}|\|[^|\s`][^|`]*\|__?(?![\w|])|^-{4,}\s*$|^\.{4,}\s*$|^\+\s*$|:`|(?<!`)``(?!`)|[^`\s]`__?(?![\w`])|link(?:git|man):/.test(line) || HAS_INFO_FIELD.test(line) || ADMONITION.exec(line)?.[1] === '' || isGridBorder(line) || (index > 0 && ADORNMENT.test(line) && !isBlank(lines[index - 1])));
}

/**
 * reST or AsciiDoc text as Markdown: titles as `#` headings, literal (`::`), doctest (`>>>`),
 * `code-block` and AsciiDoc listing blocks as fenced code with their line breaks, admonitions and
 * version notes as sentences, definition terms joined to their description, inline roles and
 * literals as `code`, and directives that show nothing dropped. Text inside Markdown fences is kept.
 */
export function markupAsMarkdown(text: string, owner?: string): string {
  const source = mystAsMarkdown(text);
  const normalized = source.replace(/\r\n?/g, '\n');
  // Asked only where reST and AsciiDoc read a line differently, which most texts never reach.
  let restructuredText: boolean | undefined;
  const restructured = () => (restructuredText ??= readsAsRestructuredText(normalized));
  if (!hasMarkup(normalized.split('\n'), restructured)) return plainDefinitions(source);
  // A hyperlink wrapped inside its backticks is put on one line, where inlineMarkup reads it.
  const lines = asciidocAdmonitions(
    (/``[^`]+''|^\[\[/m.test(normalized) && !restructured() ? asciidocQuotesAndAnchors(normalized) : normalized)
      .replace(WRAPPED_REST_LINK, (_whole, label: string, target: string, underscores: string) => `\`${label.replace(/\s+/g, ' ')} <${target.replace(/\s+/g, '')}>\`${underscores}`)
      .replace(WRAPPED_INLINE_LITERAL, '``$1 $2``')
      .replace(WRAPPED_ROLE, '$1$2 $3')
      .replace(WRAPPED_NAMED_REFERENCE, '`$1 $2`$3')
      .split('\n'),
  );
  const out: string[] = [];
  let inFence: string | undefined;
  // The module the object descriptions belong to (`.. currentmodule::`), which their names are shown with.
  let module: string | undefined;
  // The class a chunk's indented member descriptions belong to, when its opening names it (chunk-opening.ts).
  let enclosing: string | undefined;
  // Where an AsciiDoc term's description starts, from the line after its terms: past blank lines
  // when it is indented by a tab (Git's pages), as it never is in reST (see the definition list below).
  const descriptionAt = (from: number) => {
    let at = from;
    while (at < lines.length && isBlank(lines[at]) && !restructured()) at++;
    return at === from || lines[at]?.startsWith('\t') ? at : from;
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const trimmed = line.trim();
    const markdownFence = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (inFence !== undefined) {
      out.push(line);
      if (markdownFence && markdownFence[0] === inFence[0] && markdownFence.length >= inFence.length) inFence = undefined;
      continue;
    }
    // A title over an underline of backticks, which would read as a fence below.
    const nextLine = lines[index + 1];
    if (trimmed && !markdownFence && nextLine !== undefined && trimmed.length <= 120 && isBacktickUnderline(nextLine, trimmed, restructured)) {
      out.push(`### ${inlineMarkup(trimmed)}`);
      index++;
      continue;
    }
    if (markdownFence) {
      inFence = markdownFence;
      out.push(line);
      continue;
    }
    const table = /^\s*[+|]/.test(line) ? gridTableAt(lines, index, inlineMarkup) : undefined;
    if (table) {
      out.push('', ...table.rows, '');
      index = table.end - 1;
      continue;
    }
    // A title: text over an adornment at least as long (an overline before it is dropped).
    const next = lines[index + 1];
    // AsciiDoc's "+" (a list item's continuation) over a listing block's delimiter is no title.
    if (trimmed && !ADORNMENT.test(line) && !NOISE.test(trimmed) && next !== undefined && ADORNMENT.test(next) && next.trim().length >= trimmed.length - 1 && trimmed.length <= 120) {
      const level = '=#*'.includes(next.trim()[0]!) ? '#' : next.trim()[0] === '-' ? '##' : '###';
      if (out.length > 0 && ADORNMENT.test(out[out.length - 1]!)) out.pop();
      out.push(`${level} ${inlineMarkup(trimmed)}`);
      index++;
      continue;
    }
    if (ADORNMENT.test(line) && isBlank(lines[index - 1]) && !isBlank(next) && !DELIMITED.test(line)) continue; // an overline
    const asciidocTitle = ASCIIDOC_TITLE.exec(line);
    if (asciidocTitle) {
      out.push(`${'#'.repeat(asciidocTitle[1]!.length)} ${inlineMarkup(asciidocTitle[2]!)}`);
      continue;
    }
    if (opensDelimitedBlock(lines, index) !== undefined) {
      const closing = lines.findIndex((other, at) => at > index && other.trim() === trimmed);
      // Over a blank line and closing nothing, it is reST's transition (the rule under a Python
      // module's "Source code:" line) or the end of a block the chunk started inside of: no code follows.
      if (closing === -1 && isBlank(next)) continue;
      // A block the chunk cut before its closing delimiter is code to the chunk's end all the same.
      out.push(...fence('', lines.slice(index + 1, closing > index ? closing : lines.length)));
      index = closing > index ? closing : lines.length;
      continue;
    }
    // A doctest block: the >>> lines and their output, up to a blank line.
    if (/^\s*>>>\s?/.test(line)) {
      let end = index;
      while (end < lines.length && !isBlank(lines[end])) end++;
      const margin = indentOf(line);
      out.push(...fence('pycon', lines.slice(index, end).map((each) => each.replace(/\t/g, '        ').slice(Math.min(margin, indentOf(each))))));
      index = end - 1;
      continue;
    }
    const codeDirective = CODE_DIRECTIVE.exec(trimmed);
    let at = index + 1;
    // A signature too long for its line goes on after a backslash: ".. class:: DictReader(f, \" over "dialect='excel')".
    let signature = trimmed;
    while (trimmed.startsWith('..') && /\\\s*$/.test(signature) && at < lines.length && !isBlank(lines[at])) signature = `${signature.replace(/\s*\\\s*$/, '')} ${lines[at++]!.trim()}`;
    const directive = codeDirective ? undefined : DIRECTIVE.exec(signature);
    if (directive?.[1] === CURRENT_CLASS) {
      // The class the indented member descriptions after it belong to; what follows is not its content.
      enclosing = directive[2]!.trim() || undefined;
      continue;
    }
    if (codeDirective || directive) {
      // Its options (":linenos:") first, then its indented content.
      if (codeDirective) at = index + 1;
      let suppressed = false;
      for (; at < lines.length && /^\s+:[\w-]+:/.test(lines[at]!); at++) suppressed ||= /^\s+:suppress:/.test(lines[at]!);
      const { body, end } = indentedBlock(lines, at, indentOf(line));
      // A code block the chunk ends at, before any of its code, is no code block; nor is an
      // IPython block the page hides (":suppress:", its setup code), and IPython's pseudo-decorators are not shown.
      const ipython = /^\.\.\s+ipython::/.test(trimmed);
      const code = ipython && suppressed ? [] : trimBlank(ipython ? shownIpython(body) : body);
      if (codeDirective) out.push(...(code.length > 0 ? fence(codeLanguage(codeDirective[1]!, codeDirective[2]), code) : []));
      else {
        const name = directive![1]!.replace(/^\w+:/, '');
        const argument = directive![2]!.trim();
        const content = trimBlank(body);
        const declared = declaredModule(trimmed);
        if (declared !== undefined) module = declared ?? undefined;
        if (SILENT_DIRECTIVES.has(name) || name === 'rubric' || name === 'glossary') {
          // Nothing shown, but a glossary's or rubric's words still read.
          if (name === 'rubric' && argument) out.push(`### ${inlineMarkup(argument)}`);
          if (name === 'glossary') out.push(...content.map(inlineMarkup));
        } else if (ADMONITIONS[name]) out.push('', ...admonition(ADMONITIONS[name], argument, content), '');
        else if (TRANSPARENT_DIRECTIVES.has(name)) out.push('', ...markupAsMarkdown(content.join('\n'), owner).split('\n'), '');
        else if (TITLED_DIRECTIVES.has(name)) out.push('', ...(argument ? [`### ${inlineMarkup(argument)}`, ''] : []), ...markupAsMarkdown(content.join('\n'), owner).split('\n'), '');
        else if (VERSIONS[name]) out.push('', inlineMarkup(versionNote(name, argument, content)), '');
        else if (content.length === 0 && titledNext(lines, end, argument)) {
          // A cross-reference target of the project's own (Django's `.. setting:: DEBUG` over the
          // section titled ``DEBUG``, Sphinx's add_crossref_type) shows nothing: the title says it.
        } else {
          // An object description (`.. function:: repr(object)`): its signature heads its text, and
          // its first paragraph reads as the definition of its name, so that a quote of it says what
          // it describes ("`zip`: Iterate over several iterables in parallel…"). The rest is read as
          // reST in its own right: its doctest and literal blocks, notes and version notes.
          const own = describedObject(signature);
          // A method or attribute described inside its class's description is shown with the class's
          // name ("WatchedFileHandler.emit"), as a module's function is with the module's.
          const ownedBy = owner ?? (indentOf(line) > 0 ? enclosing : undefined);
          const member = ownedBy !== undefined && own !== undefined && !own.includes('.') && MEMBER_KINDS.has(name);
          const qualifier = member ? ownedBy : describedObject(signature, module) !== own ? module : undefined;
          const shown = qualifier !== undefined ? `${qualifier}.${own}` : own;
          if (argument) out.push('', `### \`${qualifier !== undefined ? `${qualifier}.${argument}` : argument}\``, '');
          // Further signatures of the object ("lru_cache(maxsize=128, typed=False)") stand on the lines after the directive's.
          let described = content;
          while (own !== undefined && described.length > 0 && objectName(described[0]!) === own && /\)\s*$/.test(described[0]!)) described = described.slice(1);
          const { notes, body } = leadingNotes(trimBlank(described));
          described = body;
          const { first, rest: afterFirst } = splitFirstParagraph(described);
          const defines = shown !== undefined && first.length > 0 && !first.some((each) => /^\s*(?:\.\.\s|>>>)|::\s*$/.test(each) || HAS_INFO_FIELD.test(each));
          const rest = [...notes, ...(defines ? afterFirst : described)];
          if (defines) out.push(`\`${shown}\`: ${inlineMarkup(first.map((each) => each.trim()).join(' '))}`);
          if (rest.length > 0) out.push(...markupAsMarkdown(rest.join('\n'), describedClass(signature)).split('\n'));
          out.push('');
        }
      }
      index = end - 1;
      continue;
    }
    // An empty comment ("..") with lines indented right under it holds them: astropy marks each
    // example so ("..\n  EXAMPLE START\n  HIERARCH Cards for Keywords…"), and the markers ran into the
    // example's first sentence. After a blank line, the indented lines are a block quote of their own.
    if (trimmed === '..' && !isBlank(lines[index + 1]) && indentOf(lines[index + 1] ?? '') > indentOf(line)) {
      index = indentedBlock(lines, index + 1, indentOf(line)).end - 1;
      continue;
    }
    if ((NOISE.test(trimmed) && !/^\[\d+\]$/.test(trimmed)) || PREPROCESSOR.test(trimmed)) continue;
    // A comment (".. XXX this table is too wide!") shows nothing, nor do the lines indented under it.
    if (/^\.\.\s+(?![[_|])/.test(trimmed) && !trimmed.includes('::')) {
      index = indentedBlock(lines, index + 1, indentOf(line)).end - 1;
      continue;
    }
    // A footnote reads as its text, in its own paragraph.
    const footnote = FOOTNOTE.exec(line);
    if (footnote) {
      out.push('', `${footnote[1]}${inlineMarkup(footnote[2]!)}`);
      continue;
    }
    // An AsciiDoc literal paragraph: indented lines after a blank line, under a sentence that introduces them ("start the daemon like this:").
    // Lines written with reST roles are prose indented under a reST definition or block quote (a glossary entry's list), no literal.
    // An indented chunk (one cut inside a reST directive's content) has its paragraphs and lists at one
    // indentation: only a line indented past the sentence above it is literal.
    if (indentOf(line) > indentOf(lines.findLast((each, at) => at < index && !isBlank(each)) ?? '') && isBlank(lines[index - 1]) && /:\s*$/.test(out.findLast((each) => !isBlank(each)) ?? '') && !TERM.test(line) && !LIST_ITEM.test(line.trim())) {
      const { body, end } = indentedBlock(lines, index, 0);
      if (!body.some((each) => HAS_ROLE.test(each))) {
        out.push(...fence('', trimBlank(body)));
        index = end - 1;
        continue;
      }
    }
    // An AsciiDoc definition list: consecutive "term::" lines, then the description, on one line.
    // AsciiDoc allows blank lines between term and description ("Set::", a blank line, the
    // description indented by a tab, as Git's pages write it); in reST that "::" would introduce a
    // literal block (read below), which reST's own pages indent with spaces.
    const term = definitionTerm(line);
    const described = term === undefined ? undefined : lines[descriptionAt(index + 1)];
    if (term !== undefined && !isBlank(described) && (TERM.test(described!) || indentOf(described!) > 0)) {
      const terms = [term];
      let at = index + 1;
      for (let more = TERM.exec(lines[at] ?? ''); more && indentOf(lines[at]!) === 0; more = TERM.exec(lines[++at] ?? '')) terms.push(more[1]!.trim());
      at = descriptionAt(at);
      const description = !isBlank(lines[at]) && indentOf(lines[at]!) > 0 ? indentedBlock(lines, at, 0) : { body: [], end: at };
      // The description's first paragraph goes on the term's line, so that its every sentence is read as part of the definition.
      const { first, rest } = splitFirstParagraph(description.body);
      out.push(`${shownTerms(terms)}: ${inlineMarkup(first.map((each) => each.trim()).join(' '))}`.trimEnd(), ...rest.map(inlineMarkup));
      index = description.end - 1;
      continue;
    }
    // A reST definition list's item (a glossary's entry): its term alone on a line, its definition
    // indented right under it; read as a definition, "`__slots__`: A declaration inside a class…".
    if (isRestTerm(lines, index) && restructured()) {
      const { body: definition, end } = indentedBlock(lines, index + 1, indentOf(line));
      const { notes, body } = leadingNotes(definition);
      const { first, rest: afterFirst } = splitFirstParagraph(body);
      const rest = [...notes, ...afterFirst];
      out.push('', `${shownTerms([trimmed])}: ${inlineMarkup(first.map((each) => each.trim()).join(' '))}`, ...(rest.length > 0 ? markupAsMarkdown(rest.join('\n')).split('\n') : []), '');
      index = end - 1;
      continue;
    }
    // A paragraph ending in "::" introduces a literal block: "Example::" reads "Example:", a lone "::" nothing.
    if (/::\s*$/.test(line) && isBlank(next)) {
      let at = index + 1;
      while (at < lines.length && isBlank(lines[at])) at++;
      if (at < lines.length && indentOf(lines[at]!) > indentOf(line)) {
        const { body, end } = indentedBlock(lines, at, indentOf(line));
        // "fraction ::" still introduces what follows ("fraction:"); after a sentence's end ("… below. ::") the "::" is dropped.
        const lead = trimmed === '::' ? '' : inlineMarkup(line.replace(/\s*::\s*$/, /[.!?:;,]\s+::\s*$/.test(line) ? '' : ':'));
        if (lead) out.push(lead);
        out.push(...fence('', trimBlank(body)));
        index = end - 1;
        continue;
      }
    }
    out.push(inlineMarkup(infoField(line) ?? line));
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

/** A reST bullet or enumerated list item's marker ("- ", "3. ", "#. "), as the start of a pattern. */
const LIST_ITEM_MARKER = String.raw`[-*+•]\s|\d+[.)]\s|#\.\s`;
/** A list item's first line, indented or not: AsciiDoc reads an indented one as a list, not as a literal paragraph. */
const LIST_ITEM = new RegExp(`^(?:${LIST_ITEM_MARKER})`);
/** A first line that opens no paragraph of prose: a list item, a directive, a doctest. */
const OPENS_NO_PROSE = new RegExp(`^(?:${LIST_ITEM_MARKER}|\\.\\.\\s|>>>)`);
/** A line that is no definition list's term: a list item (also "(a) "), a field, a directive or comment, a doctest. */
const NO_TERM = new RegExp(`^(?:${LIST_ITEM_MARKER}|\\(?[a-z\\d]\\)\\s|:|\\.\\.|>>>)`);

/** A version note's or an admonition's directive line (VERSIONS, ADMONITIONS). */
const NOTE_DIRECTIVE = new RegExp(`^\\s*\\.\\.\\s+(?:${[...Object.keys(VERSIONS), ...Object.keys(ADMONITIONS)].join('|')})::`);

/**
 * A description's notes before its first paragraph ("New in version 1.1.", a warning), apart from
 * what follows: the paragraph that defines the object or term goes on its name's line, the notes
 * after it ("`dependency_links`: A list of strings…" rather than ".. warning::" read as its text).
 */
function leadingNotes(lines: string[]): { notes: string[]; body: string[] } {
  const notes: string[] = [];
  let body = lines;
  while (body.length > 0 && NOTE_DIRECTIVE.test(body[0]!)) {
    const { end } = indentedBlock(body, 1, indentOf(body[0]!));
    notes.push(...body.slice(0, end), '');
    body = trimBlank(body.slice(end));
  }
  return { notes, body };
}

/**
 * An admonition's text ("Note: …"): its first paragraph on the label's line, so that a quote of it
 * says it is a note; what follows (a list, a code block, more paragraphs) read as reST in its own
 * right, with its line breaks. A note that opens with a list or code has the label alone over it.
 */
function admonition(label: string, argument: string, content: string[]): string[] {
  const { first, rest } = splitFirstParagraph(content);
  const paragraph = [argument, ...first.map((each) => each.trim())].filter(Boolean);
  const prose = paragraph.length > 0 && !OPENS_NO_PROSE.test(paragraph[0]!) && !/::$/.test(paragraph.at(-1)!);
  if (!prose) return [`${label}:`, ...markupAsMarkdown([...(argument ? [argument] : []), ...content].join('\n')).split('\n')];
  return [`${label}: ${inlineMarkup(paragraph.join(' ').replace(/\s+/g, ' '))}`, ...(rest.length > 0 ? markupAsMarkdown(rest.join('\n')).split('\n') : [])];
}

/**
 * Whether line `index` is the term of a reST definition list item: a few words alone after a blank
 * line, its definition indented under it with no blank line between (in reST nothing else is
 * written so); not a list item, a field, a directive or code.
 */
function isRestTerm(lines: readonly string[], index: number): boolean {
  const line = lines[index]!;
  const next = lines[index + 1];
  if (isBlank(line) || next === undefined || isBlank(next) || indentOf(next) <= indentOf(line)) return false;
  // At a chunk's start, under its opening or not, the line may be the end of one the chunk cut ("to\n      outputting the record").
  if (index === 0 || !isBlank(lines[index - 1]) || lines.slice(0, index).every((above) => isBlank(above) || declaredModule(above) !== undefined || directiveOf(above)?.kind === CURRENT_CLASS)) return false;
  const trimmed = line.trim();
  const bare = trimmed.replace(/``[^`]*``|`[^`]*`/g, 'x');
  return trimmed.length <= 80 && bare.split(/\s+/).length <= 8 && !/[.!?;,:]$/.test(trimmed) && !NO_TERM.test(trimmed) && !/[=(){}[\];\\|]/.test(bare);
}

/**
 * One line's inline reST and AsciiDoc markup as Markdown (markup-text.ts reads the blocks): roles,
 * ``literals``, hyperlinks and references, AsciiDoc's character attributes and man-page links,
 * footnote references and escapes.
 */
import { outsideCodeSpans } from '../../../shared/markdown/code-spans';

/** Roles whose text is code (Sphinx's Python, C and standard domains). */
const CODE_ROLES = new Set('func meth class mod attr data const exc obj option envvar file program samp command kbd code macro member type var keyword'.split(' '));
const CALLABLE_ROLES = new Set(['func', 'meth']);
/** Roles that name an object of a language domain, whose text Sphinx shortens (shownTarget); a :file:`~/.bashrc` is shown as written. */
const OBJECT_ROLES = new Set('func meth class mod attr data const exc obj macro member type var'.split(' '));

/** `:role:`text``, `:py:func:`text``, `:ref:`Title <target>``. */
const ROLE = /:(?:[\w-]+:)?([\w-]+):`([^`\n]+)`/g;
/** Whether a line has a role (ROLE without its global flag, which would keep a position between tests). */
export const HAS_ROLE = new RegExp(ROLE.source);
/** reST inline literal ``code``. */
const INLINE_LITERAL = /``([^`\n]+?)``/g;
/** AsciiDoc man-page link: linkgit:git-config[1]. */
export const LINKGIT = /\blink(?:git|man):([\w./-]+)\[(\d)\]/g;
/** reST hyperlink `text <url>`_ and AsciiDoc link:url[text]. */
const REST_LINK = /`([^`<\n]+?)\s*<[^>\n]+>`__?/g;
/**
 * A reST reference to a target defined elsewhere on the page: `JavaScript`_, `GitHub Pages`_, and a
 * substitution's |fetch|_; shown as their text (not a role's `:ref:`…``, nor ``code``_).
 */
const NAMED_REFERENCE = /(?<![`:\w])`([^`<\n]+)`__?(?![\w`])|\|([^|\n]+)\|__?(?!\w)/g;
/**
 * A substitution reference (|Quantity|, |DBAPI|), which Sphinx replaces by a definition that is
 * often kept in the project's configuration, not on the page: shown as its name.
 */
export const SUBSTITUTION = /(?<![\w|\\])\|([A-Za-z][\w .-]*[\w.]|[A-Za-z])\|(?![\w|])/g;
/**
 * A cross-reference in the default role, which projects set to Python objects (`~.IOLoop.add_callback`,
 * psycopg2's `~cursor.execute()` and `!dbname`, `handler.locale <.Locale>`): shown as Sphinx shows
 * it, the name's last part, without the "!" that only turns its link off, or the title. Its target
 * is a dotted name: `git switch <branch>` is AsciiDoc's code with a placeholder.
 */
const DEFAULT_ROLE_REFERENCE = /(?<![`\w:])`(?:([~!]\.?[A-Za-z_][\w.]*(?:\(\))?)|([^`<\n]*[^`<\s])\s+<(?:\.[A-Za-z_][\w.]*|[A-Za-z_]\w*(?:\.\w+)+)>)`(?![`_\w])/g;
const ASCIIDOC_LINK = /\blink:[^\s[]+\[([^\]\n]*)\]/g;
/**
 * A reST inline literal that hard wrapping broke across lines: "``-1e-100 %\n   1e100``" (not
 * AsciiDoc's ``quote'' pair). Its start and end strings are where reST reads them (no word or
 * backtick against their outer side, no space on their inner side), so that the end of one line's
 * literal and the start of the next line's (two list items "* ``classic``: …", "* ``progress``: …")
 * are no literal across the line break.
 */
export const WRAPPED_INLINE_LITERAL = /(?<![\w`])``(?=\S)((?:(?!'')[^`\n])+)\n[ \t]*((?:(?!'')[^`\n])+?)(?<=\S)``(?![\w`])/g;
/** AsciiDoc's attributes for characters it would otherwise read as markup ("git diff-{asterisk}", "HEAD{caret}"). */
const ASCIIDOC_CHARACTERS: Record<string, string> = { asterisk: '*', caret: '^', tilde: '~', plus: '+', startsb: '[', endsb: ']', litdd: '--', vbar: '|', backslash: '\\', apostrophe: "'", amp: '&', lt: '<', gt: '>' };
const ASCIIDOC_CHARACTER = /\{(asterisk|caret|tilde|plus|startsb|endsb|litdd|vbar|backslash|apostrophe|amp|lt|gt)\}/g;
/** A footnote reference ("iterated over [#]_.", "[1]_"): a number in the rendered page, nothing in an answer. */
const FOOTNOTE_REFERENCE = /\s?\[(?:#[\w-]*|\d+|\*)\]_/g;
/** A role whose text hard wrapping broke across lines: ":ref:`the next section\n  <window.corr_pairwise>`". */
export const WRAPPED_ROLE = /(:(?:[\w-]+:)?[\w-]+:`)([^`\n]*\S)\n[ \t]*([^`\s][^`\n]*`)/g;
/** A reST reference to a named target broken across lines: "`Unicode Technical\n   Standard #18`_". */
export const WRAPPED_NAMED_REFERENCE = /(?<![`:\w])`([^`<\n]*\S)\n[ \t]*([^`<\s][^`<\n]*)`(__?)(?![\w`])/g;
/**
 * A reST hyperlink, which hard wrapping may have broken across lines, before its target or inside
 * it ("See `this article\n  <https://…>`_", "`pgcrypto extension <https://…/current/\n  pgcrypto.html>`_"):
 * docutils drops the whitespace inside a target.
 */
export const WRAPPED_REST_LINK = /`([^`<]*?\S)\s+<([^>\s`]+(?:\s+[^>\s`]+)*)>`(__?)/g;

/**
 * A cross-reference's text as Sphinx shows it: a leading dot only says where to look the target up
 * (":class:`.Session`" shows "Session"), a tilde shows the last part of the name alone
 * (":class:`~billiard.einfo.ExceptionInfo`" shows "ExceptionInfo"), and "!" only turns the link off.
 */
function shownTarget(content: string): string {
  // Celery's documentation names its app's objects with "@" (":meth:`@task`" shows "app.task()", ":exc:`@ChordError`" "ChordError").
  const title = content.replace(/^!/, '').replace(/^\.+/, '').replace(/^(~?)@(?=\p{Lu})/u, '$1').replace(/^(~?)@/, '$1app.');
  return title.startsWith('~') ? title.slice(1).replace(/^.*\.(?=[^.])/, '') : title;
}

/** A role's text as Sphinx shows it, in Markdown: code for the roles of code, text for the others (reST's :name:`content`, MyST's {name}`content`). */
export function roleAsMarkdown(name: string, content: string): string {
  // A role's text is interpreted, so its escapes are too (":file:`\*.txt`" shows "*.txt"); a ``literal``'s are not.
  // An explicit title, as docutils reads one: the target in angle brackets at the end, a space before it or not (":keyword:`except*<except_star>`").
  const explicit = /^[^<]*[^<\s]\s*<[^<>]*>$/.test(content);
  const shown = (explicit ? content.replace(/\s*<[^>]*>$/, '') : OBJECT_ROLES.has(name) ? shownTarget(content) : content.replace(/^!/, '')).replace(/\\(.)/g, '$1').trim();
  if (name === 'pep') return `PEP ${shown}`;
  // Sphinx shows a page's title, which is on another page: its path, which names the uploaded file, rather than one from the site's root.
  if (name === 'doc' && !explicit) return shown.replace(/^\//, '');
  if (name === 'rfc') return `RFC ${shown}`;
  // An explicit title of words (":func:`loading keys in the SSH format <…load_ssh_public_key>`") reads as prose; Sphinx adds no parentheses to any explicit title.
  if (!CODE_ROLES.has(name) || (explicit && /\s/.test(shown))) return shown;
  return `\`${CALLABLE_ROLES.has(name) && !explicit && !shown.endsWith(')') ? `${shown}()` : shown}\``;
}

/**
 * One line's inline markup as Markdown: roles, ``literals``, links, footnote references; outside
 * code, reST's escapes ("`*`\ -operator" reads "`*`-operator", "\(9)" "(9)").
 */
export function inlineMarkup(line: string): string {
  if (!/[:`\\{|]|link|\]_/.test(line)) return line;
  const marked = line
    .replace(ASCIIDOC_CHARACTER, (_whole, name: string) => ASCIIDOC_CHARACTERS[name]!)
    .replace(ROLE, (_whole, name: string, content: string) => roleAsMarkdown(name, content))
    .replace(NAMED_REFERENCE, (_whole, text: string | undefined, substitution: string | undefined) => text ?? substitution!)
    .replace(DEFAULT_ROLE_REFERENCE, (_whole, name: string | undefined, title: string | undefined) => `\`${title ?? shownTarget(name!)}\``)
    .replace(INLINE_LITERAL, '`$1`')
    .replace(LINKGIT, '$1($2)')
    .replace(REST_LINK, '$1')
    .replace(ASCIIDOC_LINK, '$1');
  // Code spans are kept as written; the text between them loses its escapes (also a word's ending
  // escaped against a role or a literal: ":class:`AutoField`\s" reads "`AutoField`s").
  return outsideCodeSpans(marked.replace(/(`[^`\n]+`)\\(?=\w)/g, '$1'), (text) => text.replace(FOOTNOTE_REFERENCE, '').replace(SUBSTITUTION, '$1').replace(/\\ /g, '').replace(/\\([\\()[\]{}*_`|.:;,!?<>#+=-])/g, '$1'));
}

/**
 * What Sphinx's directives show, by name: read alike whether a page writes them in reST
 * (`.. note::`) or in MyST (```` ```{note} ````). markup-text.ts and myst-markup.ts both ask here.
 */

/**
 * Directives whose content is code: Sphinx's, and the executed examples of IPython (`.. ipython::
 * python`, pandas' guides), Jupyter, Matplotlib (`.. plot::`), Click (`.. click:example::`) and
 * MyST-NB (`code-cell`), and Django's shell sessions (`.. console::`).
 */
export const CODE_DIRECTIVES: ReadonlySet<string> = new Set(['code-block', 'code', 'sourcecode', 'highlight-block', 'doctest', 'testcode', 'testoutput', 'parsed-literal', 'ipython', 'jupyter-execute', 'plot', 'click:example', 'click:run', 'code-cell', 'console']);

/** The languages of the code directives whose argument names no language: a doctest's names its group (`.. doctest:: newcontext`). */
const GROUPED_CODE: Record<string, string> = { doctest: 'pycon', testcode: 'python', testoutput: '', console: 'console' };

/** A code directive's language: its argument when that is one (`python`), not a group or a file (`.. plot:: pyplots/spines.py`). */
export const codeLanguage = (directive: string, argument: string | undefined): string => GROUPED_CODE[directive] ?? (argument && /^[\w+-]+$/.test(argument) ? argument : '');

/** Directives that show nothing a reader would quote. */
export const SILENT_DIRECTIVES: ReadonlySet<string> = new Set(['index', 'toctree', 'highlight', 'currentmodule', 'module', 'sectionauthor', 'moduleauthor', 'include', 'contents', 'only', 'testsetup', 'testcleanup', 'raw', 'image', 'figure', 'productionlist', 'literalinclude', 'role', 'default-role', 'program', 'tabularcolumns', 'contributors', 'graphviz', 'graph', 'digraph', 'inheritance-diagram', 'todolist']);

/** Directives that set text apart under a title of words (`.. topic:: Overview`), no object's name: the title heads their content. */
export const TITLED_DIRECTIVES: ReadonlySet<string> = new Set(['topic', 'sidebar', 'tab', 'group-tab', 'tab-item', 'dropdown', 'admonition', 'table', 'csv-table', 'list-table']);

/** Directives that only style or guard their content (`.. doctest-requires:: scipy`, `.. container:: cards`): it reads as if they were not there. */
export const TRANSPARENT_DIRECTIVES: ReadonlySet<string> = new Set(['container', 'rst-class', 'cssclass', 'compound', 'epigraph', 'highlights', 'pull-quote', 'hlist', 'doctest-requires', 'doctest-skip', 'doctest-remote-data']);

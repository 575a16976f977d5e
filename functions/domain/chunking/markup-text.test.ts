import { describe, expect, it } from 'vitest';
import { inlineMarkup } from './inline-markup';
import { markupAsMarkdown, readsAsRestructuredText } from './markup-text';
import { plainDefinitions } from './plain-definitions';

describe('markupAsMarkdown', () => {
  it('reads a reST title underlined with backticks as a title, not as a Markdown fence over the rest of the text', () => {
    const flask = 'URL Building\n````````````\n\nTo build a URL, use the :func:`~flask.url_for` function.';
    expect(markupAsMarkdown(flask)).toBe('### URL Building\n\nTo build a URL, use the `url_for()` function.');
    const inBrackets = 'Handling\n````````\n\nA "500 Internal Server Error"\n(:exc:`~werkzeug.exceptions.InternalServerError`) is returned.';
    expect(markupAsMarkdown(inBrackets)).toBe('### Handling\n\nA "500 Internal Server Error"\n(`InternalServerError`) is returned.');
    // In Markdown, a fence is a fence.
    expect(markupAsMarkdown('Run it:\n````\nmake\n````')).toBe('Run it:\n````\nmake\n````');
  });

  it('reads reST roles and ``literals`` as code, references as their text', () => {
    expect(inlineMarkup('Call :func:`repr` on it; see :ref:`the tutorial <tut-intro>` and :pep:`8`, or ``x + 1``.')).toBe('Call `repr()` on it; see the tutorial and PEP 8, or `x + 1`.');
    // A page named by its path from the documentation's root, and a word's ending escaped against a role (Django's).
    expect(inlineMarkup('See :doc:`/howto/static-files/deployment` and :doc:`the tutorial </intro/tutorial02>`.')).toBe('See howto/static-files/deployment and the tutorial.');
    expect(inlineMarkup('were always :class:`AutoField`\\s, not ``BigAutoField``\\s.')).toBe('were always `AutoField`s, not `BigAutoField`s.');
    expect(inlineMarkup('The :mod:`os.path` module and :class:`~collections.OrderedDict`.')).toBe('The `os.path` module and `OrderedDict`.');
  });

  it("shows a cross-reference's text as Sphinx does: no leading dot, the last part of a name after a tilde, a file's tilde kept", () => {
    expect(inlineMarkup('Use :class:`.Session` and :meth:`~.Session.commit`; see :class:`~billiard.einfo.ExceptionInfo`.')).toBe('Use `Session` and `commit()`; see `ExceptionInfo`.');
    expect(inlineMarkup('Edit :file:`~/.bashrc`, not :class:`!Foo.bar`.')).toBe('Edit `~/.bashrc`, not `Foo.bar`.');
    expect(inlineMarkup('Use :meth:`@task`, :exc:`@ChordError`, :class:`@events.Receiver` and :meth:`~@Task.retry`.')).toBe('Use `app.task()`, `ChordError`, `app.events.Receiver` and `retry()`.');
  });

  it('reads a reference to a target defined elsewhere (`JavaScript`_, |fetch|_) as its text', () => {
    expect(markupAsMarkdown('Add `JavaScript`_ that calls |fetch|_ on :ref:`the page <views>`.\n\n.. _JavaScript: https://developer.mozilla.org/')).toBe('Add JavaScript that calls fetch on the page.\n');
    const anonymous = 'You can use :meth:`Manager.raw()` to `perform raw queries`__, or\nyou can `execute custom SQL directly`__.\n\n__ `performing raw queries`_\n__ `executing custom SQL directly`_\n\nThen read on.';
    expect(markupAsMarkdown(anonymous)).toBe('You can use `Manager.raw()` to perform raw queries, or\nyou can execute custom SQL directly.\n\nThen read on.');
    // In a chunk with no other markup.
    expect(markupAsMarkdown('**GitHub Pages**\n   `GitHub Pages`_ is hosting integrated with `GitHub`_.')).toBe('**GitHub Pages**\n   GitHub Pages is hosting integrated with GitHub.');
  });

  it('reads a reST hyperlink as its text, also when hard wrapping broke it across lines', () => {
    const wrapped = 'This speeds builds with :option:`--enable-shared` by up to 30%. See `this article\n  <https://developers.redhat.com/blog/2020/06/25/faster-python/>`_\n  for more details.';
    expect(markupAsMarkdown(wrapped)).toBe('This speeds builds with `--enable-shared` by up to 30%. See this article\n  for more details.');
    expect(markupAsMarkdown('Read :ref:`x` and the `Python\n  tutorial <https://docs.python.org/tut/>`__ first.')).toBe('Read x and the Python tutorial first.');
    expect(markupAsMarkdown('Sets as in `Unicode Technical\n     Standard #18`_ might be added, see :func:`zip`.')).toBe('Sets as in Unicode Technical Standard #18 might be added, see `zip()`.');
    // Wrapped inside its target, as Django's documentation does with long addresses.
    expect(markupAsMarkdown('The `pgcrypto extension <https://www.postgresql.org/docs/current/\n    pgcrypto.html>`_ must be installed, see :class:`Foo`.')).toBe('The pgcrypto extension must be installed, see `Foo`.');
  });

  it('reads a role whose text hard wrapping broke across lines, and an explicit title of words as prose', () => {
    expect(markupAsMarkdown('in question (see :ref:`the next section\n  <window.corr_pairwise>`).')).toBe('in question (see the next section).');
    expect(inlineMarkup('There is :func:`loading keys in the SSH format <ssh.load_ssh_public_key>` and :func:`load <ssh.load>`.')).toBe('There is loading keys in the SSH format and `load`.');
    expect(inlineMarkup('They are recognised by :keyword:`except*<except_star>`.')).toBe('They are recognised by `except*`.');
  });

  it("reads the executed examples of IPython, Matplotlib and Click as code, not as an object's description", () => {
    const text = ['Unused categories show:', '', '.. ipython:: python', '    :okwarning:', '', '    df = pd.DataFrame(', '        data=[[1, 2, 3]],', '    )', '    df.sum()', '', '.. plot:: pyplots/spines.py', '', '.. click:example::', '', '    @click.command()', '    def hello():', '        pass'].join('\n');
    expect(markupAsMarkdown(text)).toBe(['Unused categories show:', '', '```python', 'df = pd.DataFrame(', '    data=[[1, 2, 3]],', ')', 'df.sum()', '```', '', '```', '@click.command()', 'def hello():', '    pass', '```', ''].join('\n'));
    // Django's shell sessions.
    expect(markupAsMarkdown(['Type this:', '', '.. console::', '', '    $ python -m django --version', '', 'It prints the version.'].join('\n'))).toBe(['Type this:', '', '```console', '$ python -m django --version', '```', '', 'It prints the version.'].join('\n'));
  });

  it('shows a substitution by its name, a default-role reference as Sphinx does, and no substitution definition', () => {
    expect(inlineMarkup('A `~astropy.constants.Constant` is a |Quantity| read by the |read| function (`|z| = 1`).')).toBe('A `Constant` is a Quantity read by the read function (`|z| = 1`).');
    expect(inlineMarkup('- `locale`: alias for `handler.locale <.Locale>`; see ``~a.b`` and `~/.bashrc`.')).toBe('- `locale`: alias for `handler.locale`; see `~a.b` and `~/.bashrc`.');
    expect(inlineMarkup('Run `git rm --cached <file/pattern>` or `git switch <branch>`.')).toBe('Run `git rm --cached <file/pattern>` or `git switch <branch>`.');
    expect(inlineMarkup('Names cannot be passed to the `~cursor.execute()` method; `!dbname` is the database name.')).toBe('Names cannot be passed to the `execute()` method; `dbname` is the database name.');
    expect(markupAsMarkdown('Use :func:`match` here.\n\n.. |match| replace:: ``match`` / ``%in%``\n')).toBe('Use `match()` here.\n\n');
  });

  it('reads a chunk cut inside a list item whose only markup is an indented directive', () => {
    const chunk = ['  Integer division', '', '  .. code-block:: ipython', '', '     In [3]: arr = np.array([1, 2])', '', '  True division'].join('\n');
    expect(markupAsMarkdown(chunk)).toContain('```ipython\nIn [3]: arr = np.array([1, 2])\n```');
    expect(markupAsMarkdown('It is given |svm|_.\n\n* One\n')).toBe('It is given svm.\n\n* One\n');
  });

  it('reads the content of a directive that only guards or styles it as if it were not there', () => {
    expect(markupAsMarkdown('.. doctest-requires:: scipy\n\n    >>> from scipy import stats\n')).toBe('\n\n```pycon\n>>> from scipy import stats\n```\n\n');
  });

  it("shows AsciiDoc's quotations in double quotes, a linked page as its name, and no anchor before text", () => {
    expect(markupAsMarkdown("`-i`::\n\tSee ``Interactive\n\tmode'' for details, and ``''`` or ``x = ''``.\n")).toBe('`-i`: See "Interactive mode" for details, and `\'\'` or `x = \'\'`.\n');
    expect(markupAsMarkdown('linkgit:git-init[1]::\n\tCreate an empty Git repository.\n')).toBe('`git-init(1)`: Create an empty Git repository.\n');
    expect(markupAsMarkdown('[[def_shallow]]shallow repository::\n\tA shallow repository has an incomplete history.\n')).toBe('shallow repository: A shallow repository has an incomplete history.\n');
  });

  it("reads a chunk whose only AsciiDoc is an anchor or a character's attribute", () => {
    expect(markupAsMarkdown('When you are happy, submit it.\n\n[[run-ci]]')).toBe('When you are happy, submit it.\n');
    expect(markupAsMarkdown("If a trailing '/{asterisk}' is intended, give it.")).toBe("If a trailing '/*' is intended, give it.");
  });

  it('reads an indented list under a sentence that ends in a colon as a list, not a literal paragraph', () => {
    expect(markupAsMarkdown('It has advantages:\n\n\t- Git imports patches\n\t  quickly.\n\t- No repository is special.\n\n[[next]]')).toBe('It has advantages:\n\n\t- Git imports patches\n\t  quickly.\n\t- No repository is special.\n');
  });

  it('reads a doctest indented under a paragraph as a doctest, when it is all the markup there is', () => {
    expect(markupAsMarkdown('Return an iterator over elements.\n\n    >>> sorted(c.elements())\n    [\'a\', \'b\']\n')).toBe("Return an iterator over elements.\n\n```pycon\n>>> sorted(c.elements())\n['a', 'b']\n```\n\n");
  });

  it("shows a doctest as Python's console, whatever group it is in", () => {
    expect(markupAsMarkdown('.. doctest:: newcontext\n\n   >>> getcontext().prec = 8\n')).toBe('\n```pycon\n>>> getcontext().prec = 8\n```\n\n');
  });

  it('shows an IPython block as the page does: a suppressed block not at all, nor its pseudo-decorators', () => {
    const text = ['.. ipython:: python', '   :suppress:', '', '   import matplotlib.pyplot as plt', '', 'Plot it:', '', '.. ipython:: python', '', '   @suppress', '   plt.close("all")', '   @savefig frame_plot.png', '   df.plot()'].join('\n');
    expect(markupAsMarkdown(text)).toBe(['', 'Plot it:', '', '```python', 'df.plot()', '```', ''].join('\n'));
  });

  it('reads an admonition with a title, and a table directive, under their titles', () => {
    expect(markupAsMarkdown('.. admonition:: Copy-on-write\n\n   Assign with ``.loc``.\n')).toContain('### Copy-on-write\n\nAssign with `.loc`.');
  });

  it('shows nothing for a cross-reference target of the project right over the title that names it', () => {
    const settings = ['.. setting:: DEBUG', '', '``DEBUG``', '---------', '', 'Default: ``False``', '', 'A boolean that turns on/off debug mode.'].join('\n');
    expect(markupAsMarkdown(settings).trimStart()).toBe(['## `DEBUG`', '', 'Default: `False`', '', 'A boolean that turns on/off debug mode.'].join('\n'));
    // An object described without a body, before text of its own, still heads it.
    expect(markupAsMarkdown(['.. django-admin:: check [app_label]', '', 'Uses the system check framework.'].join('\n'))).toContain('### `check [app_label]`');
  });

  it("reads an object description's first paragraph as the definition of its name, and the rest as reST", () => {
    const text = [
      '.. decorator:: lru_cache(user_function)',
      '               lru_cache(maxsize=128, typed=False)',
      '',
      '   Decorator to wrap a function with a memoizing callable that saves up to the',
      '   *maxsize* most recent calls.',
      '',
      '   Example::',
      '',
      '      >>> fib(10)',
      '      55',
      '',
      '   .. versionadded:: 3.2',
      '',
      '.. c:function:: PyObject* PyList_New(Py_ssize_t len)',
      '',
      '   Return a new list of length *len* on success.',
    ].join('\n');
    expect(markupAsMarkdown(text)).toBe(
      [
        '',
        '### `lru_cache(user_function)`',
        '',
        '`lru_cache`: Decorator to wrap a function with a memoizing callable that saves up to the *maxsize* most recent calls.',
        '',
        'Example:',
        '',
        '```',
        '>>> fib(10)',
        '55',
        '```',
        '',
        'New in version 3.2.',
        '',
        '### `PyObject* PyList_New(Py_ssize_t len)`',
        '',
        '`PyList_New`: Return a new list of length *len* on success.',
        '',
      ].join('\n'),
    );
  });

  it("shows a Python session's code without its doctest flags and blank-line markers, as Sphinx does", () => {
    const text = ['To calculate sidereal time::', '', "    >>> t.sidereal_time('mean')  # doctest: +FLOAT_CMP +REMOTE_DATA", '    <Longitude 13.08952187 hourangle>', '    >>> print(table)  # doctest: +SKIP', '    a', '    <BLANKLINE>', '    b', '', 'A script is shown as written::', '', '    run()  # doctest: +SKIP', ''].join('\n');
    expect(markupAsMarkdown(text).trim()).toBe(['To calculate sidereal time:', '', '```', ">>> t.sidereal_time('mean')", '<Longitude 13.08952187 hourangle>', '>>> print(table)', 'a', '', 'b', '```', '', 'A script is shown as written:', '', '```', 'run()  # doctest: +SKIP', '```'].join('\n'));
  });

  it('shows nothing of an empty comment with lines indented right under it, and a block quote after an empty comment and a blank line', () => {
    const text = ['Examples', '--------', '', '..', '  EXAMPLE START', '  HIERARCH Cards for Long Keywords', '', 'Astropy uses a HIERARCH card.', '', '..', '', '  A quoted line.', ''].join('\n');
    expect(markupAsMarkdown(text).trim()).toBe(['## Examples', '', 'Astropy uses a HIERARCH card.', '', '  A quoted line.'].join('\n'));
  });

  it('reads a version note whose text runs over several lines as one sentence, its lines joined by spaces', () => {
    const text = ['Formatters encode.', '', '.. versionadded:: 0.7', '   The formatters now also accept an ``outencoding`` option which will override', '   the ``encoding`` option if given.', ''].join('\n');
    expect(markupAsMarkdown(text).trim()).toBe(['Formatters encode.', '', 'New in version 0.7: The formatters now also accept an `outencoding` option which will override the `encoding` option if given.'].join('\n'));
  });

  it('reads reST whose code block holds a line of tildes (a traceback\'s markers) as reST, and a code block the text ends at before its code as none', () => {
    const text = ['Was ``None``:', '', '.. code-block:: python', '', '    return query(db,', '                 ~~~~~~^^^^', '', 'As well as expressions:', '', '.. code-block:: python', ''].join('\n');
    const read = markupAsMarkdown(text);
    expect(read).toContain(['Was `None`:', '', '```python', 'return query(db,', '             ~~~~~~^^^^', '```'].join('\n'));
    expect(read.trimEnd().endsWith('As well as expressions:')).toBe(true);
  });

  it("reads an AsciiDoc term over a blank line and its tab-indented description as a definition, and reST's 'Example::' over space-indented code as a literal block", () => {
    expect(markupAsMarkdown('Set::\n\n\tSetting the `text` attribute enables end-of-line normalization.\n\nUnset::\n\n\tUnsetting it tells Git not to convert.\n')).toBe('`Set`: Setting the `text` attribute enables end-of-line normalization.\n\n`Unset`: Unsetting it tells Git not to convert.\n');
    expect(markupAsMarkdown('Example::\n\n    print(x)\n')).toContain('```\nprint(x)\n```');
  });

  it("reads AsciiDoc's admonitions ('[NOTE]' over a paragraph, over a '====' block, or leading it) as notes", () => {
    const text = ['It helps.', '', '[NOTE]', 'Rerere relies on conflict markers.', '', '[WARNING]', '====', 'This mode is _dangerous_.', '====', '', '[TIP] Use a branch.'].join('\n');
    expect(markupAsMarkdown(text)).toBe(['It helps.', '', 'Note: Rerere relies on conflict markers.', '', 'Warning: This mode is _dangerous_.', '', 'Tip: Use a branch.'].join('\n'));
  });

  it("reads a reST definition list's items (a glossary's entries) as definitions of their terms, not a chunk's cut first line", () => {
    const glossary = ['   See also :term:`namespace package`.', '', '   __slots__', '      A declaration inside a class that saves', '      memory.  It is tricky.', '', '   abstract base class', '      Abstract base classes complement :term:`duck-typing`.'].join('\n');
    expect(markupAsMarkdown(glossary)).toContain('`__slots__`: A declaration inside a class that saves memory.  It is tricky.');
    expect(markupAsMarkdown(glossary)).toContain('abstract base class: Abstract base classes complement duck-typing.');
    // The end of a line the chunk cut, under the chunk's opening, is no term; nor is a list item.
    expect(markupAsMarkdown('.. currentclass:: FileHandler\n\nto\n      the file, see :meth:`emit`.\n\n* an item\n  continued')).not.toMatch(/`to`:|an item:/);
  });

  it("names a module's functions and classes with the module (`.. currentmodule::`), as Sphinx shows them, and a class's methods with the class", () => {
    const text = ['.. currentmodule:: tomllib', '', '.. function:: load(fp, /)', '', '   Read a TOML file.', '', '.. class:: Parser()', '', '   A parser.', '', '   .. method:: feed(data)', '', '      Feed it data.'].join('\n');
    const read = markupAsMarkdown(text);
    expect(read).toContain('### `tomllib.load(fp, /)`');
    expect(read).toContain('`tomllib.load`: Read a TOML file.');
    expect(read).toContain('`tomllib.Parser`: A parser.');
    expect(read).toContain('### `Parser.feed(data)`');
    expect(read).toContain('`Parser.feed`: Feed it data.');
    // A chunk that starts inside the class's description has its name in its opening (chunk-opening.ts).
    expect(markupAsMarkdown('.. currentclass:: Parser\n\n   .. method:: close()\n\n      Close it.\n\n.. function:: loads(s)\n\n   Read a string.')).toMatch(/`Parser\.close`: Close it\.[\s\S]*`loads`: Read a string\./);
    expect(markupAsMarkdown(text.replace('.. currentmodule:: tomllib', ''))).toContain('`load`: Read a TOML file.');
  });

  it("reads an object's signature continued after a backslash as its signature, naming the object in its definition", () => {
    const text = [
      '.. class:: DictReader(f, fieldnames=None, \\',
      "                      dialect='excel', **kwds)",
      '',
      '   Create an object that operates like a regular reader but maps the',
      '   information in each row to a :class:`dict`.',
    ].join('\n');
    expect(markupAsMarkdown(text)).toBe(['', "### `DictReader(f, fieldnames=None, dialect='excel', **kwds)`", '', '`DictReader`: Create an object that operates like a regular reader but maps the information in each row to a `dict`.', ''].join('\n'));
  });

  it('reads lines indented under a sentence ending in a colon as prose, not an AsciiDoc literal, when reST roles mark them up', () => {
    const glossary = ['can accept.  There are five kinds of parameter:', '', '      * :dfn:`positional-or-keyword`: specifies an argument that can be passed', '        either positionally or as a keyword.'].join('\n');
    expect(markupAsMarkdown(glossary)).toBe(['can accept.  There are five kinds of parameter:', '', '      * positional-or-keyword: specifies an argument that can be passed', '        either positionally or as a keyword.'].join('\n'));
  });

  it('reads footnotes as their text, drops footnote references and escapes, and joins an inline literal that wrapping broke', () => {
    const text = ['.. [#] While ``abs(x%y) < abs(y)`` holds, ``-1e-100 %', '   1e100`` keeps the sign.', '', 'Call it with the ``*``\\ -operator [#]_, on day \\(9), in ``C:\\\\x``.'].join('\n');
    expect(markupAsMarkdown(text)).toBe(['', 'While `abs(x%y) < abs(y)` holds, `-1e-100 % 1e100` keeps the sign.', '', 'Call it with the `*`-operator, on day (9), in `C:\\\\x`.'].join('\n'));
  });

  it("keeps a list's items apart when each starts with an inline literal (no literal across their line break), also indented in a directive's content", () => {
    const items = ['   Sets the console output style:', '', '   * ``classic``: classic output.', '   * ``progress``: with a progress indicator.', '', '   The default is ``progress``.'].join('\n');
    expect(markupAsMarkdown(items)).toBe(['   Sets the console output style:', '', '   * `classic`: classic output.', '   * `progress`: with a progress indicator.', '', '   The default is `progress`.'].join('\n'));
    // A literal hard wrapping broke across lines is still one.
    expect(markupAsMarkdown('files that match ``check_*\n.py`` glob-pattern')).toBe('files that match `check_* .py` glob-pattern');
  });

  it("reads a note's list and code with their line breaks, its first paragraph on the label's line", () => {
    const note = ['.. note::', '', '   * ``a``: one.', '   * ``b``: two.', '', '.. warning:: Patching builtins', '   may break pytest.', '', '   .. code-block:: bash', '', '      pytest --tb=native'].join('\n');
    expect(markupAsMarkdown(note)).toBe(['', 'Note:', '* `a`: one.', '* `b`: two.', '', 'Warning: Patching builtins may break pytest.', '', '```bash', 'pytest --tb=native', '```', '', ''].join('\n'));
  });

  it("reads a topic's title as a heading of words, not as an object's name", () => {
    expect(markupAsMarkdown('Primitives\n==========\n\n.. topic:: Overview\n\n    - ``group``\n\n        Runs tasks in parallel.\n\nAfter.')).toBe(['# Primitives', '', '### Overview', '', '- `group`', '', '    Runs tasks in parallel.', '', 'After.'].join('\n'));
  });

  it("reads an object's info fields as Sphinx shows them, and its first paragraph after a version note as its definition", () => {
    const wrap = ['.. function:: aes_key_wrap(wrapping_key, key_to_wrap)', '', '    .. versionadded:: 1.1', '', '    This function performs AES key wrap as specified in', '    :rfc:`3394`.', '', '    :param bytes wrapping_key: The wrapping key.', '', '    :return bytes: The wrapped key.'].join('\n');
    expect(markupAsMarkdown(wrap).trim()).toBe(['### `aes_key_wrap(wrapping_key, key_to_wrap)`', '', '`aes_key_wrap`: This function performs AES key wrap as specified in RFC 3394.', '', 'New in version 1.1.', '', 'Parameter `wrapping_key` (bytes): The wrapping key.', '', 'Returns (bytes): The wrapped key.'].join('\n'));
    // A description that opens with its fields has no definition: the fields are read as fields.
    expect(markupAsMarkdown('.. function:: openssl_version_number()\n\n    :return int: The integer version.\n')).toContain('\nReturns (int): The integer version.');
  });

  it("reads a term's description after its warning as its definition, and a tab's title as a heading of words", () => {
    expect(markupAsMarkdown('Keywords\n========\n\n``dependency_links``\n    .. warning::\n        ``dependency_links`` is deprecated.\n\n    A list of strings naming URLs.\n').trim()).toBe(['# Keywords', '', '`dependency_links`: A list of strings naming URLs.', '', 'Warning: `dependency_links` is deprecated.'].join('\n'));
    expect(markupAsMarkdown('.. tab:: pyproject.toml [#beta]_\n\n   .. code-block:: toml\n\n       [project]\n')).toContain('### pyproject.toml\n\n```toml\n[project]\n```');
  });

  it('reads a reST grid table as a Markdown table, a row per row, and shows no comment', () => {
    const text = ['.. XXX this table is too wide!', '   still the comment', '', '+-----+-----------------+', '| Day | Meaning         |', '+=====+=================+', '| %d  | Day of the      |', '|     | month.          |', '+-----+-----------------+'].join('\n');
    expect(markupAsMarkdown(text)).toBe(['', '', '| Day | Meaning |', '| --- | --- |', '| %d | Day of the month. |', ''].join('\n'));
  });

  it("drops reST's transition (a rule over a blank line, closing nothing) instead of reading the page's text after it as code", () => {
    const page = ['**Source code:** :source:`Lib/tomllib`', '', '--------------', '', 'This module provides an interface for parsing TOML.'].join('\n');
    expect(markupAsMarkdown(page)).toBe(['**Source code:** Lib/tomllib', '', 'This module provides an interface for parsing TOML.'].join('\n'));
  });

  it('reads "text ::" as introducing its literal block, and drops a "::" standing after a sentence\'s end', () => {
    expect(markupAsMarkdown('1/10 is the repeating fraction ::\n\n   0.00011\n')).toBe(['1/10 is the repeating fraction:', '', '```', '0.00011', '```', '', ''].join('\n'));
    expect(markupAsMarkdown('It ends here. ::\n\n   x = 1\n')).toBe(['It ends here.', '', '```', 'x = 1', '```', '', ''].join('\n'));
  });

  it('keeps the line breaks of literal and doctest blocks, as fenced code', () => {
    const rest = ['Run it like this::', '', '    python -m venv env', '    source env/bin/activate', '', 'Then try:', '', '>>> 1 + 1', '2', '>>> print("a")', 'a', '', 'Done.'].join('\n');
    expect(markupAsMarkdown(rest)).toBe(['Run it like this:', '', '```', 'python -m venv env', 'source env/bin/activate', '```', '', 'Then try:', '', '```pycon', '>>> 1 + 1', '2', '>>> print("a")', 'a', '```', '', 'Done.'].join('\n'));
  });

  it('turns titles, code-block and admonition directives into headings, code and sentences', () => {
    const rest = ['Faster CPython', '==============', '', '.. note::', '   Startup is faster.', '', '.. code-block:: python', '   :linenos:', '', '   def f():', '       return 1', '', '.. versionadded:: 3.11', '', '.. index:: single: speed'].join('\n');
    expect(markupAsMarkdown(rest)).toBe(['# Faster CPython', '', 'Note: Startup is faster.', '', '```python', 'def f():', '    return 1', '```', '', 'New in version 3.11.', '', ''].join('\n'));
  });

  it('reads AsciiDoc: titles, listing blocks, linkgit links, definition terms joined to their description', () => {
    const asciidoc = ['OPTIONS', '-------', '--autostash::', '--no-autostash::', '\tAutomatically create a temporary stash entry before', '\tthe operation begins. See linkgit:git-stash[1].', '', '------------', '$ git rebase --autostash', '------------'].join('\n');
    expect(markupAsMarkdown(asciidoc)).toBe(['## OPTIONS', '`--autostash`, `--no-autostash`: Automatically create a temporary stash entry before the operation begins. See git-stash(1).', '', '```', '$ git rebase --autostash', '```', ''].join('\n'));
    expect(markupAsMarkdown('Include :file:`\\*.txt` and :file:`Scripts\\\\`, not ``C:\\\\x``.')).toBe('Include `*.txt` and `Scripts\\`, not `C:\\\\x`.');
    expect(markupAsMarkdown("See linkgit:git-diff[1]: 'git diff-{asterisk}' compares HEAD{caret} and {startsb}paths{endsb}.")).toBe("See git-diff(1): 'git diff-*' compares HEAD^ and [paths].");
    // "\\--::" escapes the separator from AsciiDoc's dash: shown as "--".
    expect(markupAsMarkdown('\\--::\n\tSeparates paths from options.')).toBe('`--`: Separates paths from options.');
  });

  it('reads a title underlined with tildes as a title, not as a Markdown fence that would leave the whole text raw', () => {
    const asciidoc = ['Options related to merging', '~~~~~~~~~~~~~~~~~~~~~~~~~~', '', 'include::merge-options.txt[]', '', '-r::', '--rebase[=false|true]::', '\tWhen true, rebase the current branch', '\ton top of the upstream branch after fetching.'].join('\n');
    expect(markupAsMarkdown(asciidoc)).toBe(['### Options related to merging', '', '`-r`, `--rebase[=false|true]`: When true, rebase the current branch on top of the upstream branch after fetching.'].join('\n'));
  });

  it('keeps AsciiDoc literal paragraphs and listing blocks a chunk cut before their end as code', () => {
    const literal = ['To run it as a daemon, start it like this:', '', '\tgit daemon --reuseaddr --export-all \\', '\t\t--base-path=/srv/git', '', 'Then pull from it.'].join('\n');
    expect(markupAsMarkdown(`See linkgit:git-daemon[1].\n\n${literal}`)).toBe(['See git-daemon(1).', '', 'To run it as a daemon, start it like this:', '', '```', 'git daemon --reuseaddr --export-all \\', '        --base-path=/srv/git', '```', '', 'Then pull from it.'].join('\n'));
    const cut = ['Check it with:', '', '------------', '$ git fsck', 'dangling commit 7281251'].join('\n');
    expect(markupAsMarkdown(cut)).toBe(['Check it with:', '', '```', '$ git fsck', 'dangling commit 7281251', '```', ''].join('\n'));
  });

  it("reads a listing block attached to a definition by AsciiDoc's '+' as code, not as a title '+' underlined by its delimiter", () => {
    const asciidoc = ["'git daemon' as regular daemon for virtual hosts::", '\tTo set up a regular service, start the daemon like this:', '+', '-----------------------', '\tgit daemon --verbose --export-all', '-----------------------', '+', 'In this example, the root holds a directory per host.'].join('\n');
    const markdown = markupAsMarkdown(asciidoc);
    expect(markdown).toContain(['```', '\tgit daemon --verbose --export-all', '```'].join('\n'));
    expect(markdown).not.toMatch(/^#+ \+/m);
  });

  it('leaves plain text and Markdown as they are', () => {
    const markdown = '# Title\n\nSome text: with a colon.\n\n```ts\nconst a = b::c;\n```\n';
    expect(markupAsMarkdown(markdown)).toBe(markdown);
    expect(markupAsMarkdown('Just a sentence.\nAnother one.')).toBe('Just a sentence.\nAnother one.');
  });

  it('drops the "+" that joins AsciiDoc blocks, also in a chunk with no other markup', () => {
    expect(markupAsMarkdown('on your repository in a cronjob.\n+\nThe protection it offers.')).toBe('on your repository in a cronjob.\nThe protection it offers.');
  });
});

describe('plainDefinitions (a reference page saved as text)', () => {
  it('joins a definition list whose terms stand on lines of their own to its description, naming what it describes', () => {
    const page = ['OPTIONS', '', '-u', '', '--include-untracked', '', '--no-include-untracked', '', 'When used with the push and save commands, all untracked files are also stashed.', '', 'Next paragraph.'].join('\n');
    expect(markupAsMarkdown(page)).toBe(['OPTIONS', '', '`-u`, `--include-untracked`, `--no-include-untracked`: When used with the push and save commands, all untracked files are also stashed.', '', 'Next paragraph.'].join('\n'));
  });

  it('reads settings, variables and options with an argument as terms', () => {
    expect(plainDefinitions('rebase.autoStash\n\nWhen set to true, automatically create a temporary stash entry.')).toBe('`rebase.autoStash`: When set to true, automatically create a temporary stash entry.');
    expect(plainDefinitions('GIT_TRACE_CURL\nEnables a curl full trace dump of all incoming and outgoing data.')).toBe('`GIT_TRACE_CURL`: Enables a curl full trace dump of all incoming and outgoing data.');
    expect(plainDefinitions('-m parent-number\n\n--mainline parent-number\n\nUsually you cannot revert a merge.')).toBe('`-m parent-number`, `--mainline parent-number`: Usually you cannot revert a merge.');
  });

  it('leaves code, bullets, a term inside a paragraph and a term with no description as they are', () => {
    const kept = ['```sh', '--save-dev', '', 'Install it as a development dependency here.', '```', '- item one of a list', '', 'A sentence that ends with', 'core.editor', 'and goes on.', '', 'core.pager', '', '## Next heading'].join('\n');
    expect(plainDefinitions(kept)).toBe(kept);
  });
});

describe('readsAsRestructuredText', () => {
  it("tells reST (directives, roles) from AsciiDoc, whose 'Set::' over a blank line is a definition's term", () => {
    expect(readsAsRestructuredText('.. function:: run(x)\n\n   Run it.')).toBe(true);
    expect(readsAsRestructuredText('Use :func:`zip` here.')).toBe(true);
    expect(readsAsRestructuredText('Set::\n\n\tThe path has the attribute.\n\nlinkgit:git-config[1]')).toBe(false);
  });
});

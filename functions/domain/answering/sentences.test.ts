import { describe, expect, it } from 'vitest';
import { entryHeading } from '../chunking/entry-terms';
import { sentencesOf } from './sentences';

describe('sentencesOf', () => {
  it("reads CommonMark's '+' bullets as list items", () => {
    expect(sentencesOf('+ [HTTP/2](./HTTP2.md): Details the HTTP/2 support.\n+ [Lifecycle](./Lifecycle.md): Explains the\n  request lifecycle.', undefined).map((sentence) => sentence.text)).toEqual(['HTTP/2: Details the HTTP/2 support.', 'Lifecycle: Explains the request lifecycle.']);
  });

  it("reads a Markdown block quote without its markers, and a GitHub alert as the note it shows", () => {
    const text = '> [!NOTE]\n> Fastify does not validate `request.ip`.\n> Validate it yourself.\n>\n> > A nested quote.\n\nText after.';
    expect(sentencesOf(text, undefined).map((sentence) => sentence.text)).toEqual(['Note: Fastify does not validate `request.ip`.', 'Validate it yourself.', 'A nested quote.', 'Text after.']);
    expect(sentencesOf('Run it:\n\n>>> print(1)\n1\n', undefined)[0]!.code).toBe('```pycon\n>>> print(1)\n1\n```');
  });

  it('joins hard-wrapped lines, keeps headings as context, and splits list items', () => {
    const sentences = sentencesOf('# Refund policy\nRefunds are issued within\n14 days of purchase. Items must be unused.\n\nShipping\n- Orders ship in 2 days.\n- Express costs $15.');
    expect(sentences).toEqual([
      { text: 'Refunds are issued within 14 days of purchase.', heading: 'Refund policy', position: 0, block: 1 },
      { text: 'Items must be unused.', heading: 'Refund policy', position: 1, block: 1 },
      { text: 'Orders ship in 2 days.', heading: 'Shipping', position: 2, block: 3, item: true },
      { text: 'Express costs $15.', heading: 'Shipping', position: 3, block: 4, item: true },
    ]);
  });

  it('does not end a sentence at an abbreviation, an initial or a decimal point', () => {
    expect(sentencesOf('Bring an ID, e.g. a passport. Dr. Smith signs v2.5 of the form. J. Doe agrees! Done?').map((sentence) => sentence.text)).toEqual([
      'Bring an ID, e.g. a passport.',
      'Dr. Smith signs v2.5 of the form.',
      'J. Doe agrees!',
      'Done?',
    ]);
  });

  it('reads each table row as one line, its cells parted, without the separator row', () => {
    expect(sentencesOf('| Plan | Price |\n|---|---|\n| Starter | 799 |').map((sentence) => sentence.text)).toEqual(['Plan | Price', 'Starter | 799']);
    // A row whose cell holds sentences stays one row.
    expect(sentencesOf('| `%d` | Day of the month. Zero-padded. | 01, 02 |').map((sentence) => sentence.text)).toEqual(['`%d` | Day of the month. Zero-padded. | 01, 02']);
  });

  it("keeps a pipe that borders no table cell: prose's, and a list item's types", () => {
    expect(sentencesOf('Flags combine with the bitwise operators (&, |, ^, ~).').map((sentence) => sentence.text)).toEqual(['Flags combine with the bitwise operators (&, |, ^, ~).']);
    expect(sentencesOf('- `path` {string | Buffer | URL} The file to read.').map((sentence) => sentence.text)).toEqual(['`path` {string | Buffer | URL} The file to read.']);
  });

  it("reads a field line (\"Added in: v10.12.0\") as no heading: the signature above it still names what its sentences describe", () => {
    const sentences = sentencesOf('`url.fileURLToPath(url)`\n\nAdded in: v10.12.0\n\n- `url` {URL} The file URL to convert to a path.', ['URL', '`url.fileURLToPath(url)`']);
    expect(sentences.at(-1)).toMatchObject({ text: '`url` {URL} The file URL to convert to a path.', heading: '`url.fileURLToPath(url)`', term: '`url.fileURLToPath(url)`' });
    // A title with a colon is a heading still.
    expect(sentencesOf('Queues: Adding consumers\nThe command tells workers to consume.')[0]).toMatchObject({ heading: 'Queues: Adding consumers' });
  });

  it("keeps the heading's term for the paragraphs after a list whose items define their own", () => {
    const sentences = sentencesOf('`util.promisify(original)`\n\n- `original` {Function}\n- Returns: {Function}\n\nTakes a function following the error-first callback style.', ['Util', '`util.promisify(original)`']);
    expect(sentences.at(-1)).toMatchObject({ text: 'Takes a function following the error-first callback style.', term: '`util.promisify(original)`' });
  });

  it('names by its label the paragraphs indented under a list item, and nothing once the text leaves the item', () => {
    // Celery's signal pages list each argument so; quoted alone, "Positional arguments…" said not whose.
    const sentences = sentencesOf('Provides arguments:\n\n* ``task_id``\n\n    Id of the task.\n\n* ``args``\n\n    Positional arguments the task was called with.\n\nSender is the task object.');
    expect(sentences.map(({ text, term }) => [text, term])).toEqual([
      ['Provides arguments:', undefined],
      ['`task_id`', undefined],
      ['Id of the task.', '`task_id`'],
      ['`args`', undefined],
      ['Positional arguments the task was called with.', '`args`'],
      ['Sender is the task object.', undefined],
    ]);
    // An item that says something is no label: the paragraph under it stands on its own.
    const said = sentencesOf('- Run the worker with the pool you chose, as shown below.\n\n  It starts at once.');
    expect(said.at(-1)).toMatchObject({ text: 'It starts at once.' });
    expect(said.at(-1)?.term).toBeUndefined();
  });

  it("gives a sentence its example once when the page shows it again in another module system, and keeps a different block", () => {
    const mjs = "```mjs\nimport { EventEmitter } from 'node:events';\nconst emitter = new EventEmitter();\nemitter.setMaxListeners(emitter.getMaxListeners() + 1);\n```";
    const cjs = "```cjs\nconst EventEmitter = require('node:events');\nconst emitter = new EventEmitter();\nemitter.setMaxListeners(emitter.getMaxListeners() + 1);\n```";
    expect(sentencesOf(`Raise the limit for one emitter:\n\n${mjs}\n\n${cjs}`)[0]?.code).toBe(mjs);
    const run = '```console\n$ node app.mjs\n```';
    expect(sentencesOf(`Raise the limit for one emitter:\n\n${mjs}\n\n${run}`)[0]?.code).toBe(`${mjs}\n${run}`);
  });

  it('keeps fenced code out of the sentences, verbatim with the sentence that introduces it', () => {
    const sentences = sentencesOf(
      '## Queues\nSubscribe a queue to your topic:\n```ts\nconst queue = new Queue(this, "Q");\n# not a heading\ntopic.addSubscription(queue);\n```\nIt is done.\n```sh\nnpm run deploy\n```',
    );
    expect(sentences).toEqual([
      { text: 'Subscribe a queue to your topic:', heading: 'Queues', position: 0, block: 1, code: '```ts\nconst queue = new Queue(this, "Q");\n# not a heading\ntopic.addSubscription(queue);\n```' },
      // "It is done." does not introduce the code after it, so that code is left out.
      { text: 'It is done.', heading: 'Queues', position: 1, block: 3 },
    ]);
  });

  it('closes a block the chunk cut off, shortens a long one, and drops the tail of one cut from the chunk before', () => {
    const long = Array.from({ length: 40 }, (_, line) => `line ${line}`).join('\n');
    const [cut] = sentencesOf(`For example:\n\`\`\`py\n${long}`);
    expect(cut?.code?.split('\n')).toEqual(['```py', ...Array.from({ length: 20 }, (_, line) => `line ${line}`), '…', '```']);
    expect(sentencesOf('  return x\n}\n```\nThe function returns x.').map((sentence) => sentence.text)).toEqual(['The function returns x.']);
    // A short block the chunk cut off says that it goes on.
    expect(sentencesOf('For example:\n```py\nprint(1)')[0]?.code).toBe('```py\nprint(1)\n…\n```');
  });

  it("reads a passage whose end is cut inside a bare block (a web page's code names no language) as prose and code, not as code and prose", () => {
    const passage = [
      'or interfere with existing reactors in any way.',
      '',
      "Note that you will also have to shutdown the Twisted reactor yourself. Here's an example of its usage:",
      '',
      '```',
      'runner = CrawlerRunner()',
      '',
      'd = runner.crawl(MySpider)',
      '```',
      '',
      'Here is an example that runs multiple spiders:',
      '',
      '```',
      'import scrapy',
    ].join('\n');
    const sentences = sentencesOf(passage);
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      'or interfere with existing reactors in any way.',
      'Note that you will also have to shutdown the Twisted reactor yourself.',
      "Here's an example of its usage:",
      'Here is an example that runs multiple spiders:',
    ]);
    expect(sentences[2]?.code).toBe('```\nrunner = CrawlerRunner()\n\nd = runner.crawl(MySpider)\n```');
    // A short lead-in ("For example:") leads into its block as well.
    const example = sentencesOf('It means no callback at all.\n\nFor example:\n\n```\nRequest(url, callback=NO_CALLBACK)\n```\n\nExample:\n\n```\ndef parse(self, response):');
    expect(example.map((sentence) => sentence.code?.split('\n')[1] ?? sentence.text)).toEqual(['It means no callback at all.', 'Request(url, callback=NO_CALLBACK)', 'def parse(self, response):']);
    // Cut from the block before it, code up to a bare fence is still code.
    expect(sentencesOf('runner = CrawlerRunner()\nd = runner.crawl(MySpider)\n```\n\nSee the reactor overview for more.').map((sentence) => sentence.text)).toEqual(['See the reactor overview for more.']);
  });

  it("reads a one-line paragraph that asks (an FAQ entry's title, given as a line of text) as the heading of what follows", () => {
    const faq = 'Lowering those settings to 1 enforces the desired order.\n\nMy Scrapy crawler has memory leaks. What can I do?\n\nSee Debugging memory leaks.';
    expect(sentencesOf(faq).map(({ text, heading }) => [text, heading])).toEqual([
      ['Lowering those settings to 1 enforces the desired order.', undefined],
      ['See Debugging memory leaks.', 'My Scrapy crawler has memory leaks. What can I do?'],
    ]);
    // A question inside a paragraph is one of its sentences.
    expect(sentencesOf('The connection must be ready first. How do we address this problem?\nWe use a hook.').map(({ text }) => text)).toHaveLength(3);
  });

  it('reads no sentence out of code that no fence marks: a chunk cut from the middle of a long block', () => {
    const middle = [
      // A chunk may start mid-line: the rest of an import.
      'type { Route } from "./+types/user-profile";',
      "import Drawer from '@mui/material/Drawer';",
      'const [open, setOpen] = React.useState(false);',
      'function handleClose() {',
      '  setOpen(false);',
      '}',
      'return (',
      '  <Drawer variant="temporary" open={open} onClose={handleClose}>',
      ');',
    ].join('\n');
    expect(sentencesOf(middle)).toEqual([]);
    // Prose keeps its parentheses, semicolons and inline code.
    const prose = 'One (or more) security groups can be associated with the load balancer;\nuse `theme.spacing(2)` for 16px (the default = 8px).';
    expect(sentencesOf(prose).map((sentence) => sentence.text)).toEqual([
      'One (or more) security groups can be associated with the load balancer; use `theme.spacing(2)` for 16px (the default = 8px).',
    ]);
  });

  it("reads no sentence out of a demo's JSX or object literal that no fence marks", () => {
    const demo = ['<IconButton', '  size="large"', '  aria-label="show 17 new notifications"', '  color="inherit"', '>', '</IconButton>', "border: `2px dashed ${theme.palette.secondary.main}`,", 'color: theme.palette.secondary.main,', '// Versioning must be enabled on both buckets', 'Snackbars show brief messages.'].join('\n');
    expect(sentencesOf(demo).map((sentence) => sentence.text)).toEqual(['Snackbars show brief messages.']);
    // Prose with a tag in lower case or a colon stays prose.
    expect(sentencesOf('Note: use <b>bold</b> sparingly, or not at all.').map((sentence) => sentence.text)).toEqual(['Note: use bold sparingly, or not at all.']);
  });

  it('reads inline markup and links as a rendered page shows them', () => {
    const sentences = sentencesOf(
      [
        '<docs-warning>If you are not using a data router you can skip this.</docs-warning>',
        '',
        'See the [routing guide](../start/routing.md "Routing") or the [`meta` export][meta] for more.',
        '',
        'A title renders a `<title>` tag.',
        '',
        '[meta]: ../how-to/meta',
      ].join('\n'),
    );
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      'If you are not using a data router you can skip this.',
      'See the routing guide or the `meta` export for more.',
      'A title renders a `<title>` tag.',
    ]);
    // A placeholder in angle brackets is shown, as the rendered page shows it; an element or a component is not.
    expect(sentencesOf('Pass the <strategy-option> through to the merge strategy, <b>once</b>.<br> Use <Button> for <commit>.').map((sentence) => sentence.text)).toEqual([
      'Pass the <strategy-option> through to the merge strategy, once.',
      'Use for <commit>.',
    ]);
  });

  it('gives a sentence ending in a colon the list items right after it, which stay sentences too', () => {
    const sentences = sentencesOf('Pass the nonce in two places:\n\n- in `_document.tsx`, to the cache\n- in `_app.tsx`, to the provider\n\nThat is all.\n\n- a list no sentence introduces');
    expect(sentences[0]).toMatchObject({ text: 'Pass the nonce in two places:', items: ['in `_document.tsx`, to the cache', 'in `_app.tsx`, to the provider'] });
    expect(sentences.map((sentence) => sentence.text)).toContain('in `_app.tsx`, to the provider');
    expect(sentences.filter((sentence) => sentence.items).length).toBe(1);
    // A heading between them ends the introduction.
    expect(sentencesOf('Options:\n\n## Other\n\n- one\n- two')[0]?.items).toBeUndefined();
  });

  it('takes no short line that ends on "and", "with" or "the" for a heading, though a capital starts the next', () => {
    const wrapped = 'uWSGI has optimized integration with Nginx uWSGI and\nApache mod_proxy_uwsgi, and possibly other servers.';
    expect(sentencesOf(wrapped).map((sentence) => sentence.text)).toEqual(['uWSGI has optimized integration with Nginx uWSGI and Apache mod_proxy_uwsgi, and possibly other servers.']);
  });

  it('reads a line of reST substitutions as prose, each by its name, not as a table row', () => {
    expect(sentencesOf('If you use the |Quantity| infrastructure, then |QTable| is the preferred way.')).toEqual([{ text: 'If you use the Quantity infrastructure, then QTable is the preferred way.', position: 0, block: 0 }]);
  });

  it('keeps a pipe inside inline code, which is no table cell border', () => {
    expect(sentencesOf("Jinja's `|tojson` filter uses the app's JSON provider and marks its output `|safe`.").map((sentence) => sentence.text)).toEqual(["Jinja's `|tojson` filter uses the app's JSON provider and marks its output `|safe`."]);
    expect(sentencesOf('| Option | Default |\n|---|---|\n| `a|b` | on |')).toMatchObject([{ text: 'Option | Default', row: true }, { text: '`a|b` | on', row: true }]);
  });

  it('reads a link whose text is wrapped over two lines as its text', () => {
    const wrapped = 'Every execution of a state machine in this service has its own [State Machine\nData](https://example.com/data.html): a JSON document.';
    expect(sentencesOf(wrapped).map((sentence) => sentence.text)).toEqual(['Every execution of a state machine in this service has its own State Machine Data: a JSON document.']);
  });

  it('keeps the line breaks of a reST literal block and a doctest block, as code the sentence introduces (issue 17)', () => {
    const [first, second] = sentencesOf('Create the environment::\n\n    python -m venv env\n    env/bin/pip install x\n\nCheck the result:\n\n>>> import x\n>>> x.ok\nTrue\n');
    expect(first).toMatchObject({ text: 'Create the environment:', code: '```\npython -m venv env\nenv/bin/pip install x\n```' });
    expect(second).toMatchObject({ text: 'Check the result:', code: '```pycon\n>>> import x\n>>> x.ok\nTrue\n```' });
  });

  it('gives a sentence the code blocks that follow one another right after it, one listing cut in pieces', () => {
    const rabbit = 'Create a user and a virtual host:\n\n.. code-block:: console\n\n    $ rabbitmqctl add_user me secret\n\n.. code-block:: console\n\n    $ rabbitmqctl set_permissions -p vhost me ".*"\n\nSubstitute your values.\n\n.. code-block:: console\n\n    $ rabbitmqctl status\n';
    const [create, substitute] = sentencesOf(rabbit);
    expect(create).toMatchObject({ text: 'Create a user and a virtual host:', code: '```console\n$ rabbitmqctl add_user me secret\n```\n```console\n$ rabbitmqctl set_permissions -p vhost me ".*"\n```' });
    // Text between ends the listing: code after it is no one's.
    expect(substitute?.code).toBeUndefined();
  });

  it("gives the sentences under a heading that is a name in code (a signal's, a setting's) that name as their term, up to the next heading", () => {
    const signals = 'task_failure\n~~~~~~~~~~~~\n\nDispatched when a task fails.\n\nOther signals\n~~~~~~~~~~~~~\n\nThey are sent too.';
    expect(sentencesOf(signals).map((sentence) => [sentence.text, sentence.term])).toEqual([['Dispatched when a task fails.', undefined], ['They are sent too.', undefined]]);
    const named = signals.replace('task_failure\n~~~~~~~~~~~~', '``task_failure``\n~~~~~~~~~~~~~~~~');
    expect(sentencesOf(named).map((sentence) => [sentence.text, sentence.term])).toEqual([['Dispatched when a task fails.', '`task_failure`'], ['They are sent too.', undefined]]);
    // The chunk's own heading path names it when the chunk starts under it.
    expect(sentencesOf('Sender is the task object executed.', ['Signals', '``task_failure``'])[0]?.term).toBe('`task_failure`');
    // A name in code before a dash or colon and what it is ("``celery_worker`` - Embed live worker.").
    const fixture = '``celery_worker`` - Embed live worker.\n~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n\nThis fixture starts a worker.';
    expect(sentencesOf(fixture).map((sentence) => [sentence.text, sentence.term])).toEqual([['This fixture starts a worker.', '`celery_worker`']]);
    expect(sentencesOf('Starts a worker.', ['Fixtures', '``celery_app``: Celery app used for testing.'])[0]?.term).toBe('`celery_app`');
    expect(sentencesOf('Both are set.', ['``a`` and ``b``'])[0]?.term).toBeUndefined();
  });

  it("makes a section that opens with its code a sentence of its title, which introduces the code", () => {
    const section = 'Signing\n~~~~~~~\n\n.. doctest::\n\n    >>> signature = key.sign(b"message")\n\nKeys\n~~~~\n\nKeys are made once.';
    expect(sentencesOf(section)).toMatchObject([{ text: 'Signing:', heading: 'Signing', code: '```pycon\n>>> signature = key.sign(b"message")\n```' }, { text: 'Keys are made once.' }]);
    // Code after a sentence that does not introduce it stays no one's.
    expect(sentencesOf('Keys\n~~~~\n\nKeys are made once.\n\n    >>> key = make()\n').filter((sentence) => sentence.code)).toEqual([]);
    // A sentence the code breaks off before its end introduces it.
    const install = 'To install ``cryptography``, you will typically\njust run\n\n.. code-block:: console\n\n    $ pip install cryptography\n\nIf you prefer to compile it yourself you need OpenSSL.';
    expect(sentencesOf(install)).toMatchObject([
      { text: 'To install `cryptography`, you will typically just run', code: '```console\n$ pip install cryptography\n```' },
      { text: 'If you prefer to compile it yourself you need OpenSSL.' },
    ]);
  });

  it("reads reST's auto-numbered items (\"#. \") as list items, not a wrapped item's first line as a heading", () => {
    const steps = "Follow these steps:\n\n#. Add ``results`` to ``INSTALLED_APPS`` in your\n   Django project's settings.\n#. Run the migrations.";
    expect(sentencesOf(steps).map((sentence) => [sentence.text, sentence.heading])).toEqual([
      ['Follow these steps:', undefined],
      ["Add `results` to `INSTALLED_APPS` in your Django project's settings.", undefined],
      ['Run the migrations.', undefined],
    ]);
  });

  it('reads reST roles as inline code, not raw role syntax (issue 17)', () => {
    expect(sentencesOf('Use the :func:`repr` of an object and :mod:`pprint` for nested data.').map((s) => s.text)).toEqual(['Use the `repr()` of an object and `pprint` for nested data.']);
  });

  it('makes the lines of a passage of short lines its candidates, under its first line (issue 17)', () => {
    const lines = sentencesOf('Quarterly revenue\nEurope 4.2 million\nAsia 3.1 million\nAmericas 5.0 million');
    expect(lines.map((s) => [s.text, s.heading, s.line])).toEqual([
      ['Europe 4.2 million', 'Quarterly revenue', true],
      ['Asia 3.1 million', 'Quarterly revenue', true],
      ['Americas 5.0 million', 'Quarterly revenue', true],
    ]);
  });

  it('keeps the term of a definition on the later sentences of its description', () => {
    const [first, second] = sentencesOf('--porcelain[=<version>]::\n\tGive the output in an easy-to-parse format for scripts.\n\tThis is similar to the short output.\n');
    expect(first).toMatchObject({ text: '`--porcelain[=<version>]`: Give the output in an easy-to-parse format for scripts.' });
    expect(first?.term).toBeUndefined();
    expect(second).toMatchObject({ text: 'This is similar to the short output.', term: '`--porcelain[=<version>]`' });
  });

  it('reads a term in backticks with its arguments as a definition\'s term, which ends the entry the chunk continues', () => {
    const sentences = sentencesOf('default.\n\n`pop [--index] [<stash>]`: Remove a single stashed state from the stash list. The working directory must match the index.', ['git-stash(1)', entryHeading(['show [<stash>]'])]);
    expect(sentences.map((sentence) => sentence.term)).toEqual(['`show [<stash>]`', undefined, '`pop [--index] [<stash>]`']);
  });

  it("keeps a reST object's name on its description's later paragraphs, up to the next heading", () => {
    const passage = '.. function:: run_coroutine_threadsafe(coro, loop)\n\n   Submit a coroutine to the given event loop.\n\n   Return a Future to wait for the result.\n\nOther section\n-------------\n\nA paragraph.\n';
    expect(sentencesOf(passage).map((sentence) => [sentence.text.slice(0, 20), sentence.term])).toEqual([
      ['`run_coroutine_threa', undefined],
      ['Return a Future to w', '`run_coroutine_threadsafe`'],
      ['A paragraph.', undefined],
    ]);
    // A Git option's next paragraph, not under its own signature, is not taken for its description.
    expect(sentencesOf('-q::\n\tSuppress all output.\n\nThe next paragraph.').at(-1)?.term).toBeUndefined();
  });

  it("reads a line of the chunk's heading path as its heading, though it is long and ends with a period", () => {
    const title = 'Microstructural development of human newborn cerebral white matter assessed in vivo by diffusion tensor imaging.';
    const passage = `${title}\n\nAlterations of the architecture of cerebral white matter can affect cortical development. A line scan sequence was applied.`;
    expect(sentencesOf(passage, [title]).map((s) => [s.text, s.heading])).toEqual([
      ['Alterations of the architecture of cerebral white matter can affect cortical development.', title],
      ['A line scan sequence was applied.', title],
    ]);
    expect(sentencesOf(passage).map((s) => s.text)[0]).toBe(title);
  });

  it('gives the entry a chunk continues (its last heading) to the sentences before its own next term', () => {
    const passage = 'The protection it offers over `--force` is that changes are not clobbered.\n+\nIt is safer.\n\n-q::\n\tSuppress all output.\n\tNothing is printed.';
    const sentences = sentencesOf(passage, ['git-push(1)', 'OPTIONS', entryHeading(['--force-with-lease', '--force-with-lease=<refname>'])]);
    expect(sentences.map((sentence) => [sentence.text.slice(0, 20), sentence.term])).toEqual([
      ['The protection it of', '`--force-with-lease`, `--force-with-lease=<refname>`'],
      ['It is safer.', '`--force-with-lease`, `--force-with-lease=<refname>`'],
      ['`-q`: Suppress all o', undefined],
      ['Nothing is printed.', '`-q`'],
    ]);
    expect(sentencesOf(passage, ['git-push(1)', 'OPTIONS'])[0]?.term).toBeUndefined();
  });

  it("reads a chunk's first line that closes a parenthesis it did not open (a signature the chunk cut) as no heading, so the entry's term goes on", () => {
    const passage = "dialect='excel', *args, **kwds)\n\n   Create an object that operates like a regular reader.";
    const sentences = sentencesOf(passage, ['csv', entryHeading(['DictReader'])]);
    expect(sentences.at(-1)).toMatchObject({ text: 'Create an object that operates like a regular reader.', term: '`DictReader`' });
    expect(sentencesOf('Options (see below)\n\nEach option is read once.')[0]).toMatchObject({ heading: 'Options (see below)' });
  });
});

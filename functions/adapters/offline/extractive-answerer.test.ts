import { describe, expect, it } from 'vitest';
import type { Passage } from '../../contracts/ports/passage';
import { NOTHING_RELEVANT } from '../../domain/answering/answer-texts';
import { entryHeading } from '../../domain/chunking/entry-terms';
import { answerKindTerms, createExtractiveAnswerer, EXTRACTIVE_MODEL, extractAnswer } from './extractive-answerer';

const passage = (documentId: string, name: string, text: string, score: number): Passage => ({
  documentId,
  name,
  knowledgeBaseId: 'kb_handbook',
  snippet: text.slice(0, 300),
  text,
  score,
  sourceType: 'file',
});

/** A small fixed corpus: four documents of a company handbook, as retrieval would hand them over. */
const REFUNDS = passage(
  'fil_refunds',
  'refunds.md',
  `# Refund policy
Customers can ask for a refund within 30 days of delivery. Refunds are paid back to the original card
within 5 business days of approval.
Digital goods cannot be refunded once they have been downloaded.
Gift cards are never refundable.`,
  0.91,
);
const SHIPPING = passage(
  'fil_shipping',
  'shipping.pdf',
  `Shipping
Orders placed before 2 pm ship the same day. Standard shipping takes 3 to 5 business days inside the EU.
Express shipping costs 15 euros and arrives the next business day.
We do not ship to post office boxes.`,
  0.74,
);
const SECURITY = passage(
  'fil_security',
  'security.docx',
  `Account security
Passwords must be at least 12 characters long and are rotated every 90 days.
To reset a forgotten password, open the sign-in page and choose "Forgot password"; a reset link is
emailed to you and expires after one hour.
Two-factor authentication is mandatory for administrators.`,
  0.66,
);
const OFFICE = passage(
  'fil_office',
  'office.txt',
  `The Lisbon office is open Monday to Friday from 8:00 to 18:00. Visitors sign in at the reception on the
ground floor. Parking is available in the garage under the building for employees only.`,
  0.52,
);
const CORPUS = [REFUNDS, SHIPPING, SECURITY, OFFICE];

function answer(question: string, passages = CORPUS, history: Array<{ sender: 'user' | 'assistant'; text: string }> = []) {
  const result = extractAnswer({ question, history, passages });
  return { ...result, cited: result.citedPassageIndexes.map((index) => passages[index]?.documentId) };
}

describe('the extractive answerer over a fixed corpus', () => {
  it.each([
    ['How many days do I have to ask for a refund?', 'fil_refunds', 'Customers can ask for a refund within 30 days of delivery.'],
    ['Can digital goods be refunded after downloading them?', 'fil_refunds', 'Digital goods cannot be refunded once they have been downloaded.'],
    ['How much does express shipping cost?', 'fil_shipping', 'Express shipping costs 15 euros and arrives the next business day.'],
    ['Do you ship to PO boxes or post office boxes?', 'fil_shipping', 'We do not ship to post office boxes.'],
    ['How do I reset my forgotten password?', 'fil_security', 'To reset a forgotten password, open the sign-in page and choose "Forgot password"; a reset link is emailed to you and expires after one hour.'],
    ['How long must passwords be?', 'fil_security', 'Passwords must be at least 12 characters long and are rotated every 90 days.'],
    ['When is the Lisbon office open?', 'fil_office', 'The Lisbon office is open Monday to Friday from 8:00 to 18:00.'],
    ['Is two-factor authentication required for administrators?', 'fil_security', 'Two-factor authentication is mandatory for administrators.'],
  ])('%s → the right sentence, citing its passage first', (question, documentId, sentence) => {
    const result = answer(question);
    expect(result.cited[0]).toBe(documentId);
    const firstParagraph = result.text.split('\n\n')[0] as string;
    expect(firstParagraph).toContain(sentence);
    expect(firstParagraph.endsWith(`[${CORPUS.findIndex((each) => each.documentId === documentId) + 1}]`)).toBe(true);
  });

  it('joins wrapped lines back into one sentence', () => {
    expect(answer('How quickly are refunds paid back to my card?').text).toContain('Refunds are paid back to the original card within 5 business days of approval.');
  });

  it('quotes at most three sentences, and cites only the passages it quotes', () => {
    const result = answer('What are the shipping times and costs?');
    const quoted = result.text.split(/(?<=[.!?])\s+(?=[A-Z])|\n\n/).filter((part) => !/^\[\d+\]$/.test(part.trim()));
    expect(quoted.length).toBeLessThanOrEqual(3);
    expect(result.cited).toEqual(['fil_shipping']);
    expect(result.text).toMatch(/\[2\]$/);
  });

  it('quotes up to five sentences that each say something more of the question', () => {
    const settings = passage(
      'fil_cache',
      'cache.md',
      [
        '## TIMEOUT', '', 'The cache timeout is the number of seconds an entry stays fresh.', '',
        '## KEY_PREFIX', '', 'The cache key prefix is put before every key the site writes.', '',
        '## VERSION', '', 'The cache version number is added to every key by default.', '',
        '## LOCATION', '', 'The cache backend location names the server or directory to use.', '',
        '## MAX_ENTRIES', '', 'The cache max entries value caps how many entries are kept.',
      ].join('\n'),
      0.9,
    );
    const text = answer('What do the cache timeout, key prefix, version number, backend location and max entries settings mean?', [settings]).text;
    for (const said of ['number of seconds', 'before every key', 'added to every key', 'names the server', 'caps how many']) expect(text).toContain(said);
  });

  it('says plainly when nothing is relevant, and cites nothing', () => {
    for (const question of ['What is the capital of Mongolia?', 'hello', '?', 'What is your favourite colour?']) {
      const result = answer(question);
      expect(result).toMatchObject({ text: NOTHING_RELEVANT, citedPassageIndexes: [] });
    }
    expect(answer('How much does express shipping cost?', [])).toMatchObject({ text: NOTHING_RELEVANT, citedPassageIndexes: [] });
  });

  it("answers from passages whose topic words are in every sentence, though the question's verb is not in them", () => {
    const distances = passage(
      'fil_distance',
      'mts_distance.md',
      `# Calculate distances from locations to a location of interest
This function uses the geodist package to return the distances (meters) between mts locations and a location of interest.
These distances can be used to create a mask identifying monitors within a certain radius of the location of interest.`,
      0.8,
    );
    const result = answer('How do I compute the distance from a location to each device?', [distances]);
    expect(result.cited).toEqual(['fil_distance']);
    expect(result.text).toContain('This function uses the geodist package to return the distances (meters) between mts locations and a location of interest.');
    // One shared everyday word is still not an answer.
    expect(answer('Who won the world cup in 2018?', [distances])).toMatchObject({ text: NOTHING_RELEVANT });
  });

  it("reads a chunk's section headings, which the chunker keeps out of its text, as the heading of its sentences", () => {
    const naming = passage('fil_style', 'handbook.md', 'Naming variables is one of the most important things to get right. Use lowerCamelCase for functions.', 0.8);
    const syntax = passage('fil_syntax', 'syntax.md', 'Indent with two spaces and never use tabs.', 0.7);
    const question = 'What naming conventions does the developer style guide recommend?';
    expect(extractAnswer({ question, history: [], passages: [naming, syntax] })).toEqual({ text: NOTHING_RELEVANT, citedPassageIndexes: [] });
    const underHeadings = { ...naming, headings: ['Developer Style Guide', 'Naming Objects'] };
    const answer = extractAnswer({ question, history: [], passages: [underHeadings, syntax] });
    expect(answer.citedPassageIndexes).toEqual([0]);
    expect(answer.text).toContain('Naming variables is one of the most important things to get right.');
  });

  it('quotes the code a chosen sentence introduces, after its marker, and never quotes code on its own', () => {
    const deploy = passage(
      'fil_deploy',
      'deployment.md',
      'Run Groundwork on one machine with Node.js 20.\n\nTo deploy it to your AWS account, run:\n\n```sh\nnpm run synth\nnpx cdk deploy --all\n```\n\nThe stacks take about ten minutes.',
      0.9,
    );
    const result = answer('How do I deploy it to my AWS account?', [deploy, OFFICE]);
    expect(result.cited).toEqual(['fil_deploy']);
    // The paragraph after the code shares no word with the question or the quoted sentence: another subject.
    expect(result.text).toBe('To deploy it to your AWS account, run: [1]\n```sh\nnpm run synth\nnpx cdk deploy --all\n```');
    // The code's own words ("cdk") speak for the sentence that introduces it.
    expect(answer('How do I deploy with cdk?', [deploy]).text).toContain('npx cdk deploy --all');
    // Code stands right under the sentence that introduces it, before the passage's next sentence.
    const steps = passage('fil_steps', 'steps.md', 'To deploy with cdk, run:\n\n```sh\nnpx cdk deploy\n```\n\nA cdk deploy takes ten minutes.\n\nInvoices are sent monthly by email.', 0.9);
    expect(answer('How do I deploy with cdk?', [steps]).text).toBe('To deploy with cdk, run: [1]\n```sh\nnpx cdk deploy\n```\nA cdk deploy takes ten minutes. [1]');
    // Code with no sentence introducing it is never quoted.
    const bare = passage('fil_bare', 'commands.md', 'Deploy the stacks.\n\n```sh\nnpx cdk deploy --all\n```', 0.9);
    expect(answer('How do I deploy with cdk?', [bare]).text).toBe('Deploy the stacks. [1]');
  });

  it('reads on after a quoted sentence: the rest of its paragraph, and a next paragraph only while it stays on the subject', () => {
    const ignore = passage(
      'fil_ignore',
      'gitignore.txt',
      [
        'Patterns which a user wants Git to ignore in all situations (e.g., backup or temporary files generated by the editor) generally go into a file specified by core.excludesFile in the user\'s config. Its default value is $XDG_CONFIG_HOME/git/ignore.',
        '',
        'Submodules are described elsewhere in this manual.',
      ].join('\n'),
      0.9,
    );
    const text = answer("How do I ignore my editor's backup files in every repository?", [ignore]).text;
    expect(text).toBe("Patterns which a user wants Git to ignore in all situations (e.g., backup or temporary files generated by the editor) generally go into a file specified by core.excludesFile in the user's config. Its default value is $XDG_CONFIG_HOME/git/ignore. [1]");
    const base = passage(
      'fil_base',
      'SubmittingPatches.txt',
      ['In general, always base your work on the oldest branch that your change is relevant to.', '', '* A bugfix should be based on maint in general. If the bug is not present in maint, base it on master.'].join('\n'),
      0.9,
    );
    expect(answer('Which branch should I base a bug fix on?', [base]).text).toContain('A bugfix should be based on maint in general.');
    // A problem stated over three sentences, then its solution: the fourth is still read.
    const race = passage(
      'fil_race',
      'tasks.rst.txt',
      [
        'This is a Django view creating an article object in the database, then passing the primary key to a task.',
        'It uses the transaction.atomic decorator.',
        "There's a race condition if the task starts executing before the transaction has been committed.",
        '',
        'The solution is to use the on_commit callback to launch your Celery task once all transactions have been committed.',
      ].join('\n'),
      0.9,
    );
    expect(answer("My task can't find the database row the Django view created. Why?", [race]).text).toContain('The solution is to use the on_commit callback');
    // A thing stated, then four particulars: the last is still read.
    const retry = passage('fil_retry', 'calling.rst.txt', 'The retry policy is set with the retry_policy argument. It takes a mapping of four keys. Each of the keys is optional. The first ones say how often to retry. The default for interval_max is 0.2 seconds.', 0.9);
    expect(answer('How do I configure the retry policy?', [retry]).text).toContain('The default for interval_max is 0.2 seconds.');
  });

  it('reads on over nothing that does not read as text: a definition term the chunk cut from its description, a lead-in without its code', () => {
    const options = passage('fil_commit', 'git-commit.txt', '--no-edit::\n\tUse the selected commit message without launching an editor.\n\n--amend::', 0.9);
    expect(answer('How do I keep the commit message without launching an editor?', [options]).text).toBe('`--no-edit`: Use the selected commit message without launching an editor. [1]');
    const bisect = passage('fil_bisect', 'git-bisect.txt', 'You can manually select a nearby commit and test that one instead when a commit cannot be tested. For example:', 0.9);
    expect(answer('What if a commit cannot be tested?', [bisect]).text).toBe('You can manually select a nearby commit and test that one instead when a commit cannot be tested. [1]');
  });

  it('never answers with a sentence that holds only one word of a longer question, however rare that word is among the passages', () => {
    const upgrading = passage('fil_upgrading', 'upgrading.md', 'If you are not using the data router you can skip this step. Update your imports to the new package.', 0.9);
    const revalidation = passage(
      'fil_revalidation',
      'revalidation.md',
      [
        'Revalidation keeps the page in sync with the server.',
        'After an action completes, every loader of the page revalidates.',
        'Revalidation after an action can be costly when loaders are slow.',
        'Return false from shouldRevalidate to keep a route from revalidation after an action.',
      ].join(' '),
      0.85,
    );
    const result = answer('How do I skip revalidation after an action?', [upgrading, revalidation]);
    expect(result.cited).toEqual(['fil_revalidation']);
    expect(result.text).not.toContain('skip this step');
  });

  it('quotes the list a chosen sentence introduces right under it, each item once', () => {
    const indexes = passage('fil_indexes', 'dynamodb.md', 'DynamoDB supports two types of secondary indexes:\n\n- Global secondary index - keys that differ from the table. It spans all partitions.\n- Local secondary index - the same partition key.', 0.9);
    const result = answer('Which types of secondary indexes does DynamoDB support?', [indexes]);
    expect(result.text).toBe(
      'DynamoDB supports two types of secondary indexes: [1]\n- Global secondary index - keys that differ from the table. It spans all partitions.\n- Local secondary index - the same partition key.',
    );
  });

  it('prefers a whole sentence to the end of one cut at the start of a chunk', () => {
    const cut = passage('fil_theme_a', 'theme.md', 'also enable dark mode for the background of the app. Colours follow the palette.', 0.9);
    const whole = passage('fil_theme_b', 'baseline.md', 'Adding the baseline component will enable dark mode for the background of the page.', 0.88);
    expect(answer('How do I enable dark mode for the background?', [cut, whole]).cited[0]).toBe('fil_theme_b');
  });

  it('lets a short follow-up borrow the previous question', () => {
    const result = answer('And gift cards?', CORPUS, [
      { sender: 'user', text: 'Can I get a refund?' },
      { sender: 'assistant', text: 'Customers can ask for a refund within 30 days of delivery. [1]' },
    ]);
    expect(result.cited[0]).toBe('fil_refunds');
    expect(result.text).toContain('Gift cards are never refundable.');
  });

  it('is the port, labelled extractive', async () => {
    const reply = await createExtractiveAnswerer().answer({ question: 'How much does express shipping cost?', history: [], passages: CORPUS, model: 'claude-3-sonnet' });
    expect(reply.generator).toEqual({ kind: 'extractive', model: EXTRACTIVE_MODEL });
    expect(reply.citedPassageIndexes).toEqual([1]);
  });
});

describe('issue 17: no loss between retrieval and citations', () => {
  const rebase = passage(
    'fil_rebase',
    'git-rebase.txt',
    'git-rebase(1)\n=============\n\nOPTIONS\n-------\n--autostash::\n--no-autostash::\n\tAutomatically create a temporary stash entry before the operation\n\tbegins, and apply it after the operation ends.\n',
    0.82,
  );
  const stash = passage('fil_stash', 'git-stash.txt', 'Use git stash when you want to record the current state of the working directory and the index, but want to go back to a clean working directory. A stash entry is a local change.', 0.78);

  it('quotes the first passage although no sentence covers the question well, first, with its marker', () => {
    const result = answer('rebase with uncommitted changes stash automatically', [rebase, stash]);
    expect(result.text).not.toBe(NOTHING_RELEVANT);
    expect(result.cited[0]).toBe('fil_rebase');
    expect(result.text.split('\n\n')[0]).toBe('`--autostash`, `--no-autostash`: Automatically create a temporary stash entry before the operation begins, and apply it after the operation ends. [1]');
  });

  it("quotes retrieval's first page when its best sentence comes near a later page's, first", () => {
    const maint = passage('fil_patches', 'SubmittingPatches.txt', 'A bugfix should be based on `maint` in general. If the bug is not present in `maint`, base it on `master`.', 0.8);
    const threads = passage('fil_format', 'git-format-patch.txt', 'If you want `git format-patch` to take care of threading, you will want to ensure that threading is disabled for `git send-email`.', 0.79);
    const result = answer('I want to send a bug fix to the Git project itself. Which branch should I base my patch on?', [maint, threads]);
    expect(result.cited[0]).toBe('fil_patches');
    expect(result.text.split('\n\n')[0]).toContain('base it on `master`. [1]');
  });

  it("quotes retrieval's first page alone when its sentence says what a later page's best one does", () => {
    const whole = passage('fil_sql', 'sql.rst', 'Composition\n\nThe module composes queries. Objects are safe. Strings are quoted. Names are escaped. If part of your query is a variable sequence of field names, you can use the `SQL.join()` method to pass them to the query.', 0.8);
    const cut = passage('fil_sql', 'sql.rst', '`SQL.join()` method to pass a list of field names to the query.', 0.78);
    const result = answer('How do I pass a list of field names to the query with SQL.join()?', [whole, cut]);
    expect(result.text).toContain('you can use the `SQL.join()` method to pass them to the query. [1]');
    expect(result.text).not.toContain('method to pass a list of field names');
  });

  it('brings no sentence the chunker cut the start off as the one a quoted sentence points back at', () => {
    const completer = passage('fil_h5py', 'config.rst', 'is to do the following in an IPython session::\n\n    In [1]: import h5py\n\nIt is also possible to add the completer to the extensions in your ipython config file.', 0.8);
    const result = answer('How do I add the completer to my ipython config file?', [completer]);
    expect(result.text).toContain('It is also possible to add the completer to the extensions in your ipython config file. [1]');
    expect(result.text).not.toContain('is to do the following');
  });

  it("keeps what looks like a tag in a page read out of HTML, where it is the page's text, and drops it from Markdown", () => {
    const text = '`fs.readFile(path)`\n\n- `path` <string> | <Buffer> | <URL> The file to read, by name or URL.';
    expect(answer('How do I read a file by name or URL?', [passage('fil_fs', 'fs.html', text, 0.8)]).text).toContain('<string> | <Buffer> | <URL> The file to read');
    expect(answer('How do I read a file by name or URL?', [passage('fil_fs', 'fs.md', text, 0.8)]).text).not.toContain('<Buffer>');
  });

  it('quotes table rows as lines of their own, cells parted, and the prose after them apart', () => {
    const keys = passage('fil_keys', 'readline.md', '| Keystrokes | Action | Notes |\n|---|---|---|\n| Ctrl+Z | Moves the running process into the background. | Does not work on Windows |\n| Ctrl+W | Deletes backward to a word boundary. | |\n\nThe process is moved into the background until it is resumed.', 0.8);
    const result = answer('Which keystroke moves the running process into the background?', [keys]);
    expect(result.text).toContain('- Ctrl+Z | Moves the running process into the background. | Does not work on Windows');
    expect(result.text).not.toMatch(/Windows Ctrl\+W/);
  });

  it('quotes list items chosen without their introduction as items, not run together as one sentence', () => {
    const uses = passage('fil_diag', 'diagnostics.md', 'The channel publishes pending requests.\n\n- Verifying that request deduplication works as expected\n- Monitoring the number of concurrent in-flight requests\n- Debugging deduplication behavior in production environments', 0.8);
    const result = answer('How do I monitor in-flight requests and debug deduplication in production?', [uses]);
    expect(result.text).toMatch(/^- Monitoring the number of concurrent in-flight requests\n- Debugging deduplication behavior in production environments \[1\]/m);
  });

  it('says nothing relevant when the passages hold next to none of the question\'s words, whatever their score', () => {
    const strong = [{ ...rebase, score: 0.95 }, { ...stash, score: 0.9 }];
    expect(answer('Where do visitors park their cars at the Lisbon office?', strong)).toMatchObject({ text: NOTHING_RELEVANT, citedPassageIndexes: [] });
    expect(answer('Where do visitors park at the office?', [])).toMatchObject({ text: NOTHING_RELEVANT, citedPassageIndexes: [] });
  });

  it('answers from a document of short lines by quoting the matching lines under their heading', () => {
    const slide = passage('fil_deck', 'q3-review.pptx', 'Quarterly revenue by region\nEurope 4.2 million\nAsia 3.1 million\nAmericas 5.0 million', 0.7);
    const result = answer('What was the quarterly revenue in Asia?', [slide]);
    expect(result.cited).toEqual(['fil_deck']);
    expect(result.text).toContain('Quarterly revenue by region [1]\n- Asia 3.1 million');
  });

  it('quotes the sentence that answers, with its range whole', () => {
    const summary = passage('fil_311', 'whatsnew-3.11.txt', 'Summary\n-------\n\nPython 3.11 is between 10-60% faster than Python 3.10. On average, we measured a 1.25x speedup on the standard benchmark suite.', 0.7);
    const startup = passage('fil_startup', 'whatsnew-3.11.txt', 'Faster Startup\n--------------\n\nTogether with deep-frozen code objects, this results in a 10-15% faster startup in Python 3.11.', 0.7);
    const result = answer('How much faster is 3.11?', [startup, summary]);
    expect(result.text).toContain('Python 3.11 is between 10-60% faster than Python 3.10.');
  });

  it('does not take the "10" of "10-15%" for the 3.10 a question names', () => {
    const faster = {
      ...passage('fil_311', 'whatsnew-3.11.txt', 'Faster CPython\n==============\n\nCPython 3.11 is on average 25% faster than CPython 3.10 when measured with the\npyperformance benchmark suite. Depending on your workload, the speedup\ncould be up to 10-60% faster.\n', 0.8),
      following: '\nFaster Startup\n--------------\n\nInterpreter startup is now 10-15% faster in Python 3.11. This has a big\nimpact for short-running programs using Python.\n',
    };
    const result = answer('How much faster is Python 3.11 compared with 3.10?', [faster]);
    expect(result.text.startsWith('CPython 3.11 is on average 25% faster than CPython 3.10')).toBe(true);
  });

  it('quotes the sentence before one that points back at it', () => {
    const notes = passage('fil_311', 'whatsnew-3.11.txt', 'The add_note() method is added to BaseException. It can be used to enrich exceptions with context information that is not available at the time when the exception is raised.', 0.8);
    const result = answer('How can I enrich an exception with context information once it was raised?', [notes]);
    expect(result.text).toContain('The add_note() method is added to BaseException. It can be used to enrich exceptions');
    // Also when the page is hard-wrapped where the first sentence ends (reST), and not across a blank line.
    const wrapped = passage('fil_311', 'whatsnew-3.11.txt', 'The add_note() method is added to BaseException.\nIt can be used to enrich exceptions with context information\nthat is not available at the time when the exception is raised.', 0.8);
    expect(answer('How can I enrich an exception with context information once it was raised?', [wrapped]).text).toContain('The add_note() method is added to BaseException. It can be used');
    const apart = { ...wrapped, text: wrapped.text.replace('BaseException.\n', 'BaseException.\n\n') };
    expect(answer('How can I enrich an exception with context information once it was raised?', [apart]).text).not.toContain('The add_note() method');
  });

  it('quotes the sentence an antecedent points back at too', () => {
    const queries = passage('fil_faq', 'faq-models.txt', '`connection.queries` is only available if DEBUG is `True`.\nIt is a list of dictionaries in order of query execution. Each dictionary has\nthe following:\n\n```\nsql -- The raw SQL statement\ntime -- How long the statement took to execute, in seconds.\n```\n', 0.8);
    const result = answer('How can I see the raw SQL statements that were executed and how long each took?', [queries]);
    expect(result.text).toContain('`connection.queries` is only available if DEBUG is `True`. It is a list of dictionaries');
  });

  it("quotes the sentence before one in its paragraph that shares the question's words: a paragraph states its subject first", () => {
    const rate = passage('fil_tasks', 'tasks.rst', 'Note that this is a *per worker instance* limit, and not a\nglobal one. To enforce a global rate limit (e.g., for an API with a\nmaximum number of requests per second), you must restrict to a given queue.\n\nThe hard time limit, in seconds, for this task.', 0.8);
    const question = 'Is the rate limit enforced across the whole cluster?';
    expect(answer(question, [rate]).text).toContain('Note that this is a *per worker instance* limit, and not a global one. To enforce a global rate limit');
    // Not across a blank line, nor a sentence that shares no word of the question.
    const apart = { ...rate, text: rate.text.replace('global one. ', 'global one.\n\n') };
    expect(answer(question, [apart]).text).not.toContain('per worker instance');
    const unrelated = { ...rate, text: rate.text.replace('Note that this is a *per worker instance* limit, and not a\nglobal one.', 'Workers read their settings when they start.') };
    expect(answer(question, [unrelated]).text).not.toContain('Workers read');
  });

  it("answers with a section's example when the section opens with it, and counts no lead-in quoted with its code as a fragment", () => {
    const ed25519 = passage('fil_ed25519', 'ed25519.rst', ['Signing & Verification', '~~~~~~~~~~~~~~~~~~~~~~', '', '.. doctest::', '', '    >>> private_key = Ed25519PrivateKey.generate()', '    >>> signature = private_key.sign(b"my message")', '    >>> private_key.public_key().verify(signature, b"my message")'].join('\n'), 0.9);
    const vectors = passage('fil_vectors', 'test-vectors.rst', 'Ed25519 private key and corresponding public key, with a message signed by it, in plain format.', 0.85);
    const result = answer('How do I sign and verify a message with Ed25519?', [ed25519, vectors]);
    expect(result.text.startsWith('Signing & Verification: [1]\n```pycon\n>>> private_key = Ed25519PrivateKey.generate()')).toBe(true);
    // "For example:" with its code is no fragment either; "and run it:", the end of a sentence, is.
    const example = passage('fil_guide', 'guide.rst', 'Tokens expire.\n\nFor example::\n\n    token = Fernet(key).encrypt_at_time(b"message", current_time=0)\n', 0.9);
    const note = passage('fil_note', 'note.rst', 'Every message is encrypted with the key before it is sent.', 0.88);
    expect(answer('How do I encrypt a message at a given time?', [example, note]).text.startsWith('For example: [1]')).toBe(true);
    const cut = { ...example, text: example.text.replace('For example::', 'and run it::') };
    expect(answer('How do I encrypt a message at a given time?', [cut, note]).text.startsWith('and run it')).toBe(false);
  });

  it('prefers the sentence that writes the name in code the question writes', () => {
    const proxies = passage('fil_proxy', 'proxy.rst', 'An association proxy returns a list.\n\nMappings are kept apart from it.\n\nThe `association_proxy()` returns a list.', 0.9);
    const result = answer('What does association_proxy return?', [proxies]);
    expect(result.text).toBe('The `association_proxy()` returns a list. [1]');
  });

  it('quotes from at most three passages', () => {
    const passages = ['a', 'b', 'c', 'd'].map((id, n) => passage(`fil_${id}`, `${id}.md`, `Backups of the ${id} cluster run nightly and are kept for ${n + 7} days.`, 0.8 - n / 100));
    const result = answer('How long are nightly backups kept?', passages);
    expect(result.text.split('\n\n')[0]?.match(/\[\d\]/g)?.length).toBeLessThanOrEqual(3);
  });

  it('names the term a quoted sentence of a definition describes', () => {
    const status = passage('fil_status', 'git-status.txt', 'OPTIONS\n-------\n--porcelain[=<version>]::\n\tGive the output in an easy-to-parse format for scripts.\n\tThis is similar to the short output, but will remain stable\n\tacross Git versions and regardless of user configuration.\n', 0.7);
    const result = answer('Which output format stays stable across Git versions for scripts parsing it?', [status]);
    expect(result.text).toMatch(/^`--porcelain\[=<version>\]`: /);
    expect(result.text).toContain('will remain stable across Git versions and regardless of user configuration.');
  });

  it('names the entry a chunk continues once, before the first sentence it quotes of it', () => {
    const push = {
      ...passage('fil_push', 'git-push.txt', 'fetch origin` on your repository in a cronjob.\n+\nThe protection it offers over `--force` is that a teammate\'s pushed commits are not clobbered by your force push.\nIt first checks the remote ref against your remote-tracking branch before the push.\n', 0.8),
      headings: ['git-push(1)', 'OPTIONS', entryHeading(['--force-with-lease'])],
    };
    const result = answer("How do I force push without clobbering a teammate's commits?", [push]);
    expect(result.text).toMatch(/^`--force-with-lease`: /);
    expect(result.text).toContain('The protection it offers');
    expect(result.text).toContain('It first checks the remote ref');
    expect(result.text.match(/--force-with-lease/g)).toHaveLength(1);
  });

  it("reads on past the chunk into the text that follows it, and quotes it under the passage's marker", () => {
    const pull = {
      ...passage('fil_pull', 'git-pull.txt', '--rebase::\n\tWhen true, rebase the current branch on top of the upstream branch after fetching.', 0.8),
      following: '\n\tSee `pull.rebase` in git-config(1) if you want to make git pull always rebase instead of merging.\n',
    };
    const result = answer('How do I make git pull always rebase instead of merging, without typing an option every time?', [pull]);
    expect(result.cited).toEqual(['fil_pull']);
    expect(result.text).toContain('`pull.rebase`');
    expect(result.text).toMatch(/instead of merging\. \[1\]/);
    // Without the following text, the chunk alone does not name the setting.
    expect(answer('How do I make git pull always rebase instead of merging, without typing an option every time?', [{ ...pull, following: undefined }]).text).not.toContain('pull.rebase');
  });
});

describe('reading what a reference page needs around the best sentence', () => {
  it("reads the first document's next-best passage alongside its best, under that passage's headings, and cites it by the same marker", () => {
    const stash = {
      ...passage('fil_stash', 'git-stash.txt', 'The new stash entry records the modified states only for the files that match the pathspec. The working tree files are then rolled back.', 0.85),
      headings: ['git-stash(1)', 'OPTIONS', '<pathspec>'],
    };
    const alongside = { text: 'When used with the push command, all untracked files are also stashed and then cleaned up with git clean.', headings: ['git-stash(1)', 'OPTIONS', '-u, --include-untracked'] };
    const status = passage('fil_status', 'git-status.txt', 'Untracked files are shown in the status output unless hidden.', 0.8);
    const question = 'git stash leaves my brand-new files in the working tree. How do I stash untracked files too?';
    const read = answer(question, [{ ...stash, alongside: [alongside] }, status]);
    expect(read.text).toContain('all untracked files are also stashed and then cleaned up with git clean. [1]');
    expect(read.cited[0]).toBe('fil_stash');
    expect(answer(question, [stash, status]).text).not.toContain('also stashed');
  });

  it('quotes the sentence before one that introduces code when it names what the code shows', () => {
    const merge = passage(
      'fil_merge',
      'git-merge.txt',
      'An alternative style can be used by setting the "merge.conflictStyle" configuration variable to "diff3". In "diff3" style, the conflict shows the common ancestor too:\n\n```\n<<<<<<< yours\nours\n||||||| base\ncommon ancestor\n=======\ntheirs\n>>>>>>> theirs\n```\n',
      0.85,
    );
    const result = answer('When a merge conflicts, how can I also see the common ancestor between the markers?', [merge]);
    expect(result.text).toContain('In "diff3" style');
    expect(result.text).toContain('merge.conflictStyle');
  });

  it('reads a chunk that starts inside a code block as code (its opening), never quoting the code as a sentence', () => {
    const code = {
      ...passage('fil_asyncio', 'asyncio-eventloop.rst.txt', "pool, blocking_io)\n          print('custom thread pool', result)\n\n      asyncio.run(main())\n\nThe loop runs the pool until the blocking call returns.", 0.8),
      opening: '   ::\n\n       ',
    };
    const question = 'How do I print the result of a function run in a custom thread pool?';
    expect(answer(question, [code]).text).toBe('The loop runs the pool until the blocking call returns. [1]');
    expect(answer(question, [{ ...code, opening: undefined }]).text).toContain("print('custom thread pool'");
  });

  it("leaves out the cut first sentence of the alongside passage and what the passage's following text already holds", () => {
    const sorting = {
      ...passage('fil_sorting', 'sorting.rst', 'To sort the records by age, pass a key function that returns the age.', 0.85),
      following: ' The sort is stable, so records of the same age keep their order.',
    };
    const alongside = { text: 'and then sort again by age. The sort is stable, so records of the same age keep their order.', headings: ['Sorting'] };
    const read = answer('How do I sort records by age and keep the order of equal ages?', [{ ...sorting, alongside: [alongside] }]);
    expect(read.text).not.toContain('and then sort again');
    expect(read.text.match(/The sort is stable/g)).toHaveLength(1);
  });

  it("quotes a sentence two overlapping chunks of a page both hold once, under the first one's marker", () => {
    const first = passage('fil_json', 'json.rst', 'To write a dictionary to a JSON file, call json.dump with indent set. This simple technique handles lists and dictionaries in a JSON file.', 0.9);
    const next = passage('fil_json', 'json.rst', 'Use utf-8 encoding when writing a JSON file. This simple technique handles lists and dictionaries in a JSON file.', 0.88);
    const read = answer('How do I write a dictionary to a JSON file with indent, in utf-8?', [first, next]);
    expect(read.text.match(/This simple technique/g)).toHaveLength(1);
    expect(read.text).toContain('Use utf-8 encoding when writing a JSON file. [2]');
  });

  it('answers a question about an operator by its spelling', () => {
    const remainder = passage('fil_expressions', 'expressions.rst', 'The `%` (modulo) operator yields the remainder from the division of the first argument by the second operator argument.', 0.9);
    const walrus = passage('fil_whatsnew', '3.8.rst', 'There is new syntax `:=` that assigns values to variables as part of a larger expression.', 0.8);
    expect(answer('What does the := operator do?', [remainder, walrus]).text).toContain('There is new syntax `:=` that assigns values to variables as part of a larger expression. [2]');
  });

  it('marks the text left out between two sentences it quotes from one passage', () => {
    const refunds = passage('fil_refunds', 'refunds.md', 'Refunds of orders are paid back within 5 days of approval.\n\nShipping is free above 50 euros. Parcels are sent by post. Returns are collected at your door.\n\nVouchers are sold online and in shops. Refunds are never paid for gift cards once they are used.', 0.9);
    expect(answer('How fast are refunds paid back, and are they paid for gift cards?', [refunds]).text).toBe('Refunds of orders are paid back within 5 days of approval. … Refunds are never paid for gift cards once they are used. [1]');
  });

  it('never quotes a lead-in without the code or list it introduces (the chunk cut them off)', () => {
    const errors = passage('fil_whatsnew', '3.11.rst', 'Tracebacks now point to the exact expression that failed in an error.', 0.9);
    const more = passage('fil_tutorial', 'errors.rst', 'As well as complex arithmetic expressions that failed in tracebacks:', 0.85);
    expect(answer('Where do tracebacks point in an expression that failed?', [errors, more]).text).toBe('Tracebacks now point to the exact expression that failed in an error. [1]');
  });

  it('quotes a sentence that speaks of the example before it ("This would make…") with the example and the sentence that introduces it', () => {
    const collection = passage('fil_collection', 'pythoncollection.rst', ['Here is an example:', '', '```ini', '[pytest]', 'python_files = check_*.py', '```', '', 'This would make pytest look for tests in files that match the check pattern.'].join('\n'), 0.9);
    expect(answer('My test files are named check_something.py. How do I make pytest look for tests in them?', [collection]).text).toBe(
      ['Here is an example: [1]', '```ini', '[pytest]', 'python_files = check_*.py', '```', 'This would make pytest look for tests in files that match the check pattern. [1]'].join('\n'),
    );
  });

  it("quotes the entries of a command's help output the passage starts inside of as one code block under its heading", () => {
    const help = { ...passage('fil_reference', 'reference.rst', ['      --trace               Immediately break when running each test', '      --pdb                 Start the interactive Python debugger on errors or', '                            KeyboardInterrupt', '      -x, --exitfirst       Exit instantly on first error or failed test'].join('\n'), 0.9), opening: '::\n\n', headings: ['Command-line Flags'] };
    expect(answer('How do I start the Python debugger on errors?', [help]).text).toBe(
      ['Command-line Flags [1]:', '```', '--pdb                 Start the interactive Python debugger on errors or', '                      KeyboardInterrupt', '```'].join('\n'),
    );
    // Code cut the same way is not quoted by its lines: no sentence says what it shows.
    const code = { ...help, text: ['    def test_debugger(pdb):', '        start_python_debugger(on_errors=True)'].join('\n') };
    expect(answer('How do I start the Python debugger on errors?', [code]).text).not.toContain('start_python_debugger');
  });

  it('quotes an example whose code holds the question\'s words beside a sentence that writes them', () => {
    const guide = passage('fil_guide', 'reshaping.txt', 'Ages can be put into bins of any width by hand, one value at a time, then counted.\n\nThe result is a table.', 0.9);
    const cut = passage('fil_cut', 'binning.txt', 'Alternatively we can specify custom edges:\n\n```python\nc = pd.cut(ages, bins=[0, 18, 65])\n```', 0.8);
    const result = extractAnswer({ question: 'How do I put ages into bins?', history: [], passages: [guide, cut] });
    expect(result.text).toContain('pd.cut(ages, bins=[0, 18, 65])');
  });

  it("quotes a lead-in whose code says a word of the question the quotes so far do not", () => {
    const guide = passage('fil_guide', 'usage.txt', 'Each test command prints a summary line.\n\nPlugins add their own hooks to it.\n\nRun the command like this:\n\n```\n$ pytest --collect-only\n```\n', 0.9);
    const result = extractAnswer({ question: 'Which test command lists what would be collected?', history: [], passages: [guide] });
    expect(result.text).toContain('$ pytest --collect-only');
  });

  it('weighs the kind of answer a "which" question names', () => {
    expect([...answerKindTerms('Which hook should I use?')]).toEqual(['hook']);
    expect([...answerKindTerms('Which environment variables make Git show the traffic?')]).toEqual(['environ', 'variabl']);
    expect([...answerKindTerms('What does the := operator do?')]).toEqual([]);
    const commit = passage('fil_commit', 'git-commit.txt', '`--no-edit`: Use the selected commit message without launching an editor, so the message is used as it is.', 0.85);
    const subject = passage('fil_guide', 'guide.txt', 'Start the commit message with a ticket number taken from the branch name, then describe the change.', 0.83);
    const hooks = passage('fil_hooks', 'githooks.txt', 'The prepare-commit-msg hook runs after the default commit message is prepared and before the editor starts.', 0.8);
    const summary = passage('fil_summary', 'summary.txt', 'A commit message should start with a short summary line; the editor opens on it when you commit.', 0.79);
    const result = answer('I want every commit message to start with a ticket number, filled in before the editor opens. Which hook should I use?', [commit, subject, hooks, summary]);
    expect(result.text).toContain('The prepare-commit-msg hook runs');
  });

  it("answers with an FAQ entry's answer under the heading that asks the question, not with the next entry's question", () => {
    const faq: Passage = {
      ...passage('fil_faq', 'faq.html', 'Try changing the default Accept-Language request header by overriding the DEFAULT_REQUEST_HEADERS setting.', 0.9),
      headings: ['Frequently Asked Questions', 'Why does Scrapy download pages in English instead of my native language?'],
      following: '\n\nWhat is the recommended way to deploy a Scrapy crawler in production?\n\nSee Deploying Spiders.\n\nCan I use Basic HTTP Authentication in my spiders?',
    };
    const cookies = passage('fil_cookies', 'middleware.html', 'The cookies middleware keeps track of cookies sent by web servers and sends them back on later requests, just like web browsers do.', 0.7);
    const result = answer('When I open the site in my browser it is in German, but the pages my crawler downloads come back in English. How do I get the localized version?', [faq, cookies]);
    expect(result.text.split('\n')[0]).toBe('Try changing the default Accept-Language request header by overriding the DEFAULT_REQUEST_HEADERS setting. [1]');
    expect(result.text).not.toContain('recommended way to deploy');
  });

  it("does not take a code example's keywords (raise, except, return, self) for the question's words", () => {
    const retrying: Passage = {
      ...passage(
        'fil_tasks',
        'tasks.rst',
        'Sometimes you just want to retry a task whenever a particular exception is raised.\n\nIf your tasks depend on another service, use exponential backoff. Just specify the `retry_backoff` argument, like this:\n\n```python\nfrom requests.exceptions import RequestException\n\n@app.task(autoretry_for=(RequestException,), retry_backoff=True)\ndef x():\n    ...\n```',
        0.9,
      ),
      alongside: [{ text: "Example re-queuing the message:\n\n```python\nfrom celery.exceptions import Reject\n\n@app.task(bind=True, acks_late=True)\ndef requeues(self):\n    if not self.request.delivery_info['redelivered']:\n        raise Reject('no reason', requeue=True)\n    print('received two times')\n```" }],
    };
    const result = answer('How do I make a task retry by itself whenever it raises a requests exception, waiting longer between each attempt?', [retrying]);
    expect(result.text).not.toContain('Example re-queuing the message');
  });
});

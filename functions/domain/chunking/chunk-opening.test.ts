import { describe, expect, it } from 'vitest';
import { markupAsMarkdown } from './markup-text';
import { chunkOpening, delimitedBlocks, delimitedOpeningAt, enclosingClassAt, literalOpeningAt, moduleAt, moduleDeclarations, cutLineStartAt } from './chunk-opening';

const PAGE = [
  'Intro text.',
  '',
  '.. function:: run(x)',
  '',
  '   Run it.  Example::',
  '',
  '      def f():',
  '          pool.submit(blocking_io)',
  '          print(x)',
  '',
  '   More prose here.',
  '',
  '.. code-block:: python',
  '',
  '   loop.run()',
].join('\n');

describe('enclosingClassAt', () => {
  it("names the class a chunk starting inside its description describes members of, and no class for a chunk that describes none", () => {
    const page = ['.. class:: logging.handlers.WatchedFileHandler(filename)', '', '   Watches the file.', '', '   .. method:: reopenIfNeeded()', '', '      Checks to see if the file has changed.', '', '   .. method:: emit(record)', '', '      Outputs the record to the file.', '', '.. function:: other()', '', '   Not a member.'].join('\n');
    const from = (words: string) => page.slice(page.indexOf(words));
    expect(enclosingClassAt(page, page.indexOf('Checks to see'), from('Checks to see'))).toBe('WatchedFileHandler');
    expect(enclosingClassAt(page, page.indexOf('Not a member'), from('Not a member'))).toBeUndefined();
    expect(chunkOpening('   .. method:: emit(record)', undefined, undefined, undefined, 'WatchedFileHandler')).toBe('.. currentclass:: WatchedFileHandler\n\n');
  });
});

describe('delimitedBlocks', () => {
  it("finds AsciiDoc's delimited blocks, and opens a chunk that starts inside one with its delimiter", () => {
    const page = ['Tracking the trunk:', '', '----', '# Clone a repo:', '\tgit svn clone http://svn.example.com/trunk', '# Commit to SVN:', '\tgit svn dcommit', '----', '', 'A title', '-------', '', 'Text after.'].join('\n');
    const blocks = delimitedBlocks(page);
    expect(blocks).toEqual([{ start: page.indexOf('# Clone'), end: page.indexOf('----\n\nA title'), delimiter: '----' }]);
    expect(delimitedOpeningAt(blocks, page.indexOf('git svn dcommit'))).toBe('----\n');
    expect(delimitedOpeningAt(blocks, page.indexOf('Text after'))).toBeUndefined();
    // Markdown's thematic breaks are no blocks, nor is a block never closed; its fenced blocks are.
    const markdown = `${page}\n\n\`\`\`sh\nnpm test\nnpm start\n\`\`\`\n`;
    expect(delimitedBlocks(markdown)).toEqual([{ start: markdown.indexOf('npm test'), end: markdown.lastIndexOf('```'), delimiter: '```sh' }]);
    expect(delimitedOpeningAt(delimitedBlocks(markdown), markdown.indexOf('npm start'))).toBe('```sh\n');
    expect(delimitedBlocks('Text.\n\n----\n\nMore text.')).toEqual([]);
    expect(delimitedBlocks('Text.\n\n```js\nnever closed\n')).toEqual([]);
  });
});

describe('literalOpeningAt', () => {
  it('opens a chunk that starts inside a literal block with its "::", indented as the introduction, and its first line indented back', () => {
    expect(literalOpeningAt(PAGE, PAGE.indexOf('print(x)'))).toBe(`   ::\n\n${' '.repeat(10)}`);
    expect(literalOpeningAt(PAGE, PAGE.indexOf('blocking_io'))).toBe(`   ::\n\n${' '.repeat(10)}`);
    // A chunk that starts at its line's start holds the indentation itself.
    expect(literalOpeningAt(PAGE, PAGE.indexOf('      def f():'))).toBe('   ::\n\n');
    expect(literalOpeningAt(PAGE, PAGE.indexOf('loop.run()'))).toBe(`::\n\n${' '.repeat(3)}`);
  });

  it('finds the directive of a code block hundreds of lines long (a page of recipes)', () => {
    const recipes = ['.. testcode::', '', ...Array.from({ length: 300 }, (_, at) => `   def recipe_${at}(iterable):\n       return iterable\n`), '   def last(x):', '       return x'].join('\n');
    expect(literalOpeningAt(recipes, recipes.indexOf('return x'))).toBe(`::\n\n${' '.repeat(7)}`);
  });

  it('leaves prose alone: a directive body, a paragraph at the margin, text after the block', () => {
    expect(literalOpeningAt(PAGE, PAGE.indexOf('More prose'))).toBeUndefined();
    expect(literalOpeningAt(PAGE, PAGE.indexOf('Run it'))).toBeUndefined();
    expect(literalOpeningAt(PAGE, PAGE.indexOf('Intro'))).toBeUndefined();
  });
});


describe('the module a chunk describes', () => {
  const page = ['.. module:: tomllib', '', 'Intro.', '', '.. function:: load(fp)', '', '   Read a TOML file.', '', '.. currentmodule:: None', '', '.. function:: other()', ''].join('\n');

  it('is the one declared last before the chunk, none after ".. currentmodule:: None"', () => {
    const declarations = moduleDeclarations(page);
    expect(moduleAt(declarations, page.indexOf('Intro'))).toBe('tomllib');
    expect(moduleAt(declarations, page.indexOf('.. function:: other'))).toBeUndefined();
    expect(moduleAt(declarations, 0)).toBeUndefined();
  });

  it('opens a chunk whose object descriptions it names, before a literal opening, and no other chunk', () => {
    expect(chunkOpening('.. function:: load(fp)\n\n   Read a TOML file.', undefined, 'tomllib')).toBe('.. currentmodule:: tomllib\n\n');
    expect(chunkOpening('.. function:: load(fp)', '::\n\n', 'tomllib')).toBe('.. currentmodule:: tomllib\n\n::\n\n');
    // A method, a dotted name, a chunk declaring its own module, or prose need no module.
    expect(chunkOpening('   .. method:: acquire()', undefined, 'threading')).toBeUndefined();
    expect(chunkOpening('.. function:: os.getenv(key)', undefined, 'os')).toBeUndefined();
    expect(chunkOpening('.. module:: csv\n\n.. class:: reader(f)', undefined, 'csv')).toBeUndefined();
    expect(chunkOpening('Read a TOML file.', undefined, 'tomllib')).toBeUndefined();
  });
});

describe('the start of the line a chunk cut', () => {
  it("gives back the wall a chunk starting inside a grid table's line lacks, and nothing for prose", () => {
    const table = '      +------+------+\n      | *ONE* | Value must be |\n';
    expect(cutLineStartAt(table, table.indexOf('*ONE*'))).toBe('      | ');
    expect(chunkOpening('*ONE* | Value must be |', undefined, undefined, '      | ')).toBe('      | ');
    const prose = 'Some words here and more.';
    expect(cutLineStartAt(prose, prose.indexOf('here'))).toBeUndefined();
    expect(cutLineStartAt(prose, 0)).toBeUndefined();
  });

  it("gives back the indentation of the line a chunk starts on, which says what the line is inside of", () => {
    const item = '#. Start the service:\n\n    .. code-block:: console\n\n        $ celery beat\n\n   Note:  You may also set it.\n';
    expect(cutLineStartAt(item, item.indexOf('.. code-block'))).toBe('    ');
    const chunk = item.slice(item.indexOf('.. code-block'));
    expect(markupAsMarkdown(`${chunkOpening(chunk, undefined, undefined, '    ')}${chunk}`)).toContain('```console\n$ celery beat\n```\n\n   Note:  You may also set it.');
  });
});

import { describe, expect, it } from 'vitest';
import { literalOpeningAt, readsAsRestructuredText } from './literal-opening';

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

describe('literalOpeningAt', () => {
  it('opens a chunk that starts inside a literal block with its "::", indented as the introduction, and its first line indented back', () => {
    expect(literalOpeningAt(PAGE, PAGE.indexOf('print(x)'))).toBe(`   ::\n\n${' '.repeat(10)}`);
    expect(literalOpeningAt(PAGE, PAGE.indexOf('blocking_io'))).toBe(`   ::\n\n${' '.repeat(10)}`);
    // A chunk that starts at its line's start holds the indentation itself.
    expect(literalOpeningAt(PAGE, PAGE.indexOf('      def f():'))).toBe('   ::\n\n');
    expect(literalOpeningAt(PAGE, PAGE.indexOf('loop.run()'))).toBe(`::\n\n${' '.repeat(3)}`);
  });

  it('leaves prose alone: a directive body, a paragraph at the margin, text after the block', () => {
    expect(literalOpeningAt(PAGE, PAGE.indexOf('More prose'))).toBeUndefined();
    expect(literalOpeningAt(PAGE, PAGE.indexOf('Run it'))).toBeUndefined();
    expect(literalOpeningAt(PAGE, PAGE.indexOf('Intro'))).toBeUndefined();
  });
});

describe('readsAsRestructuredText', () => {
  it("tells reST (directives, roles) from AsciiDoc, whose 'Set::' over a blank line is a definition's term", () => {
    expect(readsAsRestructuredText(PAGE)).toBe(true);
    expect(readsAsRestructuredText('Use :func:`zip` here.')).toBe(true);
    expect(readsAsRestructuredText('Set::\n\n\tThe path has the attribute.\n\nlinkgit:git-config[1]')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { markupAsMarkdown } from './markup-text';
import { mystAsMarkdown } from './myst-markup';

describe('mystAsMarkdown', () => {
  it('shows roles as Sphinx does and drops targets', () => {
    expect(mystAsMarkdown('(init)=\n\n## Init\n\nRaises {class}`attrs.exceptions.FrozenInstanceError`; see {func}`evolve <attrs.evolve>` and {ref}`the glossary <glossary>`.')).toBe('\n## Init\n\nRaises `attrs.exceptions.FrozenInstanceError`; see `evolve` and the glossary.');
  });

  it('reads no role in a subscript written with braces ("`x_{i-1}`, `x_{i}`")', () => {
    const text = 'thus using points at `x_{i-1}`,  `x_{i}`,  and `x_{i+1}`, or {math}`x_{i}`.';
    expect(mystAsMarkdown(text)).toBe('thus using points at `x_{i-1}`,  `x_{i}`,  and `x_{i+1}`, or x_{i}.');
  });

  it("reads a note's fence as a note, and a code directive's as code", () => {
    const text = ['Before.', '', ':::{warning}', 'Validators run **after** converters.', '', 'Keep them pure.', ':::', '', '```{doctest}', '>>> C(1)', 'C(x=1)', '```', '', '````{note}', '```{code-block} python', ':caption: example', '', 'x = 1', '```', '````'].join('\n');
    expect(mystAsMarkdown(text)).toBe(['Before.', '', '', 'Warning: Validators run **after** converters.', '', 'Keep them pure.', '', '', '```pycon', '>>> C(1)', 'C(x=1)', '```', '', '', 'Note:', '```python', 'x = 1', '```', ''].join('\n'));
  });

  it("reads a version note's lines as one sentence", () => {
    const text = ['```{versionadded} 1.12', 'The solver now also accepts', 'rational coefficients.', '```'].join('\n');
    expect(mystAsMarkdown(text).trim()).toBe('New in version 1.12: The solver now also accepts rational coefficients.');
  });

  it("shows a session's code without its doctest flags", () => {
    expect(mystAsMarkdown(['```{doctest}', '>>> C(1)  # doctest: +SKIP', 'C(x=1)', '```'].join('\n')).trim()).toBe(['```pycon', '>>> C(1)', 'C(x=1)', '```'].join('\n'));
  });

  it('keeps plain Markdown, its code and what looks like a role inside it, as written', () => {
    const text = 'Plain *text*.\n\n```python\nd = {x}`y`\n```\n';
    expect(mystAsMarkdown(text)).toBe(text);
    expect(markupAsMarkdown('A {class}`Foo` here.')).toBe('A `Foo` here.');
  });

  it('leaves the code a chunk begins inside of as code, and reads the prose after it', () => {
    expect(mystAsMarkdown('>>> C("42")\n(most recent call last)=\n```\n\n(target)=\nCall {func}`attrs.validate` on it.')).toBe('>>> C("42")\n(most recent call last)=\n```\n\nCall `attrs.validate()` on it.');
  });

  it('reads roles after a bare fence, which may close a block the chunk cut, but not in code that names its language', () => {
    expect(mystAsMarkdown('Text.\n```\n\nCall {func}`attrs.validate` on it.\n\n```{doctest}\n>>> 1\n```')).toBe('Text.\n```\n\nCall `attrs.validate()` on it.\n\n```pycon\n>>> 1\n```');
    expect(mystAsMarkdown('```markdown\nWrite {func}`x`.\n```')).toBe('```markdown\nWrite {func}`x`.\n```');
  });

  it("reads Docusaurus' admonitions as notes", () => {
    expect(mystAsMarkdown(':::note\nStatic files go to the `build` folder.\n:::\n\n:::tip[Faster]\nUse the CLI.\n:::')).toBe('\nNote: Static files go to the `build` folder.\n\n\n\nTip: Faster\nUse the CLI.\n');
  });

  it('drops the closing colons of a directive whose opening a chunk cut off, and directives that show nothing', () => {
    expect(mystAsMarkdown('the end of a warning.\n:::\n\n```{toctree}\n:maxdepth: 2\n\nintro\n```\nNext.')).toBe('the end of a warning.\n\nNext.');
  });
});

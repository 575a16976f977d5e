import { describe, expect, it } from 'vitest';
import { extractDocument } from '../extract-document';
import { legacyText, utf8 } from '../../../../test/support/extraction/fixture-builders';

const extract = (text: string) => extractDocument({ bytes: utf8(text), fileName: 'guide.md', mimeType: 'text/markdown' });

describe('markdown', () => {
  it('cuts sections at headings and keeps the heading path', async () => {
    const document = await extract(
      ['Preface text.', '', '# Installation', 'Run the installer.', '', '## On Linux', 'Use apt.', '', '## On macOS', 'Use brew.', '', '# Usage', 'Start it.'].join('\n'),
    );
    expect(document.sections).toEqual([
      { text: 'Preface text.' },
      { text: 'Installation\nRun the installer.', headings: ['Installation'] },
      { text: 'On Linux\nUse apt.', headings: ['Installation', 'On Linux'] },
      { text: 'On macOS\nUse brew.', headings: ['Installation', 'On macOS'] },
      { text: 'Usage\nStart it.', headings: ['Usage'] },
    ]);
    expect(document.metadata.title).toBe('Installation');
  });

  it('reads raw HTML and MDX as a renderer shows them: tags show nothing, their text shows, code is kept', async () => {
    const document = await extract(
      [
        "import Tabs from '@theme/Tabs';",
        '<h1 align="center">Fastify</h1>',
        '',
        '## Install',
        '<a id="install"></a>',
        '',
        'Press <kbd>Ctrl</kbd>+<kbd>C</kbd> to stop it.<br/>Then read <a href="/docs/next">the next guide</a>. <!-- prettier-ignore -->',
        '',
        '<Tabs>',
        '  <TabItem value="npm" label="npm">',
        '',
        '```html',
        '<div id="app"></div>',
        '```',
        '',
        '  </TabItem>',
        '</Tabs>',
        '',
        'Render a `<Link to="/">` element, or `List<String>`.',
        '<!--',
        'TODO: document the yarn setup',
        '-->',
      ].join('\n'),
    );
    expect(document.text).toBe(
      ['Fastify', '', 'Install', '', 'Press Ctrl+C to stop it. Then read the next guide.', '', '```html', '<div id="app"></div>', '```', '', 'Render a `<Link to="/">` element, or `List<String>`.'].join('\n'),
    );
    expect(document.sections.map((section) => section.headings)).toEqual([undefined, ['Install']]);
  });

  it('never takes a # line inside a fenced code block for a heading', async () => {
    const document = await extract(['## Shell', '', '```sh', '# install the tools', 'make install', '```', 'After the code.'].join('\n'));
    expect(document.sections).toHaveLength(1);
    expect(document.sections[0]).toMatchObject({ headings: ['Shell'] });
    expect(document.text).toContain('# install the tools');
  });

  it('knows setext headings and leaves tables and front matter alone', async () => {
    const document = await extract(['---', 'title: Notes', '---', 'Overview', '========', 'Item | Price', '---|---', 'Apples | 1.99', '', 'Details', '-------', 'More.'].join('\n'));
    expect(document.sections.map((section) => section.headings)).toEqual([undefined, ['Overview'], ['Overview', 'Details']]);
    expect(document.text).toContain('Apples | 1.99');
  });

  it("reads front matter's title and description, and drops its other keys", async () => {
    // No level-1 heading of its own: the title heads the whole document, as a site generator shows it.
    const untitled = await extract(['---', 'title: Revalidation Optimization', 'description: Skip reloading routes', 'hidden: true', 'order: 3', '---', '', 'Routes reload after actions.', '', '## Opting out', 'Return false.'].join('\n'));
    expect(untitled.sections).toEqual([
      { text: 'Revalidation Optimization\nSkip reloading routes\n\nRoutes reload after actions.', headings: ['Revalidation Optimization'] },
      { text: 'Opting out\nReturn false.', headings: ['Revalidation Optimization', 'Opting out'] },
    ]);
    expect(untitled.metadata.title).toBe('Revalidation Optimization');
    expect(untitled.text).not.toContain('hidden');

    // With its own level-1 heading, the front matter's title is a preface line.
    const titled = await extract(['---', 'productId: material-ui', "title: 'Media queries in React'", '---', '', '# useMediaQuery', 'A hook.'].join('\n'));
    expect(titled.sections).toEqual([{ text: 'Media queries in React' }, { text: 'useMediaQuery\nA hook.', headings: ['useMediaQuery'] }]);
    expect(titled.metadata.title).toBe('useMediaQuery');
    expect(titled.text).not.toContain('productId');

    // Not a YAML mapping: kept as written.
    const prose = await extract(['---', 'Just a line: between rules, and [not] {yaml', '---', 'Text.'].join('\n'));
    expect(prose.text).toContain('Just a line: between rules, and [not] {yaml');
  });

  it('reads Latin-1 markdown', async () => {
    const document = await extractDocument({ bytes: legacyText('## können\n\näöüß sind Umlaute und das scharfe S', 'windows-1252'), fileName: 'u.md', mimeType: '' });
    expect(document.sections[0]).toEqual({ text: 'können\n\näöüß sind Umlaute und das scharfe S', headings: ['können'] });
  });
});

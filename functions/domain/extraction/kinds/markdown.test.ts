import { describe, expect, it } from 'vitest';
import { extractDocument } from '../extract-document';
import { legacyText, utf8 } from '../fixture-builders';

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

  it('reads Latin-1 markdown', async () => {
    const document = await extractDocument({ bytes: legacyText('## können\n\näöüß sind Umlaute und das scharfe S', 'windows-1252'), fileName: 'u.md', mimeType: '' });
    expect(document.sections[0]).toEqual({ text: 'können\n\näöüß sind Umlaute und das scharfe S', headings: ['können'] });
  });
});

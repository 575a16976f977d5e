import { describe, expect, it } from 'vitest';
import { markupSections } from './markup-sections';
import { extractPlainText } from './plain-text';

describe('markupSections: reST and AsciiDoc uploaded as .txt, cut at their titles (issue 17)', () => {
  it('gives each section of a reST page its heading path, levels in the order the underline styles appear', () => {
    const rest = [
      '****************************',
      "  What's New In Python 3.11",
      '****************************',
      '',
      'Summary',
      '=======',
      '',
      'Python 3.11 is between 10-60% faster than Python 3.10.',
      '',
      'Faster Startup',
      '--------------',
      '',
      'Example::',
      '',
      '    Not a title',
      '    ===========',
      '',
      'Other changes',
      '=============',
      '',
      'None.',
    ].join('\n');
    const sections = markupSections(rest)!;
    expect(sections.map((section) => section.headings)).toEqual([
      ["What's New In Python 3.11"],
      ["What's New In Python 3.11", 'Summary'],
      ["What's New In Python 3.11", 'Summary', 'Faster Startup'],
      ["What's New In Python 3.11", 'Other changes'],
    ]);
    expect(sections[2]?.text).toContain('    Not a title');
    expect(sections.map((section) => section.text).join('\n')).toBe(rest);
  });

  it('reads AsciiDoc titles, one-line or underlined, past anchors, and never a listing block or a line that introduces it', () => {
    const asciidoc = [
      'git-push(1)',
      '===========',
      '',
      'OPTIONS[[OPTIONS]]',
      '-------',
      'Push it like this:',
      '------------',
      '$ git push',
      '------------',
      '',
      '------------',
      'Not a title',
      '------------',
      '',
      '[[remotes]]',
      '== Remotes',
      '',
      'Text.',
    ].join('\n');
    expect(markupSections(asciidoc)?.map((section) => section.headings)).toEqual([['git-push(1)'], ['git-push(1)', 'OPTIONS'], ['git-push(1)', 'Remotes']]);
  });

  it('leaves plain text one section', () => {
    expect(markupSections('Just some notes.\n\nMore notes.')).toBeUndefined();
    expect(extractPlainText(new TextEncoder().encode('Just some notes.')).sections).toEqual([{ text: 'Just some notes.' }]);
    expect(extractPlainText(new TextEncoder().encode('Intro\n=====\n\nA.\n\nUsage\n-----\n\nB.')).sections.map((section) => section.headings)).toEqual([['Intro'], ['Intro', 'Usage']]);
  });
});

describe('markupSections: a manual page saved as text', () => {
  it('cuts at its lines of capitals alone between blank lines, and leaves a text with one such line whole', () => {
    const page = ['git-stash(1) Manual Page', '', 'NAME', '', 'git-stash - Stash the changes away', '', 'SEE ALSO', '', 'git-reset(1)', 'WARNING kept inside a paragraph'].join('\n');
    expect(markupSections(page)).toEqual([
      { text: 'git-stash(1) Manual Page\n' },
      { text: 'NAME\n\ngit-stash - Stash the changes away\n', headings: ['NAME'] },
      { text: 'SEE ALSO\n\ngit-reset(1)\nWARNING kept inside a paragraph', headings: ['SEE ALSO'] },
    ]);
    expect(markupSections('NOTE\n\nOnly one title here.\nAnd GIT in a line.')).toBeUndefined();
  });
});

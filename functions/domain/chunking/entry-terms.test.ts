import { describe, expect, it } from 'vitest';
import { chunkDocument } from './chunk-document';
import { entryHeading, entryTermsAt, termsOfEntryHeading } from './entry-terms';

/** Shaped like git-push.txt's OPTIONS: terms, descriptions, "+" joins, a listing block. */
const OPTIONS = [
  '--force-with-lease::',
  '--force-with-lease=<refname>::',
  '\tUsually, "git push" refuses to update a remote ref that is',
  '\tnot an ancestor of the local ref used to overwrite it.',
  '+',
  'The protection it offers over `--force` is ensuring that subsequent',
  'changes your work was not based on are not clobbered.',
  '+',
  '------------',
  '$ git push --force-with-lease origin topic',
  '------------',
  '+',
  'After the listing the entry goes on.',
  '',
  '-q::',
  '--quiet::',
  '\tSuppress all output.',
  '',
  'EXAMPLES',
  '--------',
  'A paragraph under another title.',
].join('\n');

const at = (phrase: string) => OPTIONS.indexOf(phrase);

describe('entryTermsAt', () => {
  it('names the entry a description, a "+" joined paragraph or a joined listing block belongs to', () => {
    expect(entryTermsAt(OPTIONS, at('not an ancestor'))).toEqual(['--force-with-lease', '--force-with-lease=<refname>']);
    expect(entryTermsAt(OPTIONS, at('The protection'))).toEqual(['--force-with-lease', '--force-with-lease=<refname>']);
    expect(entryTermsAt(OPTIONS, at('changes your work'))).toEqual(['--force-with-lease', '--force-with-lease=<refname>']);
    expect(entryTermsAt(OPTIONS, at('After the listing'))).toEqual(['--force-with-lease', '--force-with-lease=<refname>']);
    expect(entryTermsAt(OPTIONS, at('Suppress all'))).toEqual(['-q', '--quiet']);
  });

  it('says nothing outside an entry: before the first term, after a title, in an unjoined paragraph', () => {
    expect(entryTermsAt(OPTIONS, at('--force-with-lease::'))).toBeUndefined();
    expect(entryTermsAt(OPTIONS, at('A paragraph under'))).toBeUndefined();
    const prose = 'term::\n\tIts description.\n\nA paragraph after the list, not joined to it.\nIts second line.';
    expect(entryTermsAt(prose, prose.indexOf('Its second line'))).toBeUndefined();
    expect(entryTermsAt(prose, prose.indexOf('description'))).toEqual(['term']);
  });

  it('reads an "Example::" paragraph or a sentence ending in "::" as no term', () => {
    const text = 'This is a long sentence that introduces a literal block.::\n\n    code here\n\nmore text';
    expect(entryTermsAt(text, text.indexOf('more'))).toBeUndefined();
  });

  it("names the reST object description whose body a chunk starts in, a method's inside its class", () => {
    const reference = [
      '.. function:: dump(obj, fp, *, indent=None)',
      '',
      '   Serialize *obj* as a JSON formatted stream to *fp*.',
      '',
      '   If *indent* is a non-negative integer or string, then JSON array elements',
      '   will be pretty-printed with that indent level.',
      '',
      '.. class:: JSONEncoder(*, indent=None)',
      '',
      '   Extensible JSON encoder.',
      '',
      '   .. method:: encode(o)',
      '',
      '      Return a JSON string representation of a Python data structure.',
      '',
      'Plain text after the reference.',
    ].join('\n');
    const at = (words: string) => reference.indexOf(words);
    expect(entryTermsAt(reference, at('If *indent*'))).toEqual(['dump']);
    expect(entryTermsAt(reference, at('Extensible'))).toEqual(['JSONEncoder']);
    expect(entryTermsAt(reference, at('Return a JSON'))).toEqual(['JSONEncoder.encode']);
    expect(entryTermsAt(reference, at('Plain text'))).toBeUndefined();
    expect(entryTermsAt('.. note::\n\n   Indented under a note.', 12)).toBeUndefined();
    // A chunk cut inside the directive's own line starts its description.
    expect(entryTermsAt(reference, at('fp, *, indent=None)'))).toEqual(['dump']);
    expect(entryTermsAt(reference, at('indent=None)\n\n   Extensible'))).toEqual(['JSONEncoder']);
  });

  it('names the object description a chunk starts in when it starts deeper, inside a literal block of its body', () => {
    const page = ".. classmethod:: datetime.fromisoformat(date_string)\n\n   Return a datetime.  Examples::\n\n      >>> datetime.fromisoformat('2011-11-04')\n      datetime.datetime(2011, 11, 4, 0, 0)\n";
    expect(entryTermsAt(page, page.indexOf('datetime.datetime(2011'), { restructured: true })).toEqual(['datetime.fromisoformat']);
    expect(entryTermsAt('.. note::\n\n   Example::\n\n      x = 1\n', 30, { restructured: true })).toBeUndefined();
  });

  it('names the info field a chunk starts inside the description of, with its object', () => {
    const page = [
      '.. class:: HOTP(key, length, algorithm, *, enforce_key_length=True)',
      '',
      '    :param key: Per-user secret key.',
      '    :param bool enforce_key_length: A boolean flag defaulting to True that toggles whether a minimum',
      '        key length of 128 bits is enforced. This',
      '        exists to work around the Google Authenticator PAM module.',
      '    :raises ValueError: This is raised if the provided',
      '        ``key`` is shorter than 128 bits.',
    ].join('\n');
    const at = (words: string) => page.indexOf(words);
    expect(entryTermsAt(page, at('exists to work'), { restructured: true })).toEqual(['`HOTP` parameter `enforce_key_length`']);
    expect(entryTermsAt(page, at('``key`` is shorter'), { restructured: true })).toEqual(['`HOTP` raises `ValueError`']);
    // A chunk that starts at the field reads its name itself; the object is still the one described.
    expect(entryTermsAt(page, at(':param key:'), { restructured: true })).toEqual(['HOTP']);
  });

  it('round-trips through the heading that carries it, and ordinary headings carry none', () => {
    expect(termsOfEntryHeading(entryHeading(['-u', '--include-untracked']))).toEqual(['-u', '--include-untracked']);
    expect(termsOfEntryHeading('OPTIONS')).toBeUndefined();
    expect(termsOfEntryHeading(undefined)).toBeUndefined();
  });
});

describe('chunks inside an entry', () => {
  it('end their heading path with the entry they continue; a chunk that starts at a term does not', () => {
    const chunks = chunkDocument({ text: OPTIONS, sections: [{ text: OPTIONS, headings: ['git-push(1)', 'OPTIONS'] }] }, { chunkSize: 120, overlap: 0 });
    const continuing = chunks.find((chunk) => chunk.text.startsWith('The protection'));
    expect(continuing?.headings).toEqual(['git-push(1)', 'OPTIONS', entryHeading(['--force-with-lease', '--force-with-lease=<refname>'])]);
    expect(chunks[0]!.headings).toEqual(['git-push(1)', 'OPTIONS']);
    const title = chunks.find((chunk) => chunk.text.startsWith('EXAMPLES'));
    expect(title?.headings).toEqual(['git-push(1)', 'OPTIONS']);
  });
});

describe('entryTermsAt in plain text (a reference page saved as text)', () => {
  const page = ['OPTIONS', '', '-u', '', '--include-untracked', '', 'When used with the push and save commands, all untracked files are also stashed and then cleaned up.', '', 'A paragraph of the page that no term heads.'].join('\n');

  it("names the terms above the description paragraph a chunk starts inside of", () => {
    expect(entryTermsAt(page, page.indexOf('all untracked'))).toEqual(['-u', '--include-untracked']);
  });

  it('names none for a chunk starting at a term, or in a later paragraph that nothing ties to the entry', () => {
    expect(entryTermsAt(page, page.indexOf('--include-untracked'))).toBeUndefined();
    expect(entryTermsAt(page, page.indexOf('no term heads'))).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { closesFence, codeOf, fencedSegments, fenceOpenedBy } from './code-fences';

describe('fenced code blocks (CommonMark)', () => {
  it('opens with three or more backticks or tildes and closes with as many or more of the same', () => {
    expect(fenceOpenedBy('```ts')).toEqual({ marker: '```', info: 'ts' });
    expect(fenceOpenedBy('   ~~~~')).toEqual({ marker: '~~~~', info: '' });
    expect(fenceOpenedBy('    ```')).toBeUndefined();
    expect(fenceOpenedBy('``` a`b')).toBeUndefined();
    expect(fenceOpenedBy('``not a fence')).toBeUndefined();
    const fence = fenceOpenedBy('````')!;
    expect(closesFence('````', fence)).toBe(true);
    expect(closesFence('`````  ', fence)).toBe(true);
    expect(closesFence('```', fence)).toBe(false);
    expect(closesFence('~~~~', fence)).toBe(false);
    expect(closesFence('```` x', fence)).toBe(false);
  });

  it('splits text into prose and code runs, an unclosed block running to the end', () => {
    const text = 'Install it:\n```sh\nnpm install\n```\n```js\nrun()\n```\nThen:\n~~~\nopen';
    expect(fencedSegments(text)).toEqual([
      { code: false, lines: ['Install it:'] },
      { code: true, lines: ['```sh', 'npm install', '```'] },
      { code: true, lines: ['```js', 'run()', '```'] },
      { code: false, lines: ['Then:'] },
      { code: true, lines: ['~~~', 'open'] },
    ]);
  });

  it('reads the start of a text cut from inside a block as code, up to its first bare fence', () => {
    expect(fencedSegments('  x = 1\n```\nDone.', { startsInside: true })).toEqual([
      { code: true, lines: ['  x = 1', '```'] },
      { code: false, lines: ['Done.'] },
    ]);
  });

  it("gives a block's code without its fences, and its language", () => {
    expect(codeOf({ code: true, lines: ['```ts', 'const a = 1;', '', 'run(a);', '```'] })).toEqual({ language: 'ts', code: 'const a = 1;\n\nrun(a);' });
    expect(codeOf({ code: true, lines: ['~~~', 'open'] })).toEqual({ language: '', code: 'open' });
  });
});

import { describe, expect, it } from 'vitest';
import { addAttachments, FILES_REFUSED_MESSAGE, TOO_MANY_FILES_MESSAGE } from './attachment-choice';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('addAttachments (spec 03 §5)', () => {
  it('adds supported files, a .csv whatever its type, and one of exactly 10 MB', () => {
    const chosen = [file('a.png', 'image/png'), file('b.csv', 'application/x-odd'), file('c.pdf', 'application/pdf', 10 * 1024 * 1024)];
    expect(addAttachments([], chosen)).toEqual({ files: chosen });
  });

  it('adds none when one is too big or unsupported', () => {
    const current = [file('a.txt', 'text/plain')];
    expect(addAttachments(current, [file('ok.txt', 'text/plain'), file('big.pdf', 'application/pdf', 10 * 1024 * 1024 + 1)])).toEqual({ files: current, error: FILES_REFUSED_MESSAGE });
    expect(addAttachments(current, [file('tool.exe', 'application/x-msdownload')])).toEqual({ files: current, error: FILES_REFUSED_MESSAGE });
  });

  it('keeps to five files a ticket', () => {
    const five = Array.from({ length: 5 }, (_, index) => file(`${index}.txt`, 'text/plain'));
    expect(addAttachments(five, [file('six.txt', 'text/plain')])).toEqual({ files: five, error: TOO_MANY_FILES_MESSAGE });
  });
});

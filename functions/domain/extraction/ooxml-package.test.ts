import { describe, expect, it } from 'vitest';
import { extractDocument } from './extract-document';
import { minimalDocx } from './fixture-builders';
import { resolvePartPath } from './ooxml-package';

/** Rewrites every central-directory entry to declare `size` uncompressed bytes, as a zip bomb does. */
function declareUncompressedSize(zip: Uint8Array, size: number): Uint8Array {
  const patched = new Uint8Array(zip);
  const view = new DataView(patched.buffer);
  for (let offset = 0; offset + 46 <= patched.length; offset += 1) {
    if (view.getUint32(offset, true) === 0x02014b50) view.setUint32(offset + 24, size, true);
  }
  return patched;
}

describe('OOXML packages', () => {
  it('refuses a package whose entries declare more than the limit before inflating anything', async () => {
    const bomb = declareUncompressedSize(await minimalDocx([{ paragraph: 'tiny' }]), 0x7fffffff);
    await expect(extractDocument({ bytes: bomb, fileName: 'bomb.docx', mimeType: '' })).rejects.toMatchObject({
      failure: 'too_large',
      message: 'File is too large or complex to process',
    });
  });

  it('resolves relationship targets against the source part', () => {
    expect(resolvePartPath('ppt/slides/', '../notesSlides/notesSlide1.xml')).toBe('ppt/notesSlides/notesSlide1.xml');
    expect(resolvePartPath('ppt/', 'slides/slide2.xml')).toBe('ppt/slides/slide2.xml');
    expect(resolvePartPath('word/', '/word/media/image1.png')).toBe('word/media/image1.png');
  });
});
